import { gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Prints, for each budgeted screen, the gzipped JavaScript a browser must download before that
 * screen shows: the entry chunk, the screen's lazily loaded route chunk, and every chunk either
 * imports statically. Dynamic imports inside the screen (dialogs, maps, the filter panel) are
 * not counted: they load when opened. Over budget fails the build. A budget may name its entry
 * (the customer pages are their own, ADR 0039); without a route module the entry's chunk and
 * its static imports are the whole screen.
 */
export type ScreenBudget = {
  screen: string;
  /** The lazily loaded route module the screen opens; omitted, the entry alone is the screen. */
  routeModule?: string;
  /** The entry (build.rollupOptions.input name) the screen loads from; default 'main'. */
  entry?: string;
  maxKb: number;
};

export function bundleBudget(budgets: readonly ScreenBudget[]): Plugin {
  return {
    name: 'dastak-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entries = chunks.filter((c) => c.isEntry);
      if (entries.length === 0) return;
      // A build of index.html alone names its one entry after the file; it is 'main'.
      const entryNamed = (name: string) =>
        entries.find((c) => c.name === name) ??
        (entries.length === 1 && name === 'main' ? entries[0] : undefined);
      const closure = (start: readonly OutputChunk[]) => {
        const seen = new Set<OutputChunk>();
        const visit = (c: OutputChunk) => {
          if (seen.has(c)) return;
          seen.add(c);
          for (const f of c.imports) {
            const next = byFile.get(f);
            if (next) visit(next);
          }
        };
        for (const c of start) visit(c);
        return [...seen];
      };
      const kb = (cs: readonly OutputChunk[]) =>
        cs.reduce((sum, c) => sum + gzipSync(c.code).length, 0) / 1000; // kB as Vite prints them
      console.log('');
      for (const entry of entries) {
        console.log(
          `bundle budget: shell (${entry.name} entry) ${kb(closure([entry])).toFixed(1)} kB gzipped JS`,
        );
        if (process.env.BUNDLE_BUDGET_VERBOSE) {
          for (const c of closure([entry])) {
            console.log(`  ${kb([c]).toFixed(1).padStart(6)} kB  ${c.fileName}`);
            // Its 25 largest modules, minified but not gzipped: where a shell's weight lies.
            const largest = Object.entries(c.modules)
              .sort(([, a], [, b]) => b.renderedLength - a.renderedLength)
              .slice(0, Number(process.env.BUNDLE_BUDGET_TOP ?? 25));
            for (const [id, m] of largest)
              console.log(
                `      ${(m.renderedLength / 1000).toFixed(1).padStart(6)} kB raw  ${id.replace(/^.*node_modules\//, '')}`,
              );
          }
        }
      }
      for (const b of budgets) {
        const entry = entryNamed(b.entry ?? 'main');
        if (!entry) this.error(`bundle budget: no entry named ${b.entry ?? 'main'}`);
        const { routeModule } = b;
        // The chunk holding the route module (Rollup may merge it with its only importer's
        // modules, leaving no facade), reached through a dynamic import.
        const route = routeModule
          ? chunks.find(
              (c) => c.isDynamicEntry && c.moduleIds.some((id) => id.endsWith(routeModule)),
            )
          : undefined;
        if (routeModule && !route) this.error(`bundle budget: no lazy chunk holds ${routeModule}`);
        const size = kb(closure(route ? [entry, route] : [entry]));
        const verdict = size <= b.maxKb ? 'within' : 'OVER';
        console.log(
          `bundle budget: ${b.screen} loads ${size.toFixed(1)} kB gzipped JS before it shows (${verdict} ${b.maxKb} kB)`,
        );
        // BUNDLE_BUDGET_VERBOSE=1 names the chunks beyond the shell, to see what to trim.
        if (process.env.BUNDLE_BUDGET_VERBOSE && route) {
          const shell = new Set(closure([entry]));
          for (const c of closure([route]).filter((c) => !shell.has(c)))
            console.log(`  ${kb([c]).toFixed(1).padStart(6)} kB  ${c.fileName}`);
        }
        if (size > b.maxKb) this.error(`${b.screen} is over its ${b.maxKb} kB budget`);
      }
    },
  };
}
