import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import type { DomainEventMap } from '../common/domain-events';
import { localDate } from '../contracts/calendar';
import type { Role } from '../contracts/roles';
import type { TripStats } from '../contracts/trip-list';
import { SCHOOL_ONLY_STATUSES, type TripDto } from '../contracts/trip-wire';
import { Partnership } from '../tenancy/partnership.entity';
import { TripListService } from '../trips/trip-list.service';
import { User } from '../users/user.entity';
import { LivePublisher, type LiveSend, send } from './live-publisher.service';
import { Rooms } from './rooms';

/** At most one push per audience this often: the changes of a second share one count. */
export const STATS_PUSH_MS = 1_000;

/** What changed in one tenant since the last flush: the audiences whose dashboard figures may differ. */
interface Dirty {
  schools: Set<number>;
  companies: Set<number>;
  /** Schools whose partner companies see the trip (expanded at the flush, one read for all). */
  partnersOf: Set<number>;
  /** Requesters: an audience of their own when their scope is "created by me" (checked at the flush). */
  requesters: Set<number>;
}

/** One dashboard audience: the scope key the clients get, its rooms, and a caller that sees exactly what its members see. */
interface Audience {
  scope: string;
  rooms: string[];
  caller: AuthUser;
}

/** The platform admins' flush: none under way, one under way, or one under way and another asked for. */
type PlatformFlush = 'idle' | 'running' | 'again';

const atSchool = (status: TripDto['status'] | undefined) => status !== undefined && SCHOOL_ONLY_STATUSES.includes(status);

/** A stand-in caller for a scope: TripListService.stats reads only the role, tenant, organization and id. */
function representative(role: Role, tenantId: number | null, activeOrgId: number | null, id = 0): AuthUser {
  return { id, name: '', email: '', role, status: 'approved', tenantId, activeOrgId, fleetDriverId: null, jti: '', exp: 0 };
}

/**
 * The dashboard's figures (GET /trips/stats), pushed as `trips:stats` instead of asked again by every open console on
 * every trip event. A trip change marks the audiences whose figures may differ; once a second the marks are flushed:
 * each audience's figures are counted once (whatever the number of its open consoles) and sent to its rooms. The
 * audiences are the scopes of the visibility rule (docs/domain.md, "Who sees what"): the tenant (admins and finance),
 * a school (its staff), a bus company (its dispatchers), a requester whose scope is their own trips (trip managers,
 * school staff without a school). Platform admins, whose figures span the tenants, are an audience of their own
 * (scope `platform`), counted only while one is connected; they also receive each tenant's push, which they ignore, so
 * their per-tenant seq has no holes.
 *
 * Each replica flushes the audiences dirtied by the writes it served; the Redis adapter carries the pushes to every
 * replica's sockets.
 */
