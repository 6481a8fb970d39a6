import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import {
  customPropertiesMentionedIn,
  dropUnreadCustomProperties,
} from './build/drop-unread-custom-properties.ts';
import { stylesheetFirst } from './build/stylesheet-first.ts';

const listen = { port: 5173, host: '127.0.0.1', strictPort: true };
const ui = fileURLToPath(new URL('.', import.meta.url));
const src = join(ui, 'src');
const project = join(ui, '..');
/**
 * CORS for exactly the UI's origins (UI_ORIGINS), not Vite's default of any localhost port: a page
 * another local app serves must not read the UI server's modules.
 */
const uiOrigins = (process.env.UI_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

/**
 * What the dev server may hand out under /@fs/ and the like: the UI and the installed packages,
 * never the rest of the project, and never a secret wherever it lies (.data/ holds the JWT and
 * webhook secrets; Vite's own list of key and env files stays). Vite replaces its deny list with
 * ours, so its defaults are repeated.
 */
const fs = {
  strict: true,
  allow: [ui, join(project, 'node_modules')],
  deny: [
    '.env',
    '.env.*',
    '*.{crt,pem,key,p12,pfx,cer,der}',
    '.npmrc',
    '.yarnrc.yml',
    '**/.git/**',
    '**/.data',
    '**/.data/**',
    '*secret*',
    '**/*secret*/**',
  ],
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), stylesheetFirst()],
  server: { ...listen, fs, cors: { origin: uiOrigins } },
  preview: listen,
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
  build: isSsrBuild
    ? // The server's entry (src/prerender.tsx): code only, the browser's build has the files.
      { copyPublicDir: false }
    : {
        // scripts/report-bundle.ts reads the manifest to measure what `/` loads up front.
        manifest: true,
      },
}));
