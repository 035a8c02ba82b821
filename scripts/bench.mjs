// npm run bench: builds what is stale, runs every benchmark under test/bench/ (*.bench.ts, each a standalone
// script in its own process, in name order), then merges their sections into one report:
//   bench/results/bench-<time>.json and .md, copied to latest.json and latest.md (git-ignored), and prints the table.
// Each figure is set against a floor measured in the same run (see each benchmark's header). Needs PostgreSQL at
// TEST_DATABASE_URL and Redis at TEST_REDIS_URL (defaults: the local ones) and Chromium at /usr/bin/chromium.
//   npm run bench -- fanout reads     only the benchmarks whose file name contains one of the words
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { buildStale, root } from './lib.mjs';

const PER_BENCH_LIMIT_MS = 14 * 60_000;
const dir = join(root, 'test', 'bench');
const resultsDir = join(root, 'bench', 'results');
const runDir = join(resultsDir, '.run');
const only = process.argv.slice(2);
const benches = (
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.bench.ts'))
        .sort()
    : []
).filter((f) => only.length === 0 || only.some((w) => f.includes(w)));
if (benches.length === 0) {
  console.log('No benchmarks under test/bench/ match.');
  process.exit(0);
}

await buildStale();
rmSync(runDir, { recursive: true, force: true });
mkdirSync(runDir, { recursive: true });
const machine = machineInfo();
const startedAt = new Date();
console.log(`Benchmarks on ${machine.summary}\n`);

const failures = [];
for (const bench of benches) {
  console.log(`=== ${bench}`);
  const t0 = Date.now();
  const code = await runBench(bench);
  console.log(`=== ${bench}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - t0) / 1000)} s\n`);
  if (code !== 0) failures.push(bench);
}

const sections = readdirSync(runDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(runDir, f), 'utf8')));
const finishedAt = new Date();
machine.loadAverageEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
const report = { startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), machine, failures, sections };
const markdown = toMarkdown(report);
const stamp = startedAt.toISOString().replace(/[:]/g, '-').replace(/\..+/, '');
writeFileSync(join(resultsDir, `bench-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, `bench-${stamp}.md`), markdown);
copyFileSync(join(resultsDir, `bench-${stamp}.json`), join(resultsDir, 'latest.json'));
copyFileSync(join(resultsDir, `bench-${stamp}.md`), join(resultsDir, 'latest.md'));
rmSync(runDir, { recursive: true, force: true });
console.log(markdown);
console.log(`Written: bench/results/bench-${stamp}.json and .md (also latest.json, latest.md)`);
process.exit(failures.length > 0 ? 1 : 0);

function runBench(file) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join('test', 'bench', file)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SWC_NODE_PROJECT: 'server/tsconfig.json', BENCH_RUN_DIR: runDir, NODE_OPTIONS: '' },
    });
    const limit = setTimeout(() => {
      console.error(`${file} ran over ${PER_BENCH_LIMIT_MS / 60_000} minutes: stopping it.`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    }, PER_BENCH_LIMIT_MS);
    const stop = () => child.kill('SIGTERM');
    process.on('SIGINT', stop);
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      process.off('SIGINT', stop);
      resolveRun(code ?? (signal ? 1 : 0));
    });
  });
}

function machineInfo() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const cpu = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown CPU';
  const cores = os.availableParallelism();
  const ramGb = Math.round((os.totalmem() / 1024 ** 3) * 10) / 10;
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    // not a git checkout
  }
  const loadAverageStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const summary = `${cpu}, ${cores} cores (nproc), ${ramGb} GB RAM; Node ${process.version}, ${os.type()} ${os.release()}; commit ${commit}`;
  return { cpu, cores, ramGb, node: process.version, os: `${os.type()} ${os.release()}`, commit, loadAverageStart, summary };
}

function fmt(value, unit) {
  if (value === null || value === undefined) return 'n/a';
  const n = Math.abs(value);
  const digits = unit === 'req/s' || unit === 'errors' ? 0 : n >= 100 ? 0 : n >= 10 ? 1 : 2;
  const text = value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === '%' ? `${text} %` : `${text} ${unit}`;
}

function toMarkdown(r) {
  const lines = [];
  lines.push(`### Benchmark run, ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC`);
  lines.push('');
  lines.push(
    `Machine: ${r.machine.summary}. Load average (1, 5, 15 min) ${r.machine.loadAverageStart.join(', ')} at the start, ${r.machine.loadAverageEnd.join(', ')} at the end.`,
  );
  lines.push('');
  lines.push('| area | measure | console | floor | console ÷ floor | target | met |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const s of r.sections) {
    for (const row of s.rows) {
      const ratio = row.ratio === null || row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`;
      const met = !row.target ? '' : row.met === null || row.met === undefined ? 'n/a' : row.met ? 'yes' : '**no**';
      lines.push(
        `| ${row.area} | ${row.measure} | ${fmt(row.value, row.unit)} | ${row.floor === undefined ? '' : fmt(row.floor, row.unit)} | ${ratio} | ${row.target ?? ''} | ${met} |`,
      );
    }
  }
  lines.push('');
  lines.push('Floors, measured in the same run:');
  for (const s of r.sections) lines.push(`- ${s.name}: ${s.floor} (${s.seconds} s).`);
  const notes = r.sections.flatMap((s) => s.rows.filter((row) => row.note).map((row) => `- ${row.area} · ${row.measure}: ${row.note}`));
  if (notes.length > 0) {
    lines.push('');
    lines.push('Notes:');
    lines.push(...notes);
  }
  if (r.failures.length > 0) {
    lines.push('');
    lines.push(`**Failed benchmarks** (no section or an incomplete one): ${r.failures.join(', ')}.`);
  }
  lines.push('');
  return `${lines.join('\n')}\n`;
}
