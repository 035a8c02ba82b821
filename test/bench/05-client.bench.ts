// Client:
//  1. Initial JavaScript: the entry script and modulepreloads of client/dist/index.html, each gzipped (zlib level 6,
//     nginx-like), summed. The floor: a React 19 + react-dom "hello" page built by the same Vite, measured the same way.
//  2. All Trips search keystroke: Chromium (playwright-core, /usr/bin/chromium) signed in as school staff whose school
//     has 10,000 trips, on /trips, typing into "Search destination, notes, or type", median of 20 keystrokes: from
//     keydown to the first frame (requestAnimationFrame) after the character is in the box, and to the first frame
//     after the last DOM change the keystroke caused (the search pauses 250 ms for typing to stop, then asks the server
//     for the matching page and draws it). The floor: the same keystrokes, measured the same way, in a bare <input> on
//     an empty page of the same browser.
//   CHROMIUM_PATH=/usr/bin/chromium
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { hashPassword } from '../../server/src/auth/passwords';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  BENCH_PASSWORD,
  benchSchema,
  log,
  RESULTS_DIR,
  ratio,
  ROOT,
  type Row,
  runBench,
  schemaPool,
  seedTenant,
  startBenchCluster,
  stats,
  writeSection,
} from './support/kit';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SEARCH = 'input[placeholder="Search destination, notes, or type"]';
/** 14 characters narrowing the list, then 6 backspaces widening it again: 20 keystrokes. */
const KEYS = [...'destination 12', ...Array<string>(6).fill('Backspace')];
const TRIPS = 10_000;

