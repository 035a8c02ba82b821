/**
 * A jest reporter that prints, after the run, how long each project took and each of its slowest files (wall time
 * of the file in its worker), so CI's log shows where the minutes go. docs/testing.md keeps the measured tables.
 * `TIMING_JSON=path` also writes every file's time as JSON.
 */
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');

class TimingReporter {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
    this.files = [];
  }

  onTestResult(test, result) {
    const name = test.context.config.displayName;
    this.files.push({
      project: (typeof name === 'string' ? name : name?.name) ?? 'default',
      file: relative(this.root, result.testFilePath),
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests,
    });
  }

  onRunComplete() {
    if (this.files.length === 0) return;
    const projects = new Map();
    for (const f of this.files) {
      const p = projects.get(f.project) ?? { seconds: 0, files: 0, tests: 0 };
      p.seconds += f.seconds;
      p.files += 1;
      p.tests += f.tests;
      projects.set(f.project, p);
    }
    const lines = ['', 'Time per project (files run one after another in a worker; with more workers they overlap):'];
    for (const [name, p] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
      lines.push(
        `  ${name.padEnd(11)} ${p.seconds.toFixed(0).padStart(5)} s  ${String(p.files).padStart(3)} files  ${String(p.tests).padStart(5)} tests`,
      );
    }
    lines.push('Slowest files:');
    for (const f of [...this.files].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
      lines.push(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.project.padEnd(11)} ${f.file}`);
    }
    console.log(lines.join('\n'));
    if (process.env.TIMING_JSON) writeFileSync(process.env.TIMING_JSON, JSON.stringify(this.files, null, 2));
  }
}

module.exports = TimingReporter;
