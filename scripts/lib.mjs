// Small helpers shared by the root scripts (start, dev, test, bench). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/** Newest modification time under the given paths (files or folders), skipping node_modules and dist. */
export function newest(...paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

export const mtime = (p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0);

/** Runs a command in the repo root with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Builds the client and the server when their sources are newer than their output. */
export async function buildStale() {
  const clientSrc = newest('client/src', 'client/index.html', 'client/vite.config.ts', 'server/src/contracts', 'client/package.json');
  if (clientSrc > mtime('client/dist/index.html')) {
    console.log('Building the client…');
    await mustRun('npm', ['run', 'build', '-w', 'client']);
  }
  const serverSrc = newest('server/src', 'server/tsconfig.json', 'server/tsconfig.build.json', 'tsconfig.json');
  if (serverSrc > mtime('server/dist/main.js')) {
    console.log('Building the server…');
    await mustRun('npm', ['run', 'build', '-w', 'server']);
  }
}
