// npm test: every suite, in one jest run.
// Where the tests find their services (docs/testing.md):
//   TEST_DATABASE_URL / TEST_REDIS_URL set      -> PostgreSQL and Redis there (CI, this machine);
//   unset, a Docker engine answers              -> PostgreSQL and Redis in testcontainers;
//   neither                                     -> embedded PostgreSQL only: the PostgreSQL and
//                                                  multi-replica suites are skipped, loudly.
// Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, root } from './lib.mjs';

const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
const args = process.argv.slice(2);
// `npm run test:quick`: the inner loop, under three minutes on two cores. The pure rules, the client's components and
// every API suite on PostgreSQL, without the route-walking fuzz (jest.config.cjs); not the second database, the
// realtime replicas or the browser. `npm test` runs everything.
if (args[0] === '--quick') {
  args.shift();
  env.TEST_QUICK = '1';
  args.push('--selectProjects', 'unit', 'client', 'api-pg');
}
const stops = [];

if (!env.TEST_DATABASE_URL || !env.TEST_REDIS_URL) {
  if (dockerAnswers()) {
    const { startContainers } = await import('./testcontainers.mjs');
    const started = await startContainers(env);
    stops.push(started.stop);
  } else if (!args.includes('--selectProjects')) {
    const bar = '!'.repeat(100);
    console.warn(
      `\n${bar}\n! TEST_DATABASE_URL / TEST_REDIS_URL are not set and no Docker engine answers.\n! Running on embedded PostgreSQL only: the PostgreSQL suite (api-pg) and the multi-replica realtime suite are SKIPPED.\n! Set TEST_DATABASE_URL=postgres://… and TEST_REDIS_URL=redis://… to run everything.\n${bar}\n`,
    );
    args.push('--selectProjects', 'unit', 'api-pglite', 'client', 'browser');
  }
}

const summary = join(mkdtempSync(join(tmpdir(), 'jest-')), 'summary.json');
const code = await run(process.execPath, ['node_modules/jest/bin/jest.js', ...args, '--json', `--outputFile=${summary}`], {
  env,
  cwd: root,
});
for (const stop of stops) await stop();
// One plain closing line that any CI reads: "N passed, N failed[, N skipped]".
if (existsSync(summary)) {
  const r = JSON.parse(readFileSync(summary, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(code);

function dockerAnswers() {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
