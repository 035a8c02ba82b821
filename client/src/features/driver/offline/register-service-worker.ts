/** Set by the build (vite.config.ts): true in a production build only, where /sw.js exists. */
declare const __SERVICE_WORKER__: boolean | undefined;

let registered = false;

/**
 * Lets the browser keep the app shell (src/service-worker.ts) so the driver's page opens again without a signal. Only
 * the driver's page asks for it, and only in a production build; a browser without service workers simply goes without.
 */
export function registerServiceWorker(): void {
  if (registered || typeof __SERVICE_WORKER__ === 'undefined' || !__SERVICE_WORKER__) return;
  if (!('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // the page works on with a signal; only opening it without one is lost
    registered = false;
  });
}
