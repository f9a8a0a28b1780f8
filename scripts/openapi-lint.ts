// Usage: npx tsx scripts/openapi-lint.ts [out.json]
//
// Builds the app on a throwaway PGlite database, takes the OpenAPI document it serves at
// /api/docs/json, writes it to .tmp/openapi/openapi.json (or the given path) and lints it with
// Redocly (rules: redocly.yaml). Fails on any error AND any warning: `redocly lint` itself
// exits 0 on warnings, so the problems are counted here from its JSON report.
// Why: docs/decisions/0020-openapi-contract.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDb } from '../apps/server/src/db/client';

const root = path.resolve(import.meta.dirname, '..');
const outFile = path.resolve(process.argv[2] ?? path.join(root, '.tmp/openapi/openapi.json'));

async function dumpDocument() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const dbHandle = await openDb({ dataDir });
    const app = await buildApp({ config, dbHandle, logger: false });
    try {
      const res = await app.inject({ url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
      fs.mkdirSync(path.dirname(outFile), { recursive: true });
      fs.writeFileSync(outFile, `${JSON.stringify(res.json(), null, 2)}\n`);
    } finally {
      await app.close();
      await dbHandle.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

function lint(): number {
  const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', outFile, '--config', path.join(root, 'redocly.yaml'), '--format=json'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // No usage reports or update checks from CI, and no banner in the log.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) {
    process.stderr.write(`${run.stdout}\n${run.stderr}\nredocly lint gave no JSON report\n`);
    return 1;
  }
  const report = JSON.parse(run.stdout.slice(start)) as {
    totals: { errors: number; warnings: number };
    problems: Problem[];
  };
  for (const p of report.problems) {
    const where = p.location?.[0]?.pointer ?? '';
    console.log(`${p.severity.padEnd(5)} ${p.ruleId}: ${p.message}  ${where}`);
  }
  const { errors, warnings } = report.totals;
  const paths = Object.keys(JSON.parse(fs.readFileSync(outFile, 'utf8')).paths ?? {}).length;
  console.log(
    `openapi lint: ${errors} error(s), ${warnings} warning(s) in ${paths} paths (${path.relative(root, outFile)})`,
  );
  return errors + warnings === 0 && run.status === 0 ? 0 : 1;
}

await dumpDocument();
process.exit(lint());
