import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = resolve(__dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(root, 'test', 'browser', 'screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * The real built server (`npm run build` first), as `npm start` runs it: embedded database in a
 * fresh folder, demo data seeded, the built console served.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = join(root, 'server', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(root, 'client', 'dist', 'index.html'))) {
    throw new Error('Browser tests need the built console: run `npm run build` first.');
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-browser-'));
  // The demo database the run made once (global-setup-browser.ts), copied: a database of this suite's own, already
  // migrated and seeded. Not for a server on PostgreSQL or one that asks for other seeding.
  const template = process.env.BROWSER_DATA_TEMPLATE;
  if (template && !env.DATA_DIR && !env.DATABASE_URL && env.SEED_DEMO === undefined) cpSync(template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A signed-in page in a context of its own (its own localStorage), at the given width. */
export async function signIn(
  browser: Browser,
  baseURL: string,
  email: string,
  opts: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('demo1234');
  await page.getByRole('button', { name: /^(sign in|log in|login)$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return { context, page };
}

/**
 * The API as a browser suite calls it around the console (to set trips up, to check what the database holds): JSON in
 * and out, a failure thrown with its status and body. `url` is read at each call (the server starts in beforeAll).
 */
export function apiOf(url: () => string) {
  async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url()}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  /** A demo account's token. */
  const login = async (email: string) => (await api<{ token: string }>(null, 'POST', 'auth/login', { email, password: 'demo1234' })).token;
  return { api, login };
}
