// npm run dev: the server recompiling on change (tsc --watch + node --watch) and Vite's dev server
// with hot reload on :5173, proxying /api and /socket.io to the server on :3000.
import { spawn } from 'node:child_process';
import { mustRun, root } from './lib.mjs';

await mustRun('npm', ['run', 'build', '-w', 'server']);
const children = [
  spawn('npx', ['tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=server/dist', 'server/dist/main.js'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'client'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && code !== 0 && process.exitCode === undefined && (process.exitCode = code)));
