#!/usr/bin/env node
// The server as production runs it (ADR 0046): apps/server/src/main.ts and the workspace
// packages it imports bundled by esbuild into apps/server/dist/main.mjs, run by plain `node`.
// Under tsx every request paid for its loader's transforms: esbuild's keepNames wraps each
// function made at run time in a naming call, about 10% of the CPU of a small request
// (bench/json-route.bench.ts). Packages from node_modules stay imports; the bundle is a local
// build product (ignored by git), rebuilt when a source is newer than it.
//
//   node scripts/build-server.mjs     builds when stale, prints the bundle's path
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');
const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/core/src')];

function newestMtime(dir) {
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function serverBundleIsStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  const inputs = [...sources, path.join(root, 'apps/server/package.json')];
  return inputs.some((s) => newestMtime(s) > built);
}

/**
 * Sources find files beside them with `import.meta.dirname` (migrations, the console's build):
 * in a bundle that would be the bundle's folder, so each source file gets its own folder written
 * in. The bundle is built where it runs, so these absolute paths hold.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      return {
        contents: text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies)
    .filter((d) => !d.startsWith('@dastak/'))
    .flatMap((d) => [d, `${d}/*`]);
  const result = await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Run with --enable-source-maps: stack traces name the sources' files and lines.
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceDirname],
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // Written beside and renamed (the map first): a test that builds at the same moment never
  // runs half a file.
  const files = result.outputFiles.sort(
    (x, y) => Number(y.path.endsWith('.map')) - Number(x.path.endsWith('.map')),
  );
  for (const file of files) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
  return SERVER_BUNDLE;
}

export async function ensureServerBuild() {
  if (serverBundleIsStale()) {
    await buildServer();
    // esbuild's service process would otherwise stay beside the server for its whole life.
    await stop();
  }
  return SERVER_BUNDLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(await ensureServerBuild());
}
