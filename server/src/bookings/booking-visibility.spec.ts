import type { Role } from '../contracts/roles';
import { type BookingFacts, type BookingViewer, bookingScopeFor, canChangeBookingStatus, canSeeBooking } from './booking-visibility';

const viewer = (role: Role, tenantId: number | null, activeOrgId: number | null = null, id = 100): BookingViewer => ({
  id,
  role,
  tenantId,
  activeOrgId,
});
const booking = (over: Partial<BookingFacts> = {}): BookingFacts => ({ tenant_id: 1, school_org_id: 10, created_by_id: 7, ...over });

describe('who sees a booking', () => {
  it.each<[string, BookingViewer, BookingFacts, boolean]>([
    ['a platform admin sees any tenant', viewer('admin', null), booking({ tenant_id: 99 }), true],
    ['a tenant admin sees their tenant', viewer('admin', 1), booking(), true],
    ["a tenant admin does not see another tenant's", viewer('admin', 2), booking(), false],
    ['finance sees their tenant', viewer('finance', 1), booking({ school_org_id: null }), true],
    ["finance does not see another tenant's", viewer('finance', 2), booking(), false],
    ['a trip manager sees their tenant', viewer('trip_manager', 1), booking({ school_org_id: 11 }), true],
    ["a trip manager does not see another tenant's", viewer('trip_manager', 2), booking(), false],
    ['school staff see their school', viewer('school_staff', 1, 10), booking({ created_by_id: 8 }), true],
    ["school staff do not see another school's", viewer('school_staff', 1, 11), booking(), false],
    ['school staff do not see a same-id school of another tenant', viewer('school_staff', 2, 10), booking(), false],
    [
      'school staff without an organization see what they requested',
      viewer('school_staff', 1, null, 7),
      booking({ school_org_id: null }),
      true,
    ],
    ['school staff without an organization see nothing else', viewer('school_staff', 1, null, 8), booking({ school_org_id: null }), false],
    ['a bus company sees no booking', viewer('bus_company', 1, 20), booking(), false],
  ])('%s', (_, who, what, expected) => {
    expect(canSeeBooking(who, what)).toBe(expected);
  });

  it('gives bus companies no scope at all, and a platform admin an unbounded one', () => {
    expect(bookingScopeFor(viewer('bus_company', 1, 20))).toBeNull();
    expect(bookingScopeFor(viewer('admin', null))).toEqual({});
    expect(bookingScopeFor(viewer('school_staff', 3, 30))).toEqual({ tenantId: 3, schoolOrgId: 30 });
    expect(bookingScopeFor(viewer('school_staff', 3, null, 5))).toEqual({ tenantId: 3, createdById: 5 });
  });
});

describe('who changes a booking status (bookings/README.md)', () => {
  it.each<[string, BookingViewer, 'approved' | 'cancelled', boolean]>([
    ['an admin approves', viewer('admin', 1), 'approved', true],
    ['an admin cancels', viewer('admin', 1), 'cancelled', true],
    ['a trip manager approves', viewer('trip_manager', 1), 'approved', true],
    ['a trip manager cancels', viewer('trip_manager', 1), 'cancelled', true],
    ['the requester cancels their own', viewer('school_staff', 1, 10, 7), 'cancelled', true],
    ['the requester may not approve their own', viewer('school_staff', 1, 10, 7), 'approved', false],
    ['another staff member of the school may not cancel it', viewer('school_staff', 1, 10, 8), 'cancelled', false],
    ['finance may not approve', viewer('finance', 1), 'approved', false],
    ['finance may not cancel', viewer('finance', 1), 'cancelled', false],
  ])('%s', (_, who, status, expected) => {
    expect(canChangeBookingStatus(who, booking(), status)).toBe(expected);
  });

  it('does not treat a booking whose requester was deleted as anyone’s own', () => {
    expect(canChangeBookingStatus(viewer('school_staff', 1, 10, 7), booking({ created_by_id: null }), 'cancelled')).toBe(false);
  });
});