@Injectable()
export class StatsPusher implements OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private readonly dirty = new Map<number, Dirty>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private platform: PlatformFlush = 'idle';
  private platformRunning: Promise<void> = Promise.resolve();
  /** How many audiences' figures were counted since start (the test proves it does not follow the open consoles). */
  computed = 0;

  constructor(
    private readonly publisher: LivePublisher,
    private readonly lists: TripListService,
    @InjectRepository(Partnership) private readonly partnerships: Repository<Partnership>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @OnEvent('trip.created')
  tripCreated({ trip, tenantId }: DomainEventMap['trip.created']): void {
    // A new trip: nobody saw it before, so a request still at its school concerns no bus company.
    this.mark(tenantId, trip, !atSchool(trip.status));
  }

  @OnEvent('trip.updated')
  tripUpdated({ trip, tenantId, previous }: DomainEventMap['trip.updated']): void {
    this.mark(tenantId, trip, !atSchool(trip.status));
    // The place before: its companies lose the trip when it moves into a school-only status or elsewhere. Without the
    // facts before, the place now stands for it, companies included (whatever the status: in doubt, count again).
    const before = previous ? { ...trip, ...previous } : trip;
    this.mark(tenantId, before, previous?.status === undefined || !atSchool(previous.status));
  }

  @OnEvent('trip.deleted')
  tripDeleted({ trip, tenantId }: DomainEventMap['trip.deleted']): void {
    this.mark(tenantId, trip, !atSchool(trip.status));
  }

  /** Resolves once the flushes under way (if any) are done: for tests and shutdown. */
  async settled(): Promise<void> {
    await this.running;
    await this.platformRunning;
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dirty.clear();
  }

  private mark(tenantId: number, place: Pick<TripDto, 'schoolOrgId' | 'busCompanyOrgId' | 'createdById'>, companies: boolean): void {
    let d = this.dirty.get(tenantId);
    if (!d) {
      d = { schools: new Set(), companies: new Set(), partnersOf: new Set(), requesters: new Set() };
      this.dirty.set(tenantId, d);
    }
    d.schools.add(place.schoolOrgId);
    if (companies) {
      d.partnersOf.add(place.schoolOrgId);
      if (place.busCompanyOrgId !== null) d.companies.add(place.busCompanyOrgId);
    }
    if (place.createdById !== null) d.requesters.add(place.createdById);
    // A change within the second joins the flush already planned.
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        // One flush at a time: a slow one delays the next, never runs beside it.
        this.running = this.running.then(() => this.flush());
      }, STATS_PUSH_MS);
      this.timer.unref();
    }
  }

  private async flush(): Promise<void> {
    const tenants = [...this.dirty];
    this.dirty.clear();
    const today = localDate();
    for (const [tenantId, d] of tenants) {
      try {
        const audiences = await this.audiences(tenantId, d);
        const sends: LiveSend[] = [];
        for (const a of audiences) {
          const stats: TripStats = await this.lists.stats(a.caller, { today });
          this.computed += 1;
          sends.push(send('trips:stats', a.rooms, { scope: a.scope, today, stats }));
        }
        // One event (one seq) for the whole tenant: the tenant's admins, who check their seq for holes, receive it.
        void this.publisher.publish(tenantId, () => sends);
      } catch (e) {
        this.logger.error(`The dashboard figures were not pushed: ${(e as Error).message}`);
      }
    }
    if (tenants.length > 0) this.markPlatform();
  }

  /**
   * The platform admins' figures, across the tenants, after a flush: beside the tenants' flushes, not in their line
   * (whether a platform admin is connected asks every replica, which a lost replica can hold up for seconds), and one
   * at a time: a flush that comes while one runs has it run once more after.
   */
  private markPlatform(): void {
    if (this.platform !== 'idle') {
      this.platform = 'again';
      return;
    }
    this.platform = 'running';
    this.platformRunning = (async () => {
      do {
        this.platform = 'running';
        await this.flushPlatform();
      } while ((this.platform as PlatformFlush) === 'again');
      this.platform = 'idle';
    })();
  }

  /** Counted only while a platform admin is connected. */
  private async flushPlatform(): Promise<void> {
    try {
      if (!(await this.publisher.anyoneIn(Rooms.platform))) return;
      const today = localDate();
      const stats = await this.lists.stats(representative('admin', null, null), { today });
      this.computed += 1;
      void this.publisher.publish(null, () => [send('trips:stats', [Rooms.platform], { scope: Rooms.platform, today, stats })]);
    } catch (e) {
      this.logger.error(`The platform's dashboard figures were not pushed: ${(e as Error).message}`);
    }
  }

  /** The audiences a tenant's marks name, each with the caller that stands for it. */
  private async audiences(tenantId: number, d: Dirty): Promise<Audience[]> {
    const companies = new Set(d.companies);
    if (d.partnersOf.size > 0) {
      const rows = await this.partnerships.find({
        select: { busCompanyOrgId: true },
        where: { tenantId, schoolOrgId: In([...d.partnersOf]) },
      });
      for (const p of rows) companies.add(p.busCompanyOrgId);
    }
    const requesters =
      d.requesters.size === 0
        ? []
        : await this.users.find({
            select: { id: true, role: true, tenantId: true, activeOrgId: true, status: true },
            where: { id: In([...d.requesters]), tenantId, status: 'approved' },
          });
    return [
      {
        scope: Rooms.tenant(tenantId),
        rooms: [Rooms.role('admin', tenantId), Rooms.role('finance', tenantId), Rooms.platform],
        caller: representative('admin', tenantId, null),
      },
      ...[...d.schools].map((id) => ({
        scope: Rooms.org(id),
        rooms: [Rooms.org(id)],
        caller: representative('school_staff', tenantId, id),
      })),
      ...[...companies].map((id) => ({
        scope: Rooms.org(id),
        rooms: [Rooms.org(id)],
        caller: representative('bus_company', tenantId, id),
      })),
      // Only those who see their own requests by authorship; the others are in a room above.
      ...requesters
        .filter((u) => u.role === 'trip_manager' || (u.role === 'school_staff' && u.activeOrgId === null))
        .map((u) => ({ scope: Rooms.user(u.id), rooms: [Rooms.user(u.id)], caller: representative(u.role, tenantId, null, u.id) })),
    ];
  }
}
