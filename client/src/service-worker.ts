/**
 * The console's service worker (docs/domain.md, "The day of travel"): it keeps the app shell (index.html, the scripts
 * and styles of every screen) so that a driver's `/today` opens again without a signal. The driver's page registers it,
 * in production builds only (features/driver/offline/register-service-worker.ts).
 *
 * The build puts the shell's files and a version made from them at the top of /sw.js as `self.__SHELL__` (vite.config.ts,
 * `shellManifest`), so every deployment installs a fresh copy and drops the old one. The API and the live connection
 * are never answered from here: the driver's page keeps its own copy of the day (IndexedDB) and knows when it is stale.
 * No imports: the build emits this file alone as /sw.js, a classic script.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

/** What of ServiceWorkerGlobalScope this worker uses (the DOM library the client compiles with does not declare it). */
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

/** What the build writes before this script: `{ files: ['/index.html', '/assets/…'], version: 'a1b2…' }`. */
interface ShellManifest {
  files: readonly string[];
  version: string;
}

const scope = self as unknown as WorkerScope & { __SHELL__?: ShellManifest };
const shell: ShellManifest = scope.__SHELL__ ?? { files: [], version: 'unbuilt' };

const CACHE_PREFIX = 'console-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${shell.version}`;
/** A navigation waits this long for the network before the kept page answers (a weak signal is as good as none). */
const NAVIGATION_TIMEOUT_MS = 4_000;

/** Requests the shell never answers: the API, the live connection, and anything of another origin. */
function passesThrough(request: Request): boolean {
  if (request.method !== 'GET') return true;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return true;
  return url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/');
}

function withTimeout(response: Promise<Response>, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The network took too long.')), ms);
    response.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('The network failed.'));
      },
    );
  });
}

/** A page load: the network's index.html (a new deployment shows at once), else the kept one. */
async function navigate(request: Request): Promise<Response> {
  try {
    return await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
  } catch (error) {
    const kept = await caches.match('/index.html', { cacheName: CACHE_NAME });
    if (kept) return kept;
    throw error;
  }
}

/** A script, style or image: the kept copy (their names change with their content), else the network. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: CACHE_NAME });
  return kept ?? fetch(request);
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll([...shell.files]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name))),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (passesThrough(request)) return;
  event.respondWith(request.mode === 'navigate' ? navigate(request) : asset(request));
});
