#!/usr/bin/env node
// npm run lint:deps: the import boundaries of DESIGN rule 1, enforced
// (docs/decisions/0059-import-boundaries.md).
//  1. dependency-cruiser's rules (.dependency-cruiser.cjs): no file circle, no reach into another
//     server module's or console feature's internals (only its public.ts), components/ and lib/
//     below the features, the features below the app, core below every app.
//  2. No circle between folders: server modules (apps/server/src/modules/*) and console features
//     (apps/console/src/features/*), each taken as one node. Two modules that import each other
//     only through their public files break no file rule, yet cannot be understood, tested or
//     moved apart: the graph the next engineer draws must have no circle.
// Exits 1 and names each violation; prints the folder graphs' sizes when clean.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const ROOT = path.resolve(import.meta.dirname, '..');
process.chdir(ROOT);
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs'));
const SOURCES = ['apps/server/src', 'apps/console/src', 'apps/rider/src', 'packages/core/src'];
const FOLDERS = [
  { label: 'server modules', prefix: 'apps/server/src/modules/' },
  { label: 'console features', prefix: 'apps/console/src/features/' },
];

// The rider app's sources join when they exist.
const existing = SOURCES.filter((dir) => fs.existsSync(dir));

const { output } = await cruise(existing, {
  validate: true,
  ruleSet: { forbidden: config.forbidden },
  ...config.options,
});

let failed = 0;
for (const v of output.summary.violations) {
  failed += 1;
  const via = v.cycle ? ` (circle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : '';
  console.error(`${v.rule.name}: ${v.from} → ${v.to}${via}`);
}

/** Tarjan's strongly connected components: each one with two or more nodes is a circle. */
function circles(nodes, edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (n) => {
    const s = { index, low: index, onStack: true };
    index += 1;
    state.set(n, s);
    stack.push(n);
    for (const m of edges.get(n) ?? []) {
      const t = state.get(m);
      if (!t) {
        visit(m);
        s.low = Math.min(s.low, state.get(m).low);
      } else if (t.onStack) s.low = Math.min(s.low, t.index);
    }
    if (s.low === s.index) {
      const component = [];
      let m;
      do {
        m = stack.pop();
        state.get(m).onStack = false;
        component.push(m);
      } while (m !== n);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const n of nodes) if (!state.has(n)) visit(n);
  return found;
}

for (const { label, prefix } of FOLDERS) {
  const folderOf = (file) =>
    file.startsWith(prefix) ? file.slice(prefix.length).split('/')[0] : undefined;
  const edges = new Map();
  const why = new Map();
  for (const mod of output.modules) {
    const from = folderOf(mod.source);
    if (!from) continue;
    for (const dep of mod.dependencies) {
      const to = folderOf(dep.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from}>${to}`;
      if (!why.has(key)) why.set(key, `${mod.source} → ${dep.resolved}`);
    }
  }
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])];
  const found = circles(nodes, edges);
  for (const component of found) {
    failed += 1;
    const inside = new Set(component);
    const links = component.flatMap((a) =>
      [...(edges.get(a) ?? [])]
        .filter((b) => inside.has(b))
        .map((b) => `    ${why.get(`${a}>${b}`)}`),
    );
    console.error(`${label}: a circle between ${component.join(', ')}:\n${links.join('\n')}`);
  }
  if (found.length === 0) {
    const count = [...edges.values()].reduce((n, s) => n + s.size, 0);
    console.log(`${label}: ${nodes.length} folders, ${count} links between them, no circle`);
  }
}

if (failed > 0) {
  console.error(
    `\n${failed} import boundary violation(s): docs/decisions/0059-import-boundaries.md`,
  );
  process.exit(1);
}
console.log(`import boundaries: ${output.summary.totalCruised} files, no violation`);
