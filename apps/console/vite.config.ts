import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path: this config is bundled on its own, and core's package entry points are TypeScript.
import { PUBLIC_PAGE_ROOTS } from '../../packages/core/src/states';
import { bundleBudget } from './bundle-budget';
import { precompress } from './precompress';
import { RIDER_BASE, riderPwa } from './rider-build';

/**
 * Three entries, built one after the other (`npm run build` runs them all): the staff console
 * (index.html) and the customer pages (customer.html, CONSOLE_ENTRY=customer; ADR 0039). Built
 * together, Rollup moves React and core into a chunk both entries share, and that split alone
 * costs every staff screen 1.4 kB gzipped (orders list 198.9 -> 200.5 kB, over its budget) for
 * nothing they use. The server answers the public paths with customer.html.
 */
const customerEntry = process.env.CONSOLE_ENTRY === 'customer';
/**
 * The third build (CONSOLE_ENTRY=rider, ADR 0063): the rider PWA at /rider/, into dist/rider
 * with its own manifest, icons and service worker (rider-build.ts).
 */
const riderEntry = process.env.CONSOLE_ENTRY === 'rider';
// The task list on a cheap phone: issue 30 allows 120 kB; on Preact (ADR 0070) it is about 22, and
// the budget keeps it near there (no Mantine, no router, no query lib).
const riderBudgets = [{ screen: 'rider task list', entry: 'rider', maxKb: 35 }];
// The customer pages on cheap phones: about 15 kB on Preact (ADR 0070; 100 kB allowed by ADR
// 0039 under React); the live page's map loads after.
const customerBudgets = [{ screen: 'customer pages', entry: 'customer', maxKb: 25 }];

/**
 * The customer pages and the rider app render with Preact's React-compatible layer (ADR 0070):
 * on a cheap phone, parsing and running react-dom (60 kB gzipped) was most of the pages' main
 * thread. Same components and hooks; the staff console and the dev server keep React.
 */
const preactForPhones =
  customerEntry || riderEntry
    ? [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      ]
    : [];

/** The dev server opens the customer entry on the public paths, as the built server does. */
function customerPagesInDev(): Plugin {
  const roots = new Set<string>(PUBLIC_PAGE_ROOTS);
  return {
    name: 'dastak-customer-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const root = req.url?.split('?', 1)[0]?.split('/')[2];
        if (req.method === 'GET' && root && roots.has(root)) req.url = '/app/customer.html';
        next();
      });
    },
  };
}

// The server mounts the built console under /app and the API under /api, so the dev server
// mirrors that: same base, and /api proxied to a locally running server.
export default defineConfig({
  base: riderEntry ? RIDER_BASE : '/app/',
  // The console's public files (favicon, the staff push worker) are not the rider app's.
  publicDir: riderEntry ? false : 'public',
  plugins: [
    react(),
    customerPagesInDev(),
    ...(riderEntry ? [riderPwa()] : []),
    // .br and .gz beside each built file, served as they are (ADR 0065).
    precompress(),
    // The orders list within 200 kB of gzipped JavaScript before it shows.
    bundleBudget(
      riderEntry
        ? riderBudgets
        : customerEntry
          ? customerBudgets
          : [
              {
                screen: 'orders list',
                routeModule: 'src/app/routes/orders-list-route.tsx',
                maxKb: 200,
              },
              {
                screen: 'unverified orders',
                routeModule: 'src/app/routes/unverified-orders-list-route.tsx',
                maxKb: 200,
              },
              // The dashboard's map within 250 kB (ADR 0027); the on-time chart may load after it.
              {
                screen: 'dashboard',
                routeModule: 'src/app/routes/dashboard-route.tsx',
                maxKb: 250,
              },
              // The shift schedule grid, hover cards and dialogs included.
              { screen: 'shifts', routeModule: 'src/app/routes/shifts-route.tsx', maxKb: 200 },
              // Attendance with its filters, date pickers and donuts; maps and dialogs after.
              {
                screen: 'attendance',
                routeModule: 'src/app/routes/attendance-route.tsx',
                maxKb: 250,
              },
              // The reporting dashboard's filters and tables; the charts load after them.
              {
                screen: 'reporting dashboard',
                routeModule: 'src/app/routes/reporting-dashboard-route.tsx',
                maxKb: 250,
              },
            ],
    ),
  ],
  resolve: { alias: preactForPhones },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: riderEntry ? 'dist/rider' : 'dist',
    sourcemap: true,
    // Terser packs about 4% tighter than esbuild after gzip: the margin that keeps the orders
    // list within its 200 kB budget (bundle-budget.ts) for a few seconds more build time.
    minify: 'terser',
    terserOptions: { compress: { passes: 3 } },
    // Staff use current Chrome, which preloads modules natively: the polyfill would only cost the
    // shell bytes (newer screens left the orders list and dashboard at their budgets).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    // The second build adds the customer pages beside the first's files.
    emptyOutDir: !customerEntry,
    rollupOptions: {
      input: riderEntry
        ? { rider: 'rider.html' }
        : customerEntry
          ? { customer: 'customer.html' }
          : { main: 'index.html' },
    },
  },
});
