import type { ProfileDto } from '@contracts/wire';
import { useEffect } from 'react';
import { getToken } from '../api/http';
import { subscribePresenceLive } from '../api/presence';
import { invalidateQueries, setQueryData, updateQueries } from '../api/query-cache';
import { queryKeys } from '../api/query-keys';
import { removeById, upsertById } from '../api/records';
import { connectLive, disconnectLive, onLive, onLiveResync, onLiveStatus } from '../api/socket';
import { useSession } from '../features/auth/session-context';
import { subscribeApprovalsLive } from '../features/approvals/approvals.live';
import { subscribeBookingsLive } from '../features/bookings/bookings.live';
import { subscribeDashboardLive } from '../features/dashboard/dashboard.live';
import { subscribeDispatchLive } from '../features/dispatch/dispatch.live';
import { subscribeGlobalAdminLive } from '../features/global-admin/global-admin.live';
import { subscribeTripsLive } from '../features/trips/trips.live';
import { liveFeed } from '../shared/live-feed';
import { tripFeedItem } from './trip-feed-item';

/**
 * While signed in: keeps the live connection open and merges pushed events into the query cache (docs/architecture.md
 * follows a change to every console); when events may have been missed the shown data is refetched.
 */
export function useLiveSync(): void {
  const { profile, refresh } = useSession();
  const myId = profile?.id;
  const myTenant = profile?.tenant_id ?? null;
  const isAdmin = profile?.role === 'admin';

  // The live state on <html data-live="online|connecting|offline">, for styling and for the browser tests.
  useEffect(
    () =>
      onLiveStatus((status) => {
        document.documentElement.dataset.live = status;
      }),
    [],
  );

  useEffect(() => {
    const token = getToken();
    if (!myId || !token) return;
    // admins are sent every event of their tenant, so for them a hole in seq means a lost event
    void connectLive(token, { wholeTenant: isAdmin });
    return () => disconnectLive();
  }, [myId, isAdmin]);

  useEffect(() => {
    if (!myId) return;
    const offs = [
      onLiveResync(() => invalidateQueries()),
      onLive('users:pending', ({ count }) => {
        invalidateQueries(queryKeys.pendingUsers);
        if (isAdmin && count > 0) liveFeed.push(`${count} user${count === 1 ? '' : 's'} awaiting approval`, '/admin/approvals');
      }),
      onLive('user:updated', ({ user }) => {
        updateQueries<ProfileDto[]>(queryKeys.users, (list) => upsertById(list, user));
        setQueryData<ProfileDto[]>(
          queryKeys.pendingUsers,
          (list) => list && (user.status === 'pending' ? upsertById(list, user) : removeById(list, user.id)),
        );
        if (user.id === myId) void refresh();
      }),
      // A notice says who did what to which trip, links to it, and is never an echo of the reader's own action or of a
      // change to computed flags only (`by` null: another trip's clash touched this one).
      onLive('trip:created', (event) => {
        const item = tripFeedItem(event, 'created', myId);
        if (item) liveFeed.push(item.text, item.link, item.merge);
      }),
      onLive('trip:updated', (event) => {
        const item = tripFeedItem(event, 'updated', myId);
        if (item) liveFeed.push(item.text, item.link, item.merge);
      }),
      onLive('permissions:updated', ({ permissions, tenantId }) => {
        setQueryData([...queryKeys.permissions, tenantId], permissions);
        if (tenantId === myTenant) setQueryData([...queryKeys.permissions, null], permissions);
      }),
      subscribeBookingsLive(myId),
      subscribeGlobalAdminLive(),
      subscribeTripsLive(),
      subscribeDashboardLive(isAdmin && myTenant === null),
      subscribeApprovalsLive(),
      subscribeDispatchLive(),
      subscribePresenceLive(),
    ];
    return () => offs.forEach((off) => off());
  }, [myId, myTenant, isAdmin, refresh]);
}
