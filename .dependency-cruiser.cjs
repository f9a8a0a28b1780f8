/**
 * Import boundaries the lint enforces (DESIGN rule 1; docs/decisions/0059-import-boundaries.md).
 * `npm run lint:deps` runs it, with scripts/check-boundaries.mjs, which also fails on a circle
 * between two server modules or two console features (a graph of folders, which these file rules
 * cannot see).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file that imports itself through others: break the circle (a shared file).',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'server-module-internals',
      severity: 'error',
      comment:
        "A server module reaches another only through that module's public.ts (the functions others may call).",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/public\\.ts$'],
      },
    },
    {
      name: 'console-feature-internals',
      severity: 'error',
      comment:
        "A console feature reaches another only through that feature's public.ts; what several share lives in components/ or lib/.",
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: {
        path: '^apps/console/src/features/[^/]+/',
        pathNot: [
          '^apps/console/src/features/$1/',
          '^apps/console/src/features/[^/]+/public\\.ts$',
        ],
      },
    },
    {
      name: 'console-shared-below-features',
      severity: 'error',
      comment:
        'components/ and lib/ are below the features: they import no feature and not the app.',
      from: { path: '^apps/console/src/(components|lib)/' },
      to: { path: '^apps/console/src/(features|app)/' },
    },
    {
      name: 'console-features-below-app',
      severity: 'error',
      comment: 'The app composes the features; a feature does not import the app.',
      from: { path: '^apps/console/src/features/' },
      to: { path: '^apps/console/src/app/' },
    },
    {
      name: 'rider-app-apart',
      severity: 'error',
      comment:
        'The rider app (ADR 0063) is its own entry: it imports core, not the staff console or the customer pages.',
      from: { path: '^apps/console/src/rider/' },
      to: { path: '^apps/console/src/(?!rider/)' },
    },
    {
      name: 'console-not-rider-app',
      severity: 'error',
      comment: 'The staff console and the customer pages do not import the rider app (ADR 0063).',
      from: { path: '^apps/console/src/(?!rider/)' },
      to: { path: '^apps/console/src/rider/' },
    },
    {
      name: 'core-below-apps',
      severity: 'error',
      comment: 'core is shared by every app and imports none of them.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
