import type { AuthUser } from '../../common/auth-user';
import { type PresenceOnlinePayload, type PresenceTripPayload, type PresenceUserPayload, viewersOf } from '../../contracts/presence';
import type { OnlineScope, OnlineState, TripState, UserChange } from './presence-store';

/** Whose online list a user's connections count in: their tenant's, or the platform accounts'. */
export const scopeOf = (user: Pick<AuthUser, 'tenantId'>): OnlineScope => user.tenantId ?? 'platform';

const tenantOfScope = (scope: OnlineScope) => (scope === 'platform' ? null : scope);

/** A trip's stored entries as consoles receive them: each user once, by what matters most (contracts/presence.ts). */
export const tripPayload = (s: TripState): PresenceTripPayload => ({
  tripId: s.tripId,
  tenantId: s.tenantId,
  version: s.version,
  viewers: viewersOf(s.entries),
});

export const onlinePayload = (s: OnlineState): PresenceOnlinePayload => ({
  tenantId: tenantOfScope(s.scope),
  version: s.version,
  userIds: s.userIds,
});

export const userPayload = (c: UserChange): PresenceUserPayload => ({
  tenantId: tenantOfScope(c.scope),
  userId: c.userId,
  online: c.online,
  version: c.version,
});
