import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import {
  customPropertiesMentionedIn,
  dropUnreadCustomProperties,
} from './build/drop-unread-custom-properties.ts';

const server = { port: 5173, host: '127.0.0.1', strictPort: true };
const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  server,
  preview: server,
  css: {
    // Bulma's Sass uses if(), which Dart Sass now warns about: its warnings are not ours to fix.
    preprocessorOptions: { scss: { quietDeps: true } },
    postcss: {
      // The build drops the Bulma variables nothing reads (a third of the CSS); the dev server keeps
      // them all, so a variable an edit starts to read works before the next build rescans src/.
      plugins:
        command === 'build'
          ? [
              dropUnreadCustomProperties({
                prefix: '--bulma-',
                keep: customPropertiesMentionedIn(src, '--bulma-', ['.ts', '.tsx', '.css', '.scss']),
              }),
            ]
          : [],
    },
  },
  build: {
    // scripts/report-bundle.ts reads the manifest to measure what `/` loads up front.
    manifest: true,
  },
}));
