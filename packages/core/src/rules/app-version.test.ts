import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../constants';
import { parseChangelog } from './help-docs';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const versionOf = (pkg: string) => (JSON.parse(read(pkg)) as { version: string }).version;

// The side navigation and Release Notes show APP_VERSION; a release bumps it with the packages
// and the changelog, and this test says which one was forgotten.
describe('the running version', () => {
  it('is the version of the console, server and core packages', () => {
    for (const pkg of [
      'apps/console/package.json',
      'apps/server/package.json',
      'packages/core/package.json',
    ])
      expect(versionOf(pkg), pkg).toBe(APP_VERSION);
  });

  it('is the newest released entry of CHANGELOG.md', () => {
    const released = parseChangelog(read('CHANGELOG.md')).filter((r) => r.version !== 'Unreleased');
    expect(released[0]?.version).toBe(APP_VERSION);
  });
});
