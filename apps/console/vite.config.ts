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
    bundleBudget([
      { screen: 'orders list', routeModule: 'src/app/routes/orders-list-route.tsx', maxKb: 200 },
      {
        screen: 'unverified orders',
        routeModule: 'src/app/routes/unverified-orders-list-route.tsx',
        maxKb: 200,
      },
      // Issue 11: the dashboard's map within 250 kB; the on-time chart may load after it.
      { screen: 'dashboard', routeModule: 'src/app/routes/dashboard-route.tsx', maxKb: 250 },
      // Issue 13: the shift schedule grid, hover cards and dialogs included.
      { screen: 'shifts', routeModule: 'src/app/routes/shifts-route.tsx', maxKb: 200 },
      // Issue 13: attendance with its filters, date pickers and donuts; maps and dialogs after.
      { screen: 'attendance', routeModule: 'src/app/routes/attendance-route.tsx', maxKb: 250 },
    ]),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Terser packs about 4% tighter than esbuild after gzip: the margin that keeps the orders
    // list within its 200 kB budget (bundle-budget.ts) for a few seconds more build time.
    minify: 'terser',
    terserOptions: { compress: { passes: 3 } },
    chunkSizeWarningLimit: 1500,
  },
});
