import path from 'node:path';
import { buildTemplate, TEMPLATE_ENV } from './db-template';

/**
 * vitest globalSetup of the server projects: the migrated template database of the run
 * (db-template.ts). Runs in vitest's own process before any worker starts; the workers inherit
 * the environment variable. Two projects of one run share the template their first setup made.
 */
export default async function setup() {
  if (process.env[TEMPLATE_ENV]) return;
  const root = path.resolve(import.meta.dirname, '../../../..');
  const started = performance.now();
  const { template, remove } = await buildTemplate(process.env.TEST_DATABASE_URL, root);
  process.env[TEMPLATE_ENV] = template;
  const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const ms = Math.round(performance.now() - started);
  console.log(`server tests: migrated ${engine} template in ${ms} ms (${template})`);
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await remove();
  };
}
