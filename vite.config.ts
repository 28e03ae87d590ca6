import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app: built to dist/ and served by the API server (server/main.ts) in one process.
// `npm run dev` proxies /api to a server started separately on :8080.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
