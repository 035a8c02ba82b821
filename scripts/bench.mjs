// npm run bench: runs every benchmark under test/bench/ (each a standalone script) in order.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildStale, mustRun, root } from './lib.mjs';

const dir = join(root, 'test', 'bench');
const benches = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()
  : [];
if (benches.length === 0) {
  console.log('No benchmarks under test/bench/ yet.');
  process.exit(0);
}
await buildStale();
const env = { ...process.env, SWC_NODE_PROJECT: 'server/tsconfig.json' };
for (const b of benches) await mustRun(process.execPath, ['-r', '@swc-node/register', join('test', 'bench', b)], { env });
