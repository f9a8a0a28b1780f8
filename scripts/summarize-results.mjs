// Usage: node scripts/summarize-results.mjs <steps.tsv>
//
// Reads the ledger that scripts/test-all.sh writes, one step a line:
//   kind <TAB> label <TAB> exit code <TAB> seconds <TAB> vitest JSON report (or -)
// kind `check` (typecheck, build, lint, openapi lint) counts as one test, passed when it exited 0. Kind
// `vitest` (core; the server suite on PGlite under Node 24 and on PostgreSQL; the once-run server
// files; e2e) counts the tests of its JSON report; a run that left no report counts as one
// failure. Kind `time` (installing what the tests need) is timed only; kind `wall` is the whole
// run's time, which the total shows (the typecheck runs beside other steps). Prints one line per step
// with its time, the total time (with a warning past 30 minutes), then `N passed, N failed` as
// the last line (also written to summary.txt beside the ledger; CI reads it). Exits 1 when
// anything failed. Above that, each failed test with the start of its message: CI keeps only the
// tail of the output, and the name of a failing test alone rarely says why it failed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WARN_AFTER_SECONDS = 30 * 60;

const ledgerPath = process.argv[2];
if (!ledgerPath) {
  console.error('usage: node scripts/summarize-results.mjs <steps.tsv>');
  process.exit(2);
}

function readReport(path) {
  if (path === '-' || !existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function countCheck(exitCode) {
  return exitCode === 0
    ? { passed: 1, failed: 0, skipped: 0, notes: [] }
    : { passed: 0, failed: 1, skipped: 0, notes: [`exit ${exitCode}`] };
}

// A vitest run can fail without a failing test: a file that does not load or a failing
// beforeAll (vitest reports the file as failed with no failed test), an unhandled error, or a
// crash before the report is written. Each of those counts as one failure, so the total never
// says "0 failed" for a red run.
function countVitest(exitCode, report) {
  const notes = exitCode === 0 ? [] : [`exit ${exitCode}`];
  if (!report) {
    return { passed: 0, failed: 1, skipped: 0, notes: [...notes, 'no JSON report'] };
  }
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (file) =>
      file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'),
  );
  let failed = (report.numFailedTests ?? 0) + brokenFiles.length;
  if (brokenFiles.length > 0) notes.push(`${brokenFiles.length} file(s) failed outside a test`);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push('failed outside the tests: see its output');
  }
  if (files.length === 0) notes.push(exitCode === 0 ? 'no test files' : 'no test file ran');
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    notes,
  };
}

const rows = readFileSync(ledgerPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
// A `wall` row (test-all.sh's last) holds the run's own time: steps run side by side overlap.
const wallRow = rows.find((line) => line.startsWith('wall\t'));
const steps = rows
  .filter((line) => !line.startsWith('wall\t'))
  .map((line) => {
    const [kind, label, code, seconds, reportPath] = line.split('\t');
    const exitCode = Number(code);
    const counts =
      kind === 'time'
        ? { passed: 0, failed: 0, skipped: 0, notes: [] }
        : kind === 'check'
          ? countCheck(exitCode)
          : countVitest(exitCode, readReport(reportPath));
    return { kind, label, seconds: Number(seconds) || 0, ...counts };
  });

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text) => text.replace(ANSI_COLOUR, '');

/** `file > test: message`, for every failed test of a vitest report; ANSI colours stripped. */
function failuresOf(report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = stripAnsi((test.failureMessages ?? []).join(' '));
      const short = message.replace(/\s+/g, ' ').trim().slice(0, 400);
      lines.push(`${name} > ${test.fullName ?? test.title}: ${short}`);
    }
    if (file.status === 'failed' && file.message) {
      lines.push(`${name}: ${String(file.message).replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  }
  return lines;
}

const failures = readFileSync(ledgerPath, 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter(([kind]) => kind === 'vitest')
  .flatMap(([, label, , , reportPath]) =>
    failuresOf(readReport(reportPath)).map((line) => `  [${label}] ${line}`),
  );
if (failures.length > 0) console.log(`\nFailures\n${failures.join('\n')}`);

/** 95 -> `1m 35s`. */
const minutes = (seconds) =>
  `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;

const width = Math.max(0, ...steps.map((s) => s.label.length));
console.log('\nResults');
for (const s of steps) {
  const time = minutes(s.seconds).padStart(7);
  if (s.kind === 'time') {
    console.log(`  ${''.padEnd(4)} ${s.label.padEnd(width)}  ${''.padEnd(24)}  [${time}]`);
    continue;
  }
  const mark = s.failed > 0 ? 'FAIL' : 'ok  ';
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : '';
  const notes = s.notes.length > 0 ? `  (${s.notes.join('; ')})` : '';
  console.log(
    `  ${mark} ${s.label.padEnd(width)}  ${String(s.passed).padStart(5)} passed, ` +
      `${String(s.failed).padStart(3)} failed${skipped}  [${time}]${notes}`,
  );
}

// CI's budget for the whole run is 20 minutes (0005); past 30 something has gone slow enough to
// look at before it becomes the norm.
const totalSeconds = wallRow
  ? Number(wallRow.split('\t')[3])
  : steps.reduce((sum, s) => sum + s.seconds, 0);
console.log(`  Total time: ${minutes(totalSeconds)}`);
if (totalSeconds > WARN_AFTER_SECONDS) {
  console.log(
    `\nWARNING: this run took ${minutes(totalSeconds)}, more than ${WARN_AFTER_SECONDS / 60} minutes.\n` +
      'CI expects 20 at most on a quiet machine: find the slow step above (what each should cost:\n' +
      'docs/decisions/0005-test-pipeline.md).\n',
  );
}

const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0);
const total = `${passed} passed, ${failed} failed`;
writeFileSync(join(dirname(ledgerPath), 'summary.txt'), `${total}\n`);
console.log(total);
process.exit(failed > 0 ? 1 : 0);
