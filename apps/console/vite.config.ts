import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';

// The server mounts the built console under /app and the API under /api, so the dev server
// mirrors that: same base, and /api proxied to a locally running server.
export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
    // Issue 4: the orders list within 200 kB of gzipped JavaScript before it shows.
    bundleBudget([]),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
