import { canSeeBooking } from '../bookings/booking-visibility';
import { canManageFleet } from '../contracts/fleet-rules';
import { ROLES, type OrgType, type Role } from '../contracts/roles';
import { canSeeTrip } from '../contracts/trip-rules';
import { bookingRooms, fleetRooms, needsBusRooms, tripRooms } from './audiences';
import { type RoomMember, roomsFor } from './rooms';

// A small world: tenant 1 has two schools, two bus companies and an edu group; tenant 2 a school and a company.
const ORGS: Record<number, { tenantId: number; type: OrgType }> = {
  10: { tenantId: 1, type: 'school' },
  11: { tenantId: 1, type: 'school' },
  20: { tenantId: 1, type: 'bus_company' },
  21: { tenantId: 1, type: 'bus_company' },
  30: { tenantId: 1, type: 'edu_group' },
  40: { tenantId: 2, type: 'school' },
  50: { tenantId: 2, type: 'bus_company' },
};
const PARTNERSHIPS: Array<[school: number, company: number]> = [
  [10, 20],
  [11, 21],
  [11, 20],
  [40, 50],
];
const partnerSchoolsOf = (company: number | null) => PARTNERSHIPS.filter(([, c]) => c === company).map(([s]) => s);
const partnerCompaniesOf = (school: number) => PARTNERSHIPS.filter(([s]) => s === school).map(([, c]) => c);

interface Person {
  id: number;
  role: Role;
  tenantId: number | null;
  activeOrgId: number | null;
}

// Every role with every organization (or none), in both tenants, plus a platform admin.
const people: Person[] = [{ id: 1, role: 'admin', tenantId: null, activeOrgId: null }];
for (const tenantId of [1, 2]) {
  for (const role of ROLES) {
    for (const activeOrgId of [
      null,
      ...Object.keys(ORGS)
        .map(Number)
        .filter((o) => ORGS[o].tenantId === tenantId),
    ]) {
      people.push({ id: people.length + 1, role, tenantId, activeOrgId });
    }
  }
}

const member = (p: Person): RoomMember => ({ ...p, activeOrgType: p.activeOrgId === null ? null : ORGS[p.activeOrgId].type });
const meets = (a: string[], b: string[]) => a.some((room) => b.includes(room));
const authors = [null, ...people.filter((p) => p.tenantId === 1).map((p) => p.id)];

describe('live audiences agree with the REST visibility rules', () => {
  it('a socket gets a trip event exactly when its user could GET the trip (canSeeTrip)', () => {
    const mismatches: string[] = [];
    for (const schoolOrgId of [10, 11]) {
      for (const busCompanyOrgId of [null, 20, 21]) {
        for (const createdById of authors) {
          const trip = { tenantId: 1, schoolOrgId, busCompanyOrgId, createdById };
          const author = people.find((p) => p.id === createdById);
          // as trips.listener.ts decides it
          const authorSees = author !== undefined && canSeeTrip(author, trip, []);
          const rooms = tripRooms(trip, { partnerCompanyIds: partnerCompaniesOf(schoolOrgId), authorSees });
          for (const p of people) {
            const rest = canSeeTrip(p, trip, partnerSchoolsOf(p.activeOrgId));
            const live = meets(roomsFor(member(p)), rooms);
            if (rest !== live) mismatches.push(`${JSON.stringify(p)} on ${JSON.stringify(trip)}: REST ${rest}, live ${live}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a socket gets a booking event exactly when its user could GET the booking (canSeeBooking)', () => {
    const mismatches: string[] = [];
    for (const school_org_id of [null, 10, 11]) {
      for (const created_by_id of authors) {
        const booking = { tenant_id: 1, school_org_id, created_by_id };
        const author = people.find((p) => p.id === created_by_id);
        const authorSees = author !== undefined && canSeeBooking(author, booking);
        const rooms = bookingRooms(booking, { authorSees });
        for (const p of people) {
          const rest = canSeeBooking(p, booking);
          const live = meets(roomsFor(member(p)), rooms);
          if (rest !== live) mismatches.push(`${JSON.stringify(p)} on ${JSON.stringify(booking)}: REST ${rest}, live ${live}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a socket gets a fleet event exactly when its user manages that company’s fleet (canManageFleet)', () => {
    const mismatches: string[] = [];
    for (const id of [20, 21, 50]) {
      const company = { id, tenantId: ORGS[id].tenantId };
      for (const p of people) {
        const rest = canManageFleet(p, company);
        const live = meets(roomsFor(member(p)), fleetRooms(company));
        if (rest !== live) mismatches.push(`${JSON.stringify(p)} on company ${id}: REST ${rest}, live ${live}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('sends a "Needs a bus" alert to the trip’s company dispatchers and its tenant’s admins, who can all GET the trip', () => {
    for (const busCompanyOrgId of [20, 21]) {
      const trip = { tenantId: 1, schoolOrgId: 10, busCompanyOrgId, createdById: null };
      const reached = people.filter((p) => meets(roomsFor(member(p)), needsBusRooms(1, busCompanyOrgId)));
      expect(reached.length).toBeGreaterThan(0);
      for (const p of reached) expect(canSeeTrip(p, trip, partnerSchoolsOf(p.activeOrgId))).toBe(true);
      expect(
        reached.every((p) => (p.role === 'admin' && p.tenantId === 1) || (p.role === 'bus_company' && p.activeOrgId === busCompanyOrgId)),
      ).toBe(true);
    }
  });
});
