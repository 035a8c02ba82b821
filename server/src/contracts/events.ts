import type { BookingDto } from './bookings';
import type { BusDto, DriverDto, NotificationDto } from './fleet-wire';
import type { OrganizationDto, PartnershipDto } from './global-admin';
import type { InvoiceDto } from './invoices';
import type { PermissionMatrixDto } from './permissions';
import type { RateCardDto } from './rates';
import type { PresenceEventMap } from './presence';
import type { TripStats } from './trip-list';
import type { TripDto, TripStatus } from './trip-wire';
import type { ProfileDto, TenantDto } from './wire';

/**
 * Live events: what the server pushes over Socket.IO, typed once for the gateway and
 * for the client's `Socket<ClientEventMap, ClientCommandMap>`. Clients send only the presence commands
 * (`ClientCommandMap`, contracts/presence.ts) besides Socket.IO's own pings.
 *
 * Every entity event carries the record exactly as the REST API answers it, wrapped by its name
 * (`{trip}`, `{booking}`...), plus the envelope below. See server/src/realtime/README.md for the
 * seq/hello protocol, and docs/architecture.md ("A change, from request to every console") for how a change becomes one.
 */

/** Added to every entity event. */
export interface LiveEnvelope {
  /**
   * Per-tenant counter, shared by all replicas: +1 for every event of the tenant, whoever it went to.
   * Use it to notice a loss (a jump, for clients that see the whole tenant) and to compare with `hello`.
   * It is not an ordering of record versions: skip stale records by their own `version`/`updated_at`.
   */
  seq: number;
  /** The tenant whose counter `seq` belongs to; null for events about platform accounts. */
  tenantId: number | null;
}

/** The person whose action an event reports (so a console can leave out echoes of its own user's actions). */
export interface LiveActor {
  id: number;
  name: string;
}

/** The documented fields of each event, before the envelope. */
export interface LiveEventPayloads {
  /** `by`: who requested it. */
  'trip:created': { trip: TripDto; by?: LiveActor | null };
  /**
   * Broadcast with the trip and its new status. `by`: who changed it; null when only its computed flags
   * changed (a clash with another trip began or ended, it came to need a bus), which is no news of its own. The server
   * always sends it; absent reads as null. `driverStep`: the change was a driver's step on the day of travel, or its
   * undo, and the trip's status stayed as it was; the trip's `progress` shows it, and the bell passes over it (a bus
   * taps seven steps a trip). The step that completes the trip is a status change and has no `driverStep`. `from`: the
   * status before, when the change moved it ("Awaiting Approval" → "Pending": approved); never sent to a bus company
   * while the trip was at its school (the companies that see it once it is approved hear `trip:created` instead).
   */
  'trip:updated': { trip: TripDto; status: TripStatus; by?: LiveActor | null; from?: TripStatus; driverStep?: boolean };
  /** The trip was deleted, or the receiver can no longer see it (e.g. it moved to another bus company): drop it. */
  'trip:deleted': { tripId: number };
  /** `by`: who booked it, or who changed its status. */
  'booking:created': { booking: BookingDto; by?: LiveActor | null };
  'booking:updated': { booking: BookingDto; by?: LiveActor | null };
  /**
   * How many approvals wait for the receiver (GET /approvals/count): to each approver whose count may have changed,
   * and to the tenant's admins (theirs spans the tenant).
   */
  'approvals:count': { waiting: number };
  /**
   * A trip's approval moved (submitted, approved to the next step, changes requested, denied, withdrawn): read
   * GET /trips/{id}/approval and the approvals list again. To the school's staff, the tenant's admins and the
   * requester; never to a bus company.
   */
  'approval:changed': { tripId: number };
  /** How many users await approval in the lists the receiver sees (its tenant; every tenant for platform admins). */
  'users:pending': { count: number };
  'user:updated': { user: ProfileDto };
  'tenant:created': { tenant: TenantDto };
  'tenant:updated': { tenant: TenantDto };
  'org:created': { org: OrganizationDto };
  'org:updated': { org: OrganizationDto };
  'partnership:created': { partnership: PartnershipDto };
  'partnership:deleted': { partnership: PartnershipDto };
  'permissions:updated': { permissions: PermissionMatrixDto };
  /**
   * A bus or a driver was added or changed (deactivating included; nothing is ever deleted): upsert it by id.
   * To the company's dispatchers, the tenant's admins and platform admins: those who may keep the fleet (docs/domain.md, "Fleet").
   */
  'fleet:updated': { bus: BusDto; driver?: undefined } | { driver: DriverDto; bus?: undefined };
  /**
   * A new version of a bus company's rate card (docs/domain.md, "Rate cards"): to those who keep its fleet, as
   * `fleet:updated`.
   */
  'rates:updated': { rateCard: RateCardDto };
  /**
   * An invoice was issued, paid or credited, or is a new credit note (docs/domain.md, "Invoices"): upsert it by id (its
   * status, credited and balance are as of now). To platform admins, the tenant's admins and finance, its school's
   * staff and its bus company's dispatchers: those who may read it.
   */
  'invoice:changed': { invoice: InvoiceDto };
  /**
   * A notification for the bell, sent once (the database dedupes it across replicas): an accepted trip still has
   * no bus NEEDS_BUS_DAYS before departure. To the trip's bus company's dispatchers and the tenant's admins.
   */
  'notification:created': { notification: NotificationDto };
  /**
   * To a driver's consoles (`driver:<fleet driver id>`): one of their assignments (these trips) changed, came or went;
   * read GET /driver/today again. The only entity event a driver receives.
   */
  'driver:changed': { tripIds: number[] };
  /**
   * The dashboard's figures (GET /trips/stats for `today`, the server's date) after trips changed, counted once for
   * everyone who shares them: `scope` names the audience (`tenant:<id>` its admins and finance, `org:<id>` a school's
   * staff or a bus company's dispatchers, `user:<id>` a requester who sees their own trips). At most once a second per
   * audience. Platform admins' figures span every tenant: theirs come with scope `platform`, and they ignore the
   * tenants' pushes they also receive.
   */
  'trips:stats': { scope: string; today: string; stats: TripStats };
  /**
   * What the receiver may see changed in a way no single record tells (a partnership of its bus
   * company came or went): refetch the lists on screen.
   */
  resync: { reason: 'partnership' };
}

export type LiveEventName = keyof LiveEventPayloads;

/** An event as it arrives: its fields plus the envelope. */
export type LiveEvent<E extends LiveEventName> = LiveEventPayloads[E] & LiveEnvelope;

/** The key of `HelloPayload.seq` for events about platform accounts (tenantId null). */
export const PLATFORM_SEQ_KEY = 'platform';

/**
 * Sent on every connect, and again when the server knows the socket may have missed events (its
 * Redis link came back): the latest seq of every tenant the receiver sees, keyed by tenant id
 * (platform admins: every tenant, plus `platform`).
 */
export interface HelloPayload {
  seq: Record<string, number>;
}

/** Server-to-client events, in Socket.IO's listener form. Presence events carry no envelope (they are not numbered). */
export type ClientEventMap = { [E in LiveEventName]: (event: LiveEvent<E>) => void } & {
  hello: (hello: HelloPayload) => void;
} & PresenceEventMap;
