import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { freePort, healthOf, REPO_ROOT, startServerProcess } from './server-process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(REPO_ROOT, 'test', 'browser', 'screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The real built server (`npm run build` first), as `npm start` runs it: embedded database in a
 * fresh folder, demo data seeded, the built console served.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = join(REPO_ROOT, 'server', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(REPO_ROOT, 'client', 'dist', 'index.html'))) {
    throw new Error('Browser tests need the built console: run `npm run build` first.');
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-browser-'));
  // The demo database the run made once (global-setup-browser.ts), copied: a database of this suite's own, already
  // migrated and seeded. Not for a server on PostgreSQL or one that asks for other seeding.
  const template = process.env.BROWSER_DATA_TEMPLATE;
  if (template && !env.DATA_DIR && !env.DATABASE_URL && env.SEED_DEMO === undefined) cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({
    what: 'The server',
    args: [main],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
      ...env,
    },
    ready: async () => (await healthOf(url)) !== null,
    readyWithinMs: 60_000,
  });
  return { url, dataDir, stop: () => server.stop() };
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

/** The API as a browser suite calls it: `api` with a token (or null) and `login` for a demo account's token. */
export type ApiClient = ReturnType<typeof apiOf>;

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

/** A suite's console: the built server and Chromium, and the contexts its tests open (each of its own). */
export interface ConsoleFixture extends ApiClient {
  /** The server's base URL (http://127.0.0.1:port). */
  readonly url: string;
  readonly browser: Browser;
  /** A page signed in as a demo account, in a context of its own (its own localStorage). */
  signIn(email: string, opts?: { width?: number; colorScheme?: 'light' | 'dark' }): Promise<{ context: BrowserContext; page: Page }>;
  /** A signed-out context of its own, its base URL the server's. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes the contexts opened so far (the rest close after the suite's last test). */
  closeContexts(): Promise<void>;
}

export interface ConsoleOptions {
  /**
   * Server settings beyond `npm start`'s (startServer), or a function that returns them once earlier work is done:
   * it runs in the start-up hook, before the server starts (building a client, creating a schema).
   */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** How long start-up may take, `env`'s work included; jest's timeout by default. */
  startWithinMs?: number;
}

/**
 * The server and the browser for one describe block: both start before its first test (side by side) and stop after
 * its last, every context a test opened through the fixture closed first. Read `url` and `browser` in hooks and tests.
 */
export function useConsole(opts: ConsoleOptions = {}): ConsoleFixture {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = () => {
    if (!server || !browser) throw new Error('The console starts in beforeAll: use it in a hook or a test.');
    return { server, browser };
  };
  const track = (context: BrowserContext) => {
    contexts.push(context);
    return context;
  };
  const closeContexts = async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const env = typeof opts.env === 'function' ? await opts.env() : opts.env;
    const [startedServer, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (startedServer.status === 'fulfilled') server = startedServer.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const r of [startedServer, launched]) if (r.status === 'rejected') throw r.reason;
  }, opts.startWithinMs);
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
    await server?.stop();
  });

  const fixture: ConsoleFixture = {
    ...apiOf(() => started().server.url),
    get url() {
      return started().server.url;
    },
    get browser() {
      return started().browser;
    },
    async signIn(email, signInOpts) {
      const opened = await signIn(started().browser, started().server.url, email, signInOpts);
      track(opened.context);
      return opened;
    },
    async newContext(options) {
      return track(await started().browser.newContext({ baseURL: started().server.url, ...options }));
    },
    closeContexts,
  };
  return fixture;
}
