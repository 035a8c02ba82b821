import { defaultPermissionMatrix, type PermissionSet } from '../../server/src/contracts/permissions';
import { PermissionMatrix } from '../../server/src/permissions/permission-matrix.entity';
import { type RecordedEvent, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildDriverAccount } from '../support/fleet-factory';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);
const off: PermissionSet = {
  canRequestTrips: false,
  canEditTrips: false,
  canChangeStatus: false,
  canMarkPaid: false,
  accessFinance: false,
};

describe('role permissions', () => {
  let t: TestApp, acme: TestTenant, globex: TestTenant, root: TestUser;
  let events: RecordedEvent[];
  useApiWorld({ tenants: ['Acme', 'Globex'] }, (w) => {
    ({ t, root, events } = w);
    [acme, globex] = w.tenants;
  });

  const get = (who: TestUser, query = '') => t.http().get(`/api/permissions${query}`).set('Authorization', who.auth);
  const put = (who: TestUser, body: unknown, query = '') =>
    t
      .http()
      .put(`/api/permissions${query}`)
      .set('Authorization', who.auth)
      .send(body as object);
  const stored = (tenantId: number) => t.db.getRepository(PermissionMatrix).findOneBy({ tenantId });

  it.each(['admin', 'staffA', 'staffNoOrg', 'busA', 'finance', 'manager'] as const)(
    'gives %s the default matrix before any save',
    async (who) => {
      const x = await buildTenant(t, 'Fresh');
      const res = await get(x.users[who]).expect(200);
      expect(res.body).toEqual({ roles: defaultPermissionMatrix(), updated_at: null });
      expect(res.body.roles.school_staff).toEqual({ ...off, canRequestTrips: true });
      expect(res.body.roles.trip_manager).toEqual({ ...off, canRequestTrips: true, canEditTrips: true });
      expect(await stored(x.tenant.id)).toBeNull();
    },
  );

  it('refuses an anonymous caller with 401', async () => {
    await t.http().get('/api/permissions').expect(401);
    await t.http().put('/api/permissions').send({ roles: defaultPermissionMatrix() }).expect(401);
  });

  it('lets an admin save the matrix with a custom role, shares it with the whole tenant, and announces it', async () => {
    const x = await buildTenant(t, 'Save');
    const roles = {
      ...defaultPermissionMatrix(),
      bus_company: { ...off, canChangeStatus: true },
      '  Field Trip Lead ': { canRequestTrips: true },
    };
    const res = await put(x.users.admin, { roles }).expect(200);
    expect(res.body).toEqual({
      roles: {
        ...defaultPermissionMatrix(),
        bus_company: { ...off, canChangeStatus: true },
        field_trip_lead: { ...off, canRequestTrips: true },
      },
      updated_at: ISO,
    });
    expect(Object.keys(res.body.roles)).toEqual([
      'admin',
      'school_staff',
      'bus_company',
      'finance',
      'trip_manager',
      'driver',
      'field_trip_lead',
    ]);
    expect((await get(x.users.staffA).expect(200)).body).toEqual(res.body);
    expect((await stored(x.tenant.id))?.updatedById).toBe(x.users.admin.user.id);
    expect(events.filter((e) => e.name === 'permissions.updated').map((e) => e.payload)).toContainEqual({
      tenantId: x.tenant.id,
      permissions: res.body,
    });
    // the other tenant is untouched
    expect((await get(globex.users.staffA).expect(200)).body).toEqual({ roles: defaultPermissionMatrix(), updated_at: null });
  });

  it('replaces the whole matrix on the next save, so a removed custom role is gone', async () => {
    const x = await buildTenant(t, 'Replace');
    await put(x.users.admin, { roles: { ...defaultPermissionMatrix(), chaperone: {} } }).expect(200);
    const res = await put(x.users.admin, { roles: defaultPermissionMatrix() }).expect(200);
    expect(Object.keys(res.body.roles)).not.toContain('chaperone');
  });

  it('keeps the built-in driver row with every permission off, even when a save or an older matrix leaves it out', async () => {
    const x = await buildTenant(t, 'Drivers');
    const { driver: _driver, ...withoutDriver } = defaultPermissionMatrix();
    const saved = await put(x.users.admin, { roles: { ...withoutDriver, chaperone: {} } }).expect(200);
    expect(Object.keys(saved.body.roles)).toEqual([
      'admin',
      'school_staff',
      'bus_company',
      'finance',
      'trip_manager',
      'driver',
      'chaperone',
    ]);
    expect(saved.body.roles.driver).toEqual(off);
    // A matrix stored before drivers existed reads with the row too.
    await t.db.query(
      `UPDATE permission_matrices SET roles = (SELECT jsonb_agg(r) FROM jsonb_array_elements(roles) r WHERE r->>'role' <> 'driver') WHERE tenant_id = $1`,
      [x.tenant.id],
    );
    expect((await get(x.users.staffA).expect(200)).body.roles.driver).toEqual(off);
  });

  it('refuses to give drivers a permission (400), and stores nothing', async () => {
    const x = await buildTenant(t, 'Driver rights');
    const res = await put(x.users.admin, { roles: { ...defaultPermissionMatrix(), driver: { ...off, canRequestTrips: true } } }).expect(
      400,
    );
    expect(res.body.message).toBe("The driver role's permissions stay off: drivers see only their own assignments.");
    expect(await stored(x.tenant.id)).toBeNull();
  });

  it('lets a driver neither read nor save the matrix (403)', async () => {
    const x = await buildTenant(t, 'Driver reads');
    const driver = await buildDriverAccount(t, x.orgs.busA);
    await get(driver).expect(403);
    await put(driver, { roles: defaultPermissionMatrix() }).expect(403);
    expect(await stored(x.tenant.id)).toBeNull();
  });

  it.each(['staffA', 'busA', 'finance', 'manager'] as const)('refuses %s a save with 403, and stores nothing', async (who) => {
    const x = await buildTenant(t, 'Forbidden');
    const res = await put(x.users[who], { roles: { ...defaultPermissionMatrix(), hacker: { canMarkPaid: true } } }).expect(403);
    expect(res.body.message).toBe('You do not have permission to do this.');
    expect(await stored(x.tenant.id)).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['a duplicate role once normalised', { roles: { ...defaultPermissionMatrix(), ' Finance ': {} } }, 'Invalid or duplicate role name.'],
    ['an empty role name', { roles: { ...defaultPermissionMatrix(), '   ': {} } }, 'Invalid or duplicate role name.'],
    [
      'a built-in role left out',
      { roles: { admin: defaultPermissionMatrix().admin } },
      'The built-in roles (admin, school_staff, bus_company, finance, trip_manager) cannot be removed.',
    ],
    [
      'a permission that is not true or false',
      { roles: { ...defaultPermissionMatrix(), finance: { canMarkPaid: 'yes' } } },
      'Each permission must be true or false.',
    ],
    [
      'an unknown permission',
      { roles: { ...defaultPermissionMatrix(), finance: { canDeleteEverything: true } } },
      'Permissions are canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance.',
    ],
    [
      'no roles at all',
      { updated_at: null },
      'Send the matrix as {roles: {roleName: {canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance}}}.',
    ],
  ])('answers 400 to %s, and stores nothing', async (_, body, message) => {
    const res = await put(acme.users.admin, body).expect(400);
    expect(res.body.message).toBe(message);
    expect(await stored(acme.tenant.id)).toBeNull();
  });

  it('answers 404 to a tenant admin reaching for another tenant’s matrix, and leaves it alone', async () => {
    const read = await get(acme.users.admin, `?tenant_id=${globex.tenant.id}`).expect(404);
    expect(read.body.message).toBe('Tenant not found.');
    await put(acme.users.admin, { roles: { ...defaultPermissionMatrix(), spy: {} } }, `?tenant_id=${globex.tenant.id}`).expect(404);
    expect(await stored(globex.tenant.id)).toBeNull();
    expect((await get(acme.users.staffA, `?tenant_id=${acme.tenant.id}`).expect(200)).body.roles).toEqual(defaultPermissionMatrix());
  });

  it('makes a platform admin name the tenant, and then reads and saves it', async () => {
    const x = await buildTenant(t, 'Platform');
    expect((await get(root).expect(400)).body.message).toBe('Pass tenant_id to choose a tenant.');
    expect((await put(root, { roles: defaultPermissionMatrix() }).expect(400)).body.message).toBe('Pass tenant_id to choose a tenant.');
    await get(root, '?tenant_id=999999999').expect(404);
    const saved = await put(
      root,
      { roles: { ...defaultPermissionMatrix(), auditor: { accessFinance: true } } },
      `?tenant_id=${x.tenant.id}`,
    ).expect(200);
    expect(saved.body.roles.auditor).toEqual({ ...off, accessFinance: true });
    expect((await get(root, `?tenant_id=${x.tenant.id}`).expect(200)).body).toEqual(saved.body);
    expect((await get(x.users.finance).expect(200)).body).toEqual(saved.body);
  });

  it('leaves one whole matrix when two admins save at once', async () => {
    const x = await buildTenant(t, 'Race');
    const a = { ...defaultPermissionMatrix(), alpha: { canEditTrips: true } };
    const b = { ...defaultPermissionMatrix(), beta: { canMarkPaid: true } };
    const [ra, rb] = await Promise.all([put(x.users.admin, { roles: a }), put(x.users.admin, { roles: b })]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const final = (await get(x.users.admin).expect(200)).body.roles;
    expect([['alpha'], ['beta']]).toContainEqual(Object.keys(final).filter((r) => r === 'alpha' || r === 'beta'));
  });
});
