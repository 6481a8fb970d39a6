import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = { port: 5173, host: '127.0.0.1', strictPort: true };

export default defineConfig({
  plugins: [react()],
  server,
  preview: server,
  build: {
    // scripts/report-bundle.ts reads the manifest to measure what `/` loads up front.
    manifest: true,
  },
});
