import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app: built to dist/ and served by the API server (server/main.ts) in one process.
// `npm run dev` proxies /api to a server started separately on :8080.
//
// Besides the app (index.html), the browser label engine (src/print/browser/index.ts) is an
// entry of its own whose exports are kept, so a page can import it without the app; the
// manifest (dist/.vite/manifest.json) names its hashed file. The render pool's module Web
// Worker (`new Worker(new URL('./page-worker.ts', import.meta.url), { type: 'module' })`)
// is built as an ES module, since it imports the engine's chunks; the engine's Wasm module
// is an asset (`?url`), dist/assets/assetmark_engine-<hash>.wasm.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html', 'print-engine': 'src/print/browser/index.ts' },
      preserveEntrySignatures: 'exports-only',
    },
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
