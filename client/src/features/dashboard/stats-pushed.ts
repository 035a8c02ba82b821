/**
 * Whether this console's dashboard figures (GET /trips/stats) come pushed by the server (`trips:stats`,
 * dashboard.live.ts) rather than asked again on every trip event (trips.api.ts `applyTripChange`): true while signed
 * in. Its own module, so the trips API reads it without importing the dashboard.
 */
let pushed = false;

export function dashboardStatsPushed(): boolean {
  return pushed;
}

export function setDashboardStatsPushed(value: boolean): void {
  pushed = value;
}