/** Gzipped size (bytes) of the initial JavaScript a dist folder's index.html loads: entry script and modulepreloads. */
function initialJs(dist: string): { files: { file: string; bytes: number; gzip: number }[]; gzip: number; bytes: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const srcs = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (srcs.length === 0) throw new Error(`no module script in ${dist}/index.html`);
  const files = srcs.map((src) => {
    const body = readFileSync(join(dist, src.replace(/^\//, '')));
    return { file: src, bytes: body.length, gzip: gzipSync(body, { level: 6 }).length };
  });
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0), bytes: files.reduce((n, f) => n + f.bytes, 0) };
}

/** React 19 + react-dom rendering one paragraph, built by the project's Vite (in bench/results, so node_modules resolve). */
function reactFloor(): ReturnType<typeof initialJs> {
  const dir = join(RESULTS_DIR, '.react-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
  );
  const built = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      dir,
      '--outDir',
      join(dir, 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (built.status !== 0) throw new Error(`vite build of the React floor failed:\n${built.stdout}\n${built.stderr}`);
  const result = initialJs(join(dir, 'dist'));
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/**
 * Records, in the page, keydown time, the first animation frame after the keystroke's first input event (the typed
 * character on screen: `echo`), and the first animation frame after the last DOM change or input event that followed
 * (the list settled: `frame`).
 */
const INSTRUMENT = `
  window.__ks = { t0: 0, last: 0, frame: 0, echo: 0 };
  window.addEventListener('keydown', () => { const k = window.__ks; k.t0 = performance.now(); k.last = 0; k.frame = 0; k.echo = 0; }, true);
  const changed = () => {
    const k = window.__ks;
    if (!k.t0) return;
    const at = performance.now();
    k.last = at;
    requestAnimationFrame(() => { if (k.last === at) k.frame = performance.now(); });
  };
  window.addEventListener('input', () => {
    const k = window.__ks;
    if (k.t0 && !k.echo) requestAnimationFrame(() => { if (!k.echo) k.echo = performance.now(); });
    changed();
  }, true);
  new MutationObserver(changed).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

/** Per keystroke: until the character shows (`echo`), and until the page settled after it (`settled`), in ms. */
async function keystrokes(page: Page, selector: string): Promise<{ echo: number[]; settled: number[] }> {
  await page.click(selector);
  const echo: number[] = [];
  const settled: number[] = [];
  for (const key of KEYS) {
    await page.keyboard.press(key);
    // settled: a frame came after the last change, and nothing changed for 400 ms since (the search's pause before it
    // asks the server, the answer and its render included)
    await page.waitForFunction(
      () => {
        const k = (globalThis as unknown as { __ks: { t0: number; last: number; frame: number } }).__ks;
        return k.frame > 0 && performance.now() - k.last > 400;
      },
      undefined,
      { timeout: 10_000, polling: 50 },
    );
    const times = await page.evaluate(() => {
      const k = (globalThis as unknown as { __ks: { t0: number; frame: number; echo: number } }).__ks;
      return { echo: k.echo - k.t0, settled: k.frame - k.t0 };
    });
    echo.push(times.echo);
    settled.push(times.settled);
  }
  return { echo, settled };
}

let cluster: Cluster | undefined;
let browser: Browser | undefined;
let dropSchema: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};

  log('client: initial JavaScript (gzip) of client/dist and of a React "hello" built by the same Vite');
  const app = initialJs(join(ROOT, 'client', 'dist'));
  const floor = reactFloor();
  rows.push({
    area: 'Client',
    measure: 'initial JavaScript, gzip (entry + modulepreloads)',
    unit: 'kB',
    value: app.gzip / 1000,
    floor: floor.gzip / 1000,
    floorLabel: 'React 19 + react-dom "hello", same Vite',
    ratio: ratio(app.gzip, floor.gzip),
    target: '< 300 kB',
    met: app.gzip / 1000 < 300,
    note: `${app.files.length} files, ${(app.bytes / 1000).toFixed(0)} kB before compression`,
  });
  details.initialJs = { app, floor };

  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const { schema, drop } = await benchSchema('client');
  dropSchema = drop;
  log(`client: starting one replica (schema ${schema}) with a school of ${TRIPS.toLocaleString('en')} trips`);
  cluster = await startBenchCluster(schema, 1);
  const [a] = cluster.replicas;
  const db = schemaPool(schema, 2);
  const t = await seedTenant(db, {
    name: 'Client',
    trips: TRIPS,
    allTripsAtFirstSchool: true,
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  await db.end();

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ baseURL: a.url, viewport: { width: 1280, height: 860 } });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(t.emails[t.staff[0]]);
  await page.getByLabel(/^Password/).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });

  const t0 = Date.now();
  const tripsLoaded = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/api/trips' && r.request().method() === 'GET', { timeout: 30_000 })
    .catch(() => null);
  await page.goto('/trips');
  const search = await page.waitForSelector(SEARCH, { timeout: 20_000 }).catch(() => null);
  const listResponse = search ? await tripsLoaded : null;
  let keystroke: { echo: ReturnType<typeof stats>; settled: ReturnType<typeof stats> } | null = null;
  if (search && listResponse) {
    await page.waitForTimeout(1_000); // the list rendered, live socket connected
    details.tripsPageReadyMs = Date.now() - t0;
    details.tripsListBytes = Number(listResponse.headers()['content-length'] ?? 0) || null;
    // All Trips reads a page at a time; the search asks the server once typing pauses (SEARCH_DELAY_MS, 250 ms).
    details.tripsMatching = ((await listResponse.json()) as { total: number }).total;
    const times = await keystrokes(page, SEARCH);
    keystroke = { echo: stats(times.echo), settled: stats(times.settled) };
  } else {
    details.tripsPage = search
      ? 'the search box is there but GET /api/trips was not called'
      : 'no search box on /trips yet (the trip screens are in progress)';
    log(`client: ${String(details.tripsPage)}`);
  }

  // Served under the replica's origin so the init script runs exactly as on the console's pages.
  const bare = await context.newPage();
  await bare.route('**/bench-bare-input', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><input id="q" placeholder="bare input"></body></html>' }),
  );
  await bare.goto('/bench-bare-input');
  const floorTimes = await keystrokes(bare, '#q');
  const floorKeys = stats(floorTimes.echo);
  rows.push({
    area: 'Client',
    measure: `All Trips search keystroke, ${TRIPS.toLocaleString('en')} trips: the character on screen, median of ${KEYS.length}`,
    unit: 'ms',
    value: keystroke?.echo.median ?? null,
    floor: floorKeys.median,
    floorLabel: 'bare <input>, same browser',
    ratio: ratio(keystroke?.echo.median ?? null, floorKeys.median),
    target: '< 50 ms',
    met: keystroke ? keystroke.echo.median < 50 : null,
    note: keystroke ? `p95 ${keystroke.echo.p95.toFixed(1)} ms, max ${keystroke.echo.max.toFixed(1)} ms` : String(details.tripsPage),
  });
  rows.push({
    area: 'Client',
    measure: `All Trips search keystroke, ${TRIPS.toLocaleString('en')} trips: the list settled, median of ${KEYS.length}`,
    unit: 'ms',
    value: keystroke?.settled.median ?? null,
    floor: stats(floorTimes.settled).median,
    floorLabel: 'bare <input>, same browser',
    ratio: ratio(keystroke?.settled.median ?? null, stats(floorTimes.settled).median),
    note: keystroke
      ? `p95 ${keystroke.settled.p95.toFixed(1)} ms; 250 ms of it is the pause the search waits for typing to stop before it asks the server for the matching page (${Number(details.tripsMatching).toLocaleString('en')} trips matched before typing)`
      : String(details.tripsPage),
  });
  details.keystroke = { app: keystroke, floor: { echo: floorKeys, settled: stats(floorTimes.settled) }, keys: KEYS };
  writeSection(
    '05-client',
    { name: 'Client', floor: 'a React 19 hello page built by the same Vite; a bare input in the same Chromium', rows, details },
    started,
  );
}

runBench(main, async () => {
  await browser?.close();
  await cluster?.stop();
  await dropSchema?.();
});
