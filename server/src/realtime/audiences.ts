import type { BookingFacts } from '../bookings/booking-visibility';
import type { TripVisibilitySubject } from '../contracts/trip-rules';
import { SCHOOL_ONLY_STATUSES } from '../contracts/trip-wire';
import { Rooms } from './rooms';

/**
 * Who may GET a record, as rooms (visibility: docs/domain.md). Each function mirrors a REST visibility rule
 * (canSeeTrip, canSeeBooking); audiences.spec.ts checks room membership against those rules for
 * every kind of user, so a socket receives a record exactly when its user could fetch it.
 *
 * Authorship is the one rule rooms cannot express (the author's role and organization decide it),
 * so the caller looks the author up and says whether they see it.
 */

/**
 * A trip: platform admins, the tenant's admins and finance, its school's staff, the bus companies partnered with that
 * school and the one assigned (not while the request is still at its school), and its author when the author's own
 * rule lets them see it.
 */
export function tripRooms(
  trip: Omit<TripVisibilitySubject, 'deleted'>,
  facts: { partnerCompanyIds: readonly number[]; authorSees: boolean },
): string[] {
  const rooms = new Set([
    Rooms.platform,
    Rooms.role('admin', trip.tenantId),
    Rooms.role('finance', trip.tenantId),
    Rooms.org(trip.schoolOrgId),
  ]);
  // A request still at its school (an approval policy's statuses) reaches no bus company.
  const atSchool = trip.status !== undefined && SCHOOL_ONLY_STATUSES.includes(trip.status);
  if (trip.busCompanyOrgId !== null && !atSchool) rooms.add(Rooms.org(trip.busCompanyOrgId));
  if (!atSchool) for (const company of facts.partnerCompanyIds) rooms.add(Rooms.org(company));
  if (facts.authorSees && trip.createdById !== null) rooms.add(Rooms.user(trip.createdById));
  return [...rooms];
}

/** A booking: platform admins, the tenant's admins, finance and trip managers, its school's staff, and its author when the author's own rule lets them see it. Bus companies see none. */
export function bookingRooms(booking: BookingFacts, facts: { authorSees: boolean }): string[] {
  const t = booking.tenant_id;
  const rooms = new Set([Rooms.platform, Rooms.role('admin', t), Rooms.role('finance', t), Rooms.role('trip_manager', t)]);
  if (booking.school_org_id !== null) rooms.add(Rooms.org(booking.school_org_id));
  if (facts.authorSees && booking.created_by_id !== null) rooms.add(Rooms.user(booking.created_by_id));
  return [...rooms];
}

/** A company's fleet (canManageFleet; fleet rules: docs/domain.md): platform admins, the tenant's admins, the company's dispatchers. */
export function fleetRooms(company: { id: number; tenantId: number }): string[] {
  return [Rooms.platform, Rooms.role('admin', company.tenantId), Rooms.org(company.id)];
}

/**
 * An invoice or credit note (docs/domain.md, "Invoices"; the rule of invoices.repository.ts `visibleInvoices`): platform
 * admins, the tenant's admins and finance, its school's staff, its bus company's dispatchers.
 */
export function invoiceRooms(invoice: { tenantId: number; schoolOrgId: number; companyId: number }): string[] {
  return [
    Rooms.platform,
    Rooms.role('admin', invoice.tenantId),
    Rooms.role('finance', invoice.tenantId),
    Rooms.org(invoice.schoolOrgId),
    Rooms.org(invoice.companyId),
  ];
}

/**
 * A "Needs a bus" notification: the trip's bus company's dispatchers and the tenant's admins.
 * Both may GET the trip (it is assigned to the company; admins see the tenant's trips). Platform admins are not
 * paged for every tenant's trips; they read them on the board.
 */
export function needsBusRooms(tenantId: number, companyOrgId: number | null): string[] {
  const rooms = [Rooms.role('admin', tenantId)];
  if (companyOrgId !== null) rooms.push(Rooms.org(companyOrgId));
  return rooms;
}
