import type { AuthUser } from '../common/auth-user';
import type { BookingDto, BookingStatusChange } from '../contracts/bookings';

/** Who is looking: the signed-in user's role, tenant, organization and id. */
export type BookingViewer = Pick<AuthUser, 'id' | 'role' | 'tenantId' | 'activeOrgId'>;

/** The facts about a booking that decide who sees it (as a BookingDto carries them). */
export type BookingFacts = Pick<BookingDto, 'tenant_id' | 'school_org_id' | 'created_by_id'>;

/** The bookings a viewer sees, as equalities on columns; `{}` is every booking. */
export interface BookingScope {
  tenantId?: number;
  schoolOrgId?: number;
  createdById?: number;
}

/**
 * Who sees bookings (docs/domain.md, visibility): a platform admin every tenant's; admin, finance and trip_manager their
 * tenant's; school_staff their school's (`active_org_id`), or with no organization the ones they
 * requested; bus_company none (null). The list query and canSeeBooking both read this, so they agree.
 */
export function bookingScopeFor(viewer: BookingViewer): BookingScope | null {
  if (viewer.role === 'admin' && viewer.tenantId === null) return {};
  if (viewer.tenantId === null) return null;
  switch (viewer.role) {
    case 'admin':
    case 'finance':
    case 'trip_manager':
      return { tenantId: viewer.tenantId };
    case 'school_staff':
      return viewer.activeOrgId !== null
        ? { tenantId: viewer.tenantId, schoolOrgId: viewer.activeOrgId }
        : { tenantId: viewer.tenantId, createdById: viewer.id };
    default:
      return null;
  }
}

/** Whether the viewer may GET this booking; the realtime module delivers booking events by it. */
export function canSeeBooking(viewer: BookingViewer, booking: BookingFacts): boolean {
  const scope = bookingScopeFor(viewer);
  if (scope === null) return false;
  return (
    (scope.tenantId === undefined || scope.tenantId === booking.tenant_id) &&
    (scope.schoolOrgId === undefined || scope.schoolOrgId === booking.school_org_id) &&
    (scope.createdById === undefined || scope.createdById === booking.created_by_id)
  );
}

/**
 * Who may set a booking's status (the decision is in bookings/README.md): admins and trip
 * managers approve and cancel; the person who requested it may cancel it. Assumes canSeeBooking.
 */
export function canChangeBookingStatus(viewer: BookingViewer, booking: BookingFacts, status: BookingStatusChange): boolean {
  if (viewer.role === 'admin' || viewer.role === 'trip_manager') return true;
  return status === 'cancelled' && booking.created_by_id !== null && booking.created_by_id === viewer.id;
}
