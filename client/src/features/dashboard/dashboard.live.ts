import type { TripStats } from '@contracts/trip-list';
import { cachedQueries, refetchQuery, setQueryData } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { tripKeys } from '../trips/trips.api';
import { dashboardStatsPushed, setDashboardStatsPushed } from './stats-pushed';

/** The scope of the platform admins' own figures. */
const PLATFORM_SCOPE = 'platform';

/**
 * While signed in: takes the figures the server pushes for this console's audience (at most once a second) into the
 * dashboard's query, so no trip event costs a GET. A push for another day than a cached one (the server's date is
 * not this browser's) says the figures changed: that day is asked again. A push missed while offline moves the
 * tenant's seq, so the next hello makes live-sync refetch. A platform admin takes only the pushes of scope
 * `platform` (their figures span every tenant); the tenants' pushes they also receive are not theirs.
 */
export function subscribeDashboardLive(platformAdmin: boolean): () => void {
  setDashboardStatsPushed(true);
  const off = onLive('trips:stats', ({ scope, today, stats }) => {
    if (!dashboardStatsPushed() || platformAdmin !== (scope === PLATFORM_SCOPE)) return;
    for (const { key } of cachedQueries<TripStats>(tripKeys.stats)) if (key[key.length - 1] !== today) refetchQuery(key);
    setQueryData<TripStats>([...tripKeys.stats, today], stats);
  });
  return () => {
    setDashboardStatsPushed(false);
    off();
  };
}
