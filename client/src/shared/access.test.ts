import { canOpen, homePath, landingFor, roleLabel, ROUTE_ROLES, type ShellPath } from './access';

describe('where a sign-in lands', () => {
  it('goes back to the page the user asked for when their role may open it', () => {
    expect(landingFor(['finance'], '/finance?month=2026-12')).toBe('/finance?month=2026-12');
  });

  it("goes back to a dispatcher's run sheet link, which is no sidebar page, with its driver and date", () => {
    expect(landingFor(['bus_company'], '/dispatch/run-sheet?driver=3&date=2026-12-01')).toBe(
      '/dispatch/run-sheet?driver=3&date=2026-12-01',
    );
    expect(landingFor(['admin'], '/dispatch/run-sheet?driver=3&date=2026-12-01')).toBe('/dispatch/run-sheet?driver=3&date=2026-12-01');
  });

  it('lands at home instead when the role may not open the page asked for', () => {
    expect(landingFor(['trip_manager'], '/dispatch/run-sheet?driver=3')).toBe('/');
    expect(landingFor(['school_staff'], '/admin/users')).toBe('/');
    expect(landingFor(['finance'], '/no/such/page')).toBe('/trips');
  });
});

describe('Approvals', () => {
  it('opens for school staff and admins, whose requests and policy it holds, and for no one else', () => {
    const roles = ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager', 'driver'] as const;
    expect(roles.filter((role) => canOpen('/approvals', [role]))).toEqual(['admin', 'school_staff']);
    expect(landingFor(['school_staff'], '/approvals')).toBe('/approvals');
    expect(landingFor(['trip_manager'], '/approvals')).toBe('/');
  });
});

describe('Invoices', () => {
  it('opens for admins, finance, dispatchers and school staff, who see the invoices of their tenant, company or school', () => {
    const roles = ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager', 'driver'] as const;
    expect(roles.filter((role) => canOpen('/invoices', [role]))).toEqual(['admin', 'school_staff', 'bus_company', 'finance']);
    expect(landingFor(['finance'], '/invoices')).toBe('/invoices');
    expect(landingFor(['trip_manager'], '/invoices')).toBe('/');
  });
});

describe('a driver', () => {
  it('lands on their day, whatever page asked for a sign-in', () => {
    expect(landingFor(['driver'])).toBe('/today');
    expect(landingFor(['driver'], '/trips')).toBe('/today');
    expect(landingFor(['driver'], '/dispatch/run-sheet?driver=3')).toBe('/today');
    expect(homePath(['driver'])).toBe('/today');
  });

  it('may open /today and nothing else, and nobody else may open /today', () => {
    const paths = Object.keys(ROUTE_ROLES) as ShellPath[];
    expect(paths.filter((path) => canOpen(path, ['driver']))).toEqual(['/today']);
    for (const role of ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager'] as const) {
      expect(canOpen('/today', [role])).toBe(false);
    }
  });

  it('is called a Driver', () => {
    expect(roleLabel('driver')).toBe('Driver');
  });
});
