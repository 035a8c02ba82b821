/**
 * The console's service worker (docs/domain.md, "The day of travel"): it keeps the app shell (index.html, the scripts
 * and styles of every screen) so that a driver's `/today` opens again without a signal. The driver's page registers it,
 * in production builds only (features/driver/offline/register-service-worker.ts).
 *
 * Workbox does the keeping. The build writes the shell's files, each with a revision made from its contents, at the top
 * of /sw.js as `self.__WB_MANIFEST` (vite.config.ts, `serviceWorker`): a deployment that changes any file changes
 * /sw.js, so browsers install the new shell, fetching only the files that changed, and drop what the old one kept.
 * The API and the live connection are never answered from here: the driver's page keeps its own copy of the day
 * (IndexedDB) and knows when it is stale. The build bundles this file and Workbox alone into /sw.js, a classic script.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

/** What of ServiceWorkerGlobalScope this worker uses (the DOM library the client compiles with does not declare it). */
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  skipWaiting(): Promise<void>;
  /** What the build writes before this script: `[{ url: '/index.html', revision: 'a1b2…' }, …]`. */
  __WB_MANIFEST?: PrecacheEntry[];
}

const scope = self as unknown as WorkerScope;

/** The page every address of the console loads; the router in its scripts shows the screen. */
const SHELL_PAGE = '/index.html';
/** A page load waits this long for the network before the kept page answers (a weak signal is as good as none). */
const NAVIGATION_TIMEOUT_SECONDS = 4;
/** What the hand-written worker before this one named its caches; Workbox's own clean-up does not know them. */
const RETIRED_CACHE_PREFIX = 'console-shell-';

// A new deployment takes over at once, open pages included: the shell it keeps is the one the server now has.
scope.addEventListener('install', () => void scope.skipWaiting());
clientsClaim();

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(RETIRED_CACHE_PREFIX)).map((name) => caches.delete(name)))),
  );
});

// A page load, whatever its address: the network's index.html, so a new deployment shows at once, else the kept one.
// Registered before the kept copy's route, as the first route that matches answers and that one would take `/` for
// index.html. Network-only with a fallback rather than network-first: network-first would also keep each page it loads
// and answer from those before the shell, old pages that may ask for scripts no longer kept. A page load of the API or
// of the live connection is not the app's, and is left to the network.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL_PAGE })],
    }),
    { denylist: [/^\/api\//, /^\/socket\.io\//] },
  ),
);

// Scripts, styles and fonts from the kept copy (their names change with their content), anything else from the network.
cleanupOutdatedCaches();
precacheAndRoute(scope.__WB_MANIFEST ?? []);
