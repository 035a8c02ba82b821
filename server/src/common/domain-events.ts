import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { BookingDto } from '../contracts/bookings';
import type { LiveActor } from '../contracts/events';
import type { BusDto, DriverDto, NotificationDto } from '../contracts/fleet-wire';
import type { OrganizationDto, PartnershipDto } from '../contracts/global-admin';
import type { InvoiceDto } from '../contracts/invoices';
import type { EmailNoticePrefs } from '../contracts/notices';
import type { PermissionMatrixDto } from '../contracts/permissions';
import type { RateCardDto } from '../contracts/rates';
import type { Role, UserStatus } from '../contracts/roles';
import type { TripDto } from '../contracts/trip-wire';
import type { ProfileDto, TenantDto } from '../contracts/wire';

/**
 * Who may see a trip besides its place (docs/domain.md, visibility), read in the statement that wrote it, so that its event needs no
 * further reads: the bus companies partnered with its school, and its author as the visibility rules need them
 * (null: no author, or a removed one), with the name, address and e-mail choices the requester's notices are written
 * with (notices/trip-notices.ts).
 */
export interface TripAudienceFacts {
  partnerCompanyIds: number[];
  author: {
    id: number;
    role: Role;
    tenantId: number | null;
    activeOrgId: number | null;
    status: UserStatus;
    name: string;
    email: string;
    emailNotices: Partial<EmailNoticePrefs> | null;
  } | null;
}

/**
 * What services announce after a change has committed (through UnitOfWork.run's `publish`). The realtime
 * module turns each into socket pushes for exactly the users allowed to see the entity; services never touch sockets.
 */
export interface DomainEventMap {
  'user.changed': {
    user: ProfileDto;
    tenantId: number | null;
    /** The account as it stood before an admin's change (User Management); absent when the account is new or its owner's. */
    previous?: { role: string; tenantId: number | null; activeOrgId: number | null; status: string };
    /** The account was made by this change (a registration, a driver's sign-up). */
    created?: true;
  };
  'users.pending-changed': { tenantId: number | null };
  'session.revoked': { jti: string; userId: number };
  /**
   * A password change ended every session of the user but `keptJti` (the one that made it); without `keptJti`, every
   * session ended (a driver taken out of service).
   */
  'sessions.ended': { userId: number; keptJti?: string };
  // bookings: deliver with canSeeBooking (bookings/booking-visibility.ts)
  'booking.created': { booking: BookingDto; tenantId: number; schoolOrgId: number | null; by: { id: number; name: string } };
  'booking.updated': { booking: BookingDto; tenantId: number; schoolOrgId: number | null; by: { id: number; name: string } };
  // Global Admin: platform admins, and the admins of the tenant concerned
  'tenant.created': { tenant: TenantDto };
  'tenant.updated': { tenant: TenantDto };
  'org.created': { org: OrganizationDto; tenantId: number };
  'org.updated': { org: OrganizationDto; tenantId: number };
  'partnership.created': { partnership: PartnershipDto; tenantId: number };
  'partnership.deleted': { partnership: PartnershipDto; tenantId: number };
  // every signed-in user of the tenant reads the matrix
  'permissions.updated': { tenantId: number; permissions: PermissionMatrixDto };
  // trips: deliver with canSeeTrip (contracts/trip-rules.ts); `previous` (school and company before the
  // change) lets sockets that could see the trip before a reassignment drop it
  // `by`: who acted; absent (null) when only the trip's computed flags changed
  'trip.created': { trip: TripDto; tenantId: number; by: LiveActor; audience?: TripAudienceFacts };
  'trip.updated': {
    trip: TripDto;
    status: TripDto['status'];
    tenantId: number;
    by?: LiveActor | null;
    previous?: { schoolOrgId: number; busCompanyOrgId: number | null; status?: TripDto['status'] };
    /** Facts of the trip as written (else they are read again). */
    audience?: TripAudienceFacts;
    /** The fleet drivers its buses named before the change (their consoles drop or refresh it: `driver:changed`). */
    formerDriverIds?: number[];
    /** A driver's step, or its undo, that left the trip's status as it was (see `trip:updated`). */
    driverStep?: boolean;
  };
  'trip.deleted': { tripId: number; trip: TripDto; tenantId: number };
  // a trip's approval at its school moved: its school's staff, the tenant's admins and the requester hear of it, and the
  // approvers whose count changed get their new count; never a bus company. `move` says what happened (the e-mail).
  'approval.changed': ApprovalChange;
  // a school's approval policy changed: these users' counts may have changed (the tenant's admins' do not)
  'approvals.recount': { tenantId: number; userIds: number[] };
  // fleet: the company's dispatchers, the tenant's admins, platform admins
  'fleet.updated': ({ bus: BusDto; driver?: undefined } | { driver: DriverDto; bus?: undefined }) & {
    tenantId: number;
    companyOrgId: number;
  };
  // a new rate card version: the same audience as the fleet's
  'rates.updated': { rateCard: RateCardDto; tenantId: number; companyOrgId: number };
  // an invoice issued, paid or credited (a credit note too): those who may read it (invoiceRooms)
  'invoice.changed': { invoice: InvoiceDto };
  // a trip came to need a bus, or a bus is late: its company's dispatchers and the tenant's admins, once (the database
  // dedupes it); `schoolOrgId`: the school's staff too (a late departure or return, a departure count that differs)
  'notification.created': {
    notification: NotificationDto;
    tenantId: number;
    companyOrgId: number | null;
    schoolOrgId?: number | null;
    /** The user whose change raised it, if one did: they get no e-mail of it (the bell keeps it, as their to-do). */
    raisedById?: number | null;
  };
}

export type DomainEventName = keyof DomainEventMap;

/** What happened to an approval, for the live counts and the e-mail (docs/domain.md, "Approval at the school"). */
export interface ApprovalChange {
  tenantId: number;
  tripId: number;
  approvalId: number;
  schoolOrgId: number;
  requesterId: number | null;
  /** Whoever's count may have changed: the approvers of the step it left and of the step it waits at now. */
  approverIds: number[];
  /**
   * `waiting`: it now waits for `approverIds` of its step (a submission, a resubmission, the next step); `reminded`: it
   * still does, past the reminder days; the others: where it ended (or, `changesRequested`, went back to the requester).
   */
  move: 'waiting' | 'reminded' | 'approved' | 'changesRequested' | 'denied' | 'withdrawn' | 'canceled';
  /** Who moved it (nobody for the clock's reminders and withdrawals): never mailed about their own move. */
  by: LiveActor | null;
  comment: string | null;
}

@Injectable()
export class DomainEvents {
  constructor(private readonly emitter: EventEmitter2) {}

  /**
   * Only the unit of work calls this, once the transaction that made the change has committed (lint keeps
   * services from injecting DomainEvents: eslint-rules/server-boundaries.mjs).
   */
  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
}
