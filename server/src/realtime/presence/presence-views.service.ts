import { Injectable } from '@nestjs/common';
import { type AuthUser, isPlatformAdmin } from '../../common/auth-user';
import type { PresenceOnlinePayload, PresenceSnapshot } from '../../contracts/presence';
import { PresenceAccess } from './presence-access.service';
import { PresenceLedger } from './presence-ledger.service';
import { onlinePayload, scopeOf, tripPayload } from './presence-payloads';

/** What one user may read of the store: the viewers of the trips they see, and, for admins, who is online. */
@Injectable()
export class PresenceViews {
  constructor(
    private readonly ledger: PresenceLedger,
    private readonly access: PresenceAccess,
  ) {}

  /** Every trip (or these trips) that someone has open and the user may see. */
  async snapshotFor(user: AuthUser, tripIds?: readonly number[]): Promise<PresenceSnapshot> {
    const tenants = isPlatformAdmin(user) ? 'all' : user.tenantId === null ? [] : [user.tenantId];
    const { version, trips } = await this.ledger.store.snapshot(tenants);
    const asked = tripIds ? new Set(tripIds) : null;
    const candidates = asked ? trips.filter((t) => asked.has(t.tripId)) : trips;
    const visible =
      candidates.length === 0
        ? new Set<number>()
        : await this.access.visibleAmong(
            user,
            candidates.map((t) => t.tripId),
          );
    return {
      version,
      tripIds: tripIds ? [...new Set(tripIds)] : 'all',
      trips: candidates.filter((t) => visible.has(t.tripId)).map(tripPayload),
    };
  }

  /** Online users for admins: a tenant admin their tenant's, a platform admin every tenant's and the platform accounts'. */
  async onlineFor(user: AuthUser): Promise<PresenceOnlinePayload[]> {
    if (user.role !== 'admin') return [];
    const states = await this.ledger.store.online(isPlatformAdmin(user) ? 'all' : [scopeOf(user)]);
    return states.map(onlinePayload);
  }
}
