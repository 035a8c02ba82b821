// npm start: build what is stale, then run one server process (API, live events and the console).
import { spawn } from 'node:child_process';
import { buildStale, root } from './lib.mjs';

await buildStale();
const child = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
