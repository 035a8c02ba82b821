import { acceptRoleName, defaultPermissionMatrix, INVALID_ROLE_NAME, normalizeRoleName } from '../contracts/permissions';
import { putPermissionsSchema } from './permissions.schemas';

const firstMessage = (body: unknown) => {
  const r = putPermissionsSchema.safeParse(body);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('role names (the "New role name" input)', () => {
  it.each([
    ['  Field Trip Lead ', 'field_trip_lead'],
    ['DRIVER', 'driver'],
    ['night  shift', 'night_shift'],
  ])('normalises %j to %j', (name, role) => {
    expect(normalizeRoleName(name)).toBe(role);
    expect(acceptRoleName(name, ['admin'])).toBe(role);
  });

  it.each([[''], ['   '], ['Admin'], [' bus company '], ['__proto__'], ['x'.repeat(41)], ['nurse!']])('refuses %j', (name) => {
    expect(acceptRoleName(name, Object.keys(defaultPermissionMatrix()))).toBeNull();
  });
});

describe('the default matrix', () => {
  it('gives each role its default permissions, admin everything, trip_manager request and edit, driver nothing', () => {
    expect(defaultPermissionMatrix()).toEqual({
      admin: { canRequestTrips: true, canEditTrips: true, canChangeStatus: true, canMarkPaid: true, accessFinance: true },
      school_staff: { canRequestTrips: true, canEditTrips: false, canChangeStatus: false, canMarkPaid: false, accessFinance: false },
      bus_company: { canRequestTrips: false, canEditTrips: true, canChangeStatus: true, canMarkPaid: false, accessFinance: false },
      finance: { canRequestTrips: false, canEditTrips: true, canChangeStatus: false, canMarkPaid: true, accessFinance: true },
      trip_manager: { canRequestTrips: true, canEditTrips: true, canChangeStatus: false, canMarkPaid: false, accessFinance: false },
      driver: { canRequestTrips: false, canEditTrips: false, canChangeStatus: false, canMarkPaid: false, accessFinance: false },
    });
  });
});

describe('PUT /permissions body', () => {
  const base = defaultPermissionMatrix();

  it('normalises custom role names and turns missing permissions off', () => {
    const r = putPermissionsSchema.parse({ roles: { ...base, ' Field Lead ': { canRequestTrips: true } } });
    expect(r.roles.field_lead).toEqual({
      canRequestTrips: true,
      canEditTrips: false,
      canChangeStatus: false,
      canMarkPaid: false,
      accessFinance: false,
    });
    expect(Object.keys(r.roles)).toEqual([...Object.keys(base), 'field_lead']);
  });

  it('keeps the driver row, every permission off, after trip_manager when a matrix leaves it out', () => {
    const { driver: _driver, ...withoutDriver } = base;
    const r = putPermissionsSchema.parse({ roles: { ...withoutDriver, night_shift: {} } });
    expect(Object.keys(r.roles)).toEqual(['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager', 'driver', 'night_shift']);
    expect(r.roles.driver).toEqual(base.driver);
  });

  it.each<[string, unknown, string]>([
    [
      'a permission given to drivers',
      { roles: { ...base, driver: { canRequestTrips: true } } },
      "The driver role's permissions stay off: drivers see only their own assignments.",
    ],
    ['a duplicate once normalised', { roles: { ...base, 'School Staff': {} } }, INVALID_ROLE_NAME],
    ['an empty name', { roles: { ...base, ' ': {} } }, INVALID_ROLE_NAME],
    [
      'a missing built-in role',
      { roles: { school_staff: base.school_staff } },
      'The built-in roles (admin, school_staff, bus_company, finance, trip_manager) cannot be removed.',
    ],
    [
      'a permission that is not a boolean',
      { roles: { ...base, admin: { ...base.admin, canMarkPaid: 'yes' } } },
      'Each permission must be true or false.',
    ],
    [
      'an unknown permission',
      { roles: { ...base, admin: { canFly: true } } },
      'Permissions are canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance.',
    ],
    [
      'no roles',
      {},
      'Send the matrix as {roles: {roleName: {canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance}}}.',
    ],
    [
      'roles as a list',
      { roles: ['admin'] },
      'Send the matrix as {roles: {roleName: {canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance}}}.',
    ],
  ])('refuses %s', (_, body, message) => {
    expect(firstMessage(body)).toBe(message);
  });
});
