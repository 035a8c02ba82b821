import { Organization } from '../../server/src/tenancy/organization.entity';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { Tenant } from '../../server/src/tenancy/tenant.entity';
import { type ApiWorld, type RecordedEvent, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, type TestTenant, type TestUser, uniq } from '../support/factories';

type Row = { id: number; tenant_id?: number };
const ids = (rows: Row[]) => rows.map((r) => r.id);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

describe('Global Admin', () => {
  let t: TestApp, acme: TestTenant, globex: TestTenant, root: TestUser;
  let events: RecordedEvent[], eventsNamed: ApiWorld['named'];
  useApiWorld({ tenants: ['Acme', 'Globex'] }, (w) => {
    ({ t, root, events, named: eventsNamed } = w);
    [acme, globex] = w.tenants;
  });

  const orgCount = (tenantId: number) => t.db.getRepository(Organization).countBy({ tenantId });

  describe('who may call it', () => {
    const routes: Array<[method: 'get' | 'post' | 'patch' | 'delete', path: (x: TestTenant) => string]> = [
      ['get', () => '/api/global/tenants'],
      ['post', () => '/api/global/tenants'],
      ['patch', (x) => `/api/global/tenants/${x.tenant.id}`],
      ['get', (x) => `/api/global/orgs?tenant_id=${x.tenant.id}`],
      ['post', () => '/api/global/orgs'],
      ['patch', (x) => `/api/global/orgs/${x.orgs.schoolA.id}`],
      ['get', (x) => `/api/global/partnerships?tenant_id=${x.tenant.id}`],
      ['post', () => '/api/global/partnerships'],
      ['delete', (x) => `/api/global/partnerships/${x.partnerships[0].id}`],
    ];
    const roles = ['staffA', 'staffNoOrg', 'busA', 'finance', 'manager'] as const;

    it.each(roles)('refuses %s with 403 on every Global Admin route, and changes nothing', async (who) => {
      for (const [method, path] of routes) {
        const http = t.http();
        const body = { tenant_id: acme.tenant.id, name: 'X', slug: 'x', type: 'school' };
        const res = await http[method](path(acme)).set('Authorization', acme.users[who].auth).send(body);
        expect([method, path(acme), res.status, res.body.message]).toEqual([
          method,
          path(acme),
          403,
          'You do not have permission to do this.',
        ]);
      }
      expect(await t.db.getRepository(Partnership).existsBy({ id: acme.partnerships[0].id })).toBe(true);
      expect(await t.db.getRepository(Organization).findOneByOrFail({ id: acme.orgs.schoolA.id })).toMatchObject({
        name: acme.orgs.schoolA.name,
      });
    });

    it('refuses an anonymous caller with 401', async () => {
      for (const [method, path] of routes) expect((await t.http()[method](path(acme))).status).toBe(401);
    });
  });

  describe('tenants', () => {
    it('lists every tenant for a platform admin, with the spec field names', async () => {
      const res = await t.http().get('/api/global/tenants').set('Authorization', root.auth).expect(200);
      expect(ids(res.body)).toEqual(expect.arrayContaining([acme.tenant.id, globex.tenant.id]));
      expect(res.body.find((x: Row) => x.id === acme.tenant.id)).toEqual({
        id: acme.tenant.id,
        name: acme.tenant.name,
        slug: acme.tenant.slug,
        created_at: ISO,
        updated_at: ISO,
      });
    });

    it('lists only their own tenant for a tenant admin', async () => {
      const res = await t.http().get('/api/global/tenants').set('Authorization', acme.users.admin.auth).expect(200);
      expect(ids(res.body)).toEqual([acme.tenant.id]);
    });

    it('lets a platform admin create a tenant with a trimmed name and a normalised slug, and announces it', async () => {
      const id = uniq();
      const res = await t
        .http()
        .post('/api/global/tenants')
        .set('Authorization', root.auth)
        .send({ name: `  Sunny Vale ${id} `, slug: ` Sunny Vale's District ${id} ` })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: `Sunny Vale ${id}`,
        slug: `sunny-vales-district-${id}`,
        created_at: ISO,
        updated_at: ISO,
      });
      expect(await t.db.getRepository(Tenant).findOneByOrFail({ id: res.body.id })).toMatchObject({ slug: `sunny-vales-district-${id}` });
      expect(eventsNamed('tenant.created')).toContainEqual({ tenant: res.body });
    });

    it('refuses a tenant admin who tries to create a tenant, and writes nothing', async () => {
      const slug = `sneaky-${uniq()}`;
      const res = await t
        .http()
        .post('/api/global/tenants')
        .set('Authorization', acme.users.admin.auth)
        .send({ name: 'Sneaky', slug })
        .expect(403);
      expect(res.body.message).toBe('Only a platform administrator can create tenants.');
      expect(await t.db.getRepository(Tenant).existsBy({ slug })).toBe(false);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no name', { slug: 'x-slug' }, 'Tenant name is required.'],
      ['a blank name', { name: '   ', slug: 'x-slug' }, 'Tenant name is required.'],
      ['no slug', { name: 'Named' }, 'Tenant slug is required.'],
      ['a blank slug', { name: 'Named', slug: '  ' }, 'Tenant slug is required.'],
      ['a slug of symbols only', { name: 'Named', slug: '!!! ???' }, 'The slug must contain at least one letter or digit.'],
      ['a name that is not text', { name: 42, slug: 'x' }, 'Tenant name is required.'],
    ])('answers 400 to a tenant with %s', async (_, body, message) => {
      const res = await t.http().post('/api/global/tenants').set('Authorization', root.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.getRepository(Tenant).existsBy([{ slug: 'x-slug' }, { name: 'Named' }])).toBe(false);
    });

    it('answers 409 to a slug already taken, even when it is written differently', async () => {
      const res = await t
        .http()
        .post('/api/global/tenants')
        .set('Authorization', root.auth)
        .send({ name: 'Copy', slug: ` ${acme.tenant.slug.toUpperCase()} ` })
        .expect(409);
      expect(res.body.message).toBe('A tenant with this slug already exists.');
    });

    it('lets a platform admin rename any tenant and change its slug', async () => {
      const x = await buildTenant(t, 'Rename');
      const slug = `renamed-${uniq()}`;
      const res = await t
        .http()
        .patch(`/api/global/tenants/${x.tenant.id}`)
        .set('Authorization', root.auth)
        .send({ name: ' Renamed District ', slug })
        .expect(200);
      expect(res.body).toMatchObject({ id: x.tenant.id, name: 'Renamed District', slug });
      expect(await t.db.getRepository(Tenant).findOneByOrFail({ id: x.tenant.id })).toMatchObject({ name: 'Renamed District', slug });
      expect(eventsNamed('tenant.updated')).toContainEqual({ tenant: res.body });
    });

    it('answers 409 when a rename takes another tenant’s slug, and keeps the old one', async () => {
      const x = await buildTenant(t, 'Clash');
      const res = await t
        .http()
        .patch(`/api/global/tenants/${x.tenant.id}`)
        .set('Authorization', root.auth)
        .send({ name: 'Clash', slug: acme.tenant.slug })
        .expect(409);
      expect(res.body.message).toBe('A tenant with this slug already exists.');
      expect((await t.db.getRepository(Tenant).findOneByOrFail({ id: x.tenant.id })).slug).toBe(x.tenant.slug);
    });

    it('lets a tenant admin rename their own tenant when the slug is unchanged (as the inline edit sends it)', async () => {
      const x = await buildTenant(t, 'Own');
      const res = await t
        .http()
        .patch(`/api/global/tenants/${x.tenant.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ name: 'Our District', slug: x.tenant.slug })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Our District', slug: x.tenant.slug });
    });

    it('refuses a tenant admin who changes their tenant’s slug, and changes nothing', async () => {
      const x = await buildTenant(t, 'Slugged');
      const res = await t
        .http()
        .patch(`/api/global/tenants/${x.tenant.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ name: 'New Name', slug: `moved-${uniq()}` })
        .expect(403);
      expect(res.body.message).toBe("Only a platform administrator can change a tenant's slug.");
      expect(await t.db.getRepository(Tenant).findOneByOrFail({ id: x.tenant.id })).toMatchObject({
        name: x.tenant.name,
        slug: x.tenant.slug,
      });
    });

    it('answers 404 to a tenant admin who edits another tenant, exactly as to a missing one', async () => {
      const other = await t
        .http()
        .patch(`/api/global/tenants/${globex.tenant.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ name: 'Taken over' })
        .expect(404);
      const missing = await t
        .http()
        .patch('/api/global/tenants/999999999')
        .set('Authorization', acme.users.admin.auth)
        .send({ name: 'Nobody' })
        .expect(404);
      expect(other.body).toEqual(missing.body);
      expect((await t.db.getRepository(Tenant).findOneByOrFail({ id: globex.tenant.id })).name).toBe(globex.tenant.name);
    });

    it('answers 400 to a bad id or an empty change', async () => {
      await t.http().patch('/api/global/tenants/abc').set('Authorization', root.auth).send({ name: 'X' }).expect(400);
      const res = await t.http().patch(`/api/global/tenants/${acme.tenant.id}`).set('Authorization', root.auth).send({}).expect(400);
      expect(res.body.message).toBe('Nothing to update.');
    });
  });

  describe('organizations', () => {
    it('lists a tenant’s organizations with their parent', async () => {
      const res = await t
        .http()
        .get(`/api/global/orgs?tenant_id=${acme.tenant.id}`)
        .set('Authorization', acme.users.admin.auth)
        .expect(200);
      expect(ids(res.body).sort()).toEqual(
        Object.values(acme.orgs)
          .map((o) => o.id)
          .sort(),
      );
      expect(res.body.find((o: Row) => o.id === acme.orgs.schoolA.id)).toEqual({
        id: acme.orgs.schoolA.id,
        tenant_id: acme.tenant.id,
        type: 'school',
        name: acme.orgs.schoolA.name,
        slug: acme.orgs.schoolA.slug,
        code: null,
        parent_org_id: acme.orgs.group.id,
        parent: { id: acme.orgs.group.id, name: acme.orgs.group.name },
        created_at: ISO,
        updated_at: ISO,
      });
      expect(res.body.find((o: Row) => o.id === acme.orgs.busA.id)).toMatchObject({ parent_org_id: null, parent: null });
    });

    it('defaults a tenant admin to their own tenant', async () => {
      const res = await t.http().get('/api/global/orgs').set('Authorization', acme.users.admin.auth).expect(200);
      expect(res.body.every((o: Row) => o.tenant_id === acme.tenant.id)).toBe(true);
      expect(res.body).toHaveLength(5);
    });

    it('answers 404 to a tenant admin asking for another tenant’s organizations, exactly as for a missing tenant', async () => {
      const other = await t
        .http()
        .get(`/api/global/orgs?tenant_id=${globex.tenant.id}`)
        .set('Authorization', acme.users.admin.auth)
        .expect(404);
      const missing = await t.http().get('/api/global/orgs?tenant_id=999999999').set('Authorization', root.auth).expect(404);
      expect(other.body).toEqual(missing.body);
      expect(other.body).toEqual({ message: 'Tenant not found.' });
    });

    it('lets a platform admin read any tenant’s organizations', async () => {
      const res = await t.http().get(`/api/global/orgs?tenant_id=${globex.tenant.id}`).set('Authorization', root.auth).expect(200);
      expect(ids(res.body).sort()).toEqual(
        Object.values(globex.orgs)
          .map((o) => o.id)
          .sort(),
      );
    });

    it('answers 400 to a tenant_id that is not a number', async () => {
      const res = await t.http().get('/api/global/orgs?tenant_id=abc').set('Authorization', root.auth).expect(400);
      expect(res.body.message).toBe('tenant_id must be a tenant id.');
    });

    it('creates a school under an edu group, with the slug taken from the name and the code trimmed, and announces it', async () => {
      const id = uniq();
      const res = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', acme.users.admin.auth)
        .send({
          tenant_id: acme.tenant.id,
          type: 'school',
          name: `  St. Mary's École ${id} `,
          slug: '  ',
          code: ' SM-01 ',
          parent_org_id: acme.orgs.group.id,
        })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        tenant_id: acme.tenant.id,
        type: 'school',
        name: `St. Mary's École ${id}`,
        slug: `st-marys-ecole-${id}`,
        code: 'SM-01',
        parent_org_id: acme.orgs.group.id,
        parent: { id: acme.orgs.group.id, name: acme.orgs.group.name },
        created_at: ISO,
        updated_at: ISO,
      });
      expect(await t.db.getRepository(Organization).findOneByOrFail({ id: res.body.id })).toMatchObject({
        slug: `st-marys-ecole-${id}`,
        code: 'SM-01',
      });
      expect(eventsNamed('org.created')).toContainEqual({ org: res.body, tenantId: acme.tenant.id });
    });

    it('normalises a given slug, sends an empty code as null, and cuts long slugs to 80 characters', async () => {
      const id = uniq();
      const res = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', root.auth)
        .send({
          tenant_id: acme.tenant.id,
          type: 'bus_company',
          name: `Coaches ${id}`,
          slug: `--Fast & Safe-- Coaches ${id} ${'x'.repeat(100)}`,
          code: '   ',
        })
        .expect(201);
      expect(res.body.slug).toBe(`fast-safe-coaches-${id}-${'x'.repeat(80 - `fast-safe-coaches-${id}-`.length)}`);
      expect(res.body.slug).toHaveLength(80);
      expect(res.body.code).toBeNull();
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no tenant', { tenant_id: undefined, type: 'school', name: 'X' }, 'Please choose a Tenant for the organization.'],
      ['a blank tenant', { tenant_id: '', type: 'school', name: 'X' }, 'Please choose a Tenant for the organization.'],
      ['no name', { type: 'school' }, 'Organization name is required.'],
      ['a blank name', { type: 'school', name: '   ' }, 'Organization name is required.'],
      ['an unknown type', { type: 'district', name: 'X' }, 'Type must be edu_group, school or bus_company.'],
      [
        'a name and slug with no letter or digit',
        { type: 'school', name: '!!!', slug: '' },
        'The slug must contain at least one letter or digit; enter a slug or a name with letters or digits.',
      ],
      ['a parent on a bus company', { type: 'bus_company', name: 'X', parent: 'group' }, 'Parent applies to School only.'],
      ['a parent on an edu group', { type: 'edu_group', name: 'X', parent: 'group' }, 'Parent applies to School only.'],
      ['a school as parent', { type: 'school', name: 'X', parent: 'schoolB' }, 'The parent must be an Edu Group of the same tenant.'],
      [
        'another tenant’s edu group as parent',
        { type: 'school', name: 'X', parent: 'globexGroup' },
        'The parent must be an Edu Group of the same tenant.',
      ],
      ['a missing parent', { type: 'school', name: 'X', parent_org_id: 999999999 }, 'The parent must be an Edu Group of the same tenant.'],
      [
        'a parent id that is not a number',
        { type: 'school', name: 'X', parent_org_id: 'group' },
        'parent_org_id must be an organization id.',
      ],
    ])('answers 400 to an organization with %s, and writes nothing', async (_, raw, message) => {
      const { parent, ...rest } = raw as { parent?: string };
      const parentId = parent === 'globexGroup' ? globex.orgs.group.id : parent ? acme.orgs[parent as 'group' | 'schoolB'].id : undefined;
      const body = { tenant_id: acme.tenant.id, ...rest, ...(parentId ? { parent_org_id: parentId } : {}) };
      const before = await orgCount(acme.tenant.id);
      const res = await t.http().post('/api/global/orgs').set('Authorization', acme.users.admin.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await orgCount(acme.tenant.id)).toBe(before);
    });

    it('answers 409 to a slug already used in the tenant, but allows it in another tenant', async () => {
      const res = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', acme.users.admin.auth)
        .send({ tenant_id: acme.tenant.id, type: 'school', name: 'Copy', slug: acme.orgs.schoolA.slug })
        .expect(409);
      expect(res.body.message).toBe('An organization with this slug already exists in this tenant.');
      await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', globex.users.admin.auth)
        .send({ tenant_id: globex.tenant.id, type: 'school', name: 'Copy', slug: acme.orgs.schoolA.slug })
        .expect(201);
    });

    it('answers 404 to a tenant admin creating an organization in another tenant, and writes nothing', async () => {
      const before = await orgCount(globex.tenant.id);
      const res = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', acme.users.admin.auth)
        .send({ tenant_id: globex.tenant.id, type: 'school', name: 'Planted' })
        .expect(404);
      expect(res.body.message).toBe('Tenant not found.');
      expect(await orgCount(globex.tenant.id)).toBe(before);
    });

    it('updates name, code and parent, keeps the slug when none is sent, and announces it', async () => {
      const x = await buildTenant(t, 'Edit');
      const group2 = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', x.users.admin.auth)
        .send({ tenant_id: x.tenant.id, type: 'edu_group', name: 'Second Group' })
        .expect(201);
      const res = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.schoolA.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ name: ' Hill School ', type: 'school', code: ' H1 ', parent_org_id: group2.body.id })
        .expect(200);
      expect(res.body).toMatchObject({
        name: 'Hill School',
        slug: x.orgs.schoolA.slug,
        code: 'H1',
        parent_org_id: group2.body.id,
        parent: { id: group2.body.id, name: 'Second Group' },
      });
      expect(eventsNamed('org.updated')).toContainEqual({ org: res.body, tenantId: x.tenant.id });
      const cleared = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.schoolA.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ code: '', parent_org_id: null })
        .expect(200);
      expect(cleared.body).toMatchObject({ code: null, parent_org_id: null, parent: null });
    });

    it('derives the slug from the name when the slug is sent blank', async () => {
      const x = await buildTenant(t, 'Reslug');
      const res = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.busA.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ name: 'Blue Line Buses', slug: '' })
        .expect(200);
      expect(res.body.slug).toBe('blue-line-buses');
    });

    it('drops the parent when a school becomes an edu group, and refuses a parent for it', async () => {
      const x = await buildTenant(t, 'Retype');
      const school = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', x.users.admin.auth)
        .send({ tenant_id: x.tenant.id, type: 'school', name: 'Lone School', parent_org_id: x.orgs.group.id })
        .expect(201);
      const refused = await t
        .http()
        .patch(`/api/global/orgs/${school.body.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ type: 'edu_group', parent_org_id: x.orgs.group.id })
        .expect(400);
      expect(refused.body.message).toBe('Parent applies to School only.');
      const res = await t
        .http()
        .patch(`/api/global/orgs/${school.body.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ type: 'edu_group' })
        .expect(200);
      expect(res.body).toMatchObject({ type: 'edu_group', parent_org_id: null, parent: null });
    });

    it('answers 409 to a type change that would break a partnership or orphan schools', async () => {
      const x = await buildTenant(t, 'Locked');
      const partnered = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.busA.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ type: 'school' })
        .expect(409);
      expect(partnered.body.message).toBe('This organization has partnerships; remove them before changing its type.');
      const parent = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.group.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ type: 'bus_company' })
        .expect(409);
      expect(parent.body.message).toBe('This Edu Group is the parent of schools; move them to another parent before changing its type.');
      expect((await t.db.getRepository(Organization).findOneByOrFail({ id: x.orgs.group.id })).type).toBe('edu_group');
    });

    it('answers 409 when a rename’s slug is taken in the tenant', async () => {
      const x = await buildTenant(t, 'Taken');
      const res = await t
        .http()
        .patch(`/api/global/orgs/${x.orgs.schoolB.id}`)
        .set('Authorization', x.users.admin.auth)
        .send({ slug: x.orgs.schoolA.slug })
        .expect(409);
      expect(res.body.message).toBe('An organization with this slug already exists in this tenant.');
    });

    it('answers 404 to a tenant admin editing another tenant’s organization, and changes nothing', async () => {
      const other = await t
        .http()
        .patch(`/api/global/orgs/${globex.orgs.schoolA.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ name: 'Hijacked' })
        .expect(404);
      const missing = await t
        .http()
        .patch('/api/global/orgs/999999999')
        .set('Authorization', acme.users.admin.auth)
        .send({ name: 'Nobody' })
        .expect(404);
      expect(other.body).toEqual(missing.body);
      expect((await t.db.getRepository(Organization).findOneByOrFail({ id: globex.orgs.schoolA.id })).name).toBe(globex.orgs.schoolA.name);
    });

    it('answers 400 to an empty change or a blank name', async () => {
      expect(
        (await t.http().patch(`/api/global/orgs/${acme.orgs.schoolA.id}`).set('Authorization', acme.users.admin.auth).send({}).expect(400))
          .body.message,
      ).toBe('Nothing to update.');
      expect(
        (
          await t
            .http()
            .patch(`/api/global/orgs/${acme.orgs.schoolA.id}`)
            .set('Authorization', acme.users.admin.auth)
            .send({ name: ' ' })
            .expect(400)
        ).body.message,
      ).toBe('Organization name is required.');
    });
  });

  describe('partnerships', () => {
    it('lists a tenant’s partnerships with the school and bus company names', async () => {
      const res = await t
        .http()
        .get(`/api/global/partnerships?tenant_id=${acme.tenant.id}`)
        .set('Authorization', acme.users.admin.auth)
        .expect(200);
      expect(ids(res.body).sort()).toEqual(acme.partnerships.map((p) => p.id).sort());
      expect(res.body.find((p: Row) => p.id === acme.partnerships[0].id)).toEqual({
        id: acme.partnerships[0].id,
        tenant_id: acme.tenant.id,
        school_org_id: acme.orgs.schoolA.id,
        bus_company_org_id: acme.orgs.busA.id,
        school_org: { id: acme.orgs.schoolA.id, name: acme.orgs.schoolA.name },
        bus_company: { id: acme.orgs.busA.id, name: acme.orgs.busA.name },
        created_at: ISO,
      });
    });

    it('answers 404 to a tenant admin asking for another tenant’s partnerships', async () => {
      const res = await t
        .http()
        .get(`/api/global/partnerships?tenant_id=${globex.tenant.id}`)
        .set('Authorization', acme.users.admin.auth)
        .expect(404);
      expect(res.body.message).toBe('Tenant not found.');
    });

    it('lets a platform admin list all partnerships, including every tenant’s', async () => {
      const res = await t.http().get('/api/global/partnerships').set('Authorization', root.auth).expect(200);
      expect(ids(res.body)).toEqual(expect.arrayContaining([...acme.partnerships, ...globex.partnerships].map((p) => p.id)));
    });

    it('links a school to a bus company, and announces it', async () => {
      const x = await buildTenant(t, 'Link');
      const res = await t
        .http()
        .post('/api/global/partnerships')
        .set('Authorization', x.users.admin.auth)
        .send({ tenant_id: x.tenant.id, school_org_id: x.orgs.schoolA.id, bus_company_org_id: x.orgs.busB.id })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        tenant_id: x.tenant.id,
        school_org_id: x.orgs.schoolA.id,
        bus_company_org_id: x.orgs.busB.id,
        school_org: { id: x.orgs.schoolA.id, name: x.orgs.schoolA.name },
        bus_company: { id: x.orgs.busB.id, name: x.orgs.busB.name },
        created_at: ISO,
      });
      expect(eventsNamed('partnership.created')).toContainEqual({ partnership: res.body, tenantId: x.tenant.id });
    });

    it('answers 409 to a pair that is already linked', async () => {
      const res = await t
        .http()
        .post('/api/global/partnerships')
        .set('Authorization', acme.users.admin.auth)
        .send({ tenant_id: acme.tenant.id, school_org_id: acme.orgs.schoolA.id, bus_company_org_id: acme.orgs.busA.id })
        .expect(409);
      expect(res.body.message).toBe('This school and bus company are already partners.');
    });

    it.each<[string, Record<string, string | undefined>, string]>([
      ['no tenant', { tenant_id: undefined }, 'Please pick a Tenant for this partnership.'],
      ['no school', { school_org_id: undefined }, 'Please choose a School.'],
      ['no bus company', { bus_company_org_id: undefined }, 'Please choose a Bus Company.'],
      ['a bus company as the school', { school_org_id: 'busB' }, 'The school must be a School organization of this tenant.'],
      ['an edu group as the school', { school_org_id: 'group' }, 'The school must be a School organization of this tenant.'],
      [
        'a school as the bus company',
        { bus_company_org_id: 'schoolB' },
        'The bus company must be a Bus Company organization of this tenant.',
      ],
      ['another tenant’s school', { school_org_id: 'globex:schoolA' }, 'The school must be a School organization of this tenant.'],
      [
        'another tenant’s bus company',
        { bus_company_org_id: 'globex:busB' },
        'The bus company must be a Bus Company organization of this tenant.',
      ],
    ])('answers 400 to a partnership with %s, and writes nothing', async (_, change, message) => {
      const pick = (v: string) => (v.startsWith('globex:') ? globex.orgs[v.slice(7) as 'schoolA'].id : acme.orgs[v as 'schoolA'].id);
      const body: Record<string, number | undefined> = {
        tenant_id: acme.tenant.id,
        school_org_id: acme.orgs.schoolB.id,
        bus_company_org_id: acme.orgs.busA.id,
      };
      for (const [k, v] of Object.entries(change)) body[k] = v === undefined ? undefined : pick(v);
      const before = await t.db.getRepository(Partnership).countBy({ tenantId: acme.tenant.id });
      const res = await t.http().post('/api/global/partnerships').set('Authorization', acme.users.admin.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.getRepository(Partnership).countBy({ tenantId: acme.tenant.id })).toBe(before);
    });

    it('answers 404 to a tenant admin linking organizations of another tenant, and writes nothing', async () => {
      await t
        .http()
        .post('/api/global/partnerships')
        .set('Authorization', acme.users.admin.auth)
        .send({ tenant_id: globex.tenant.id, school_org_id: globex.orgs.schoolA.id, bus_company_org_id: globex.orgs.busB.id })
        .expect(404);
      expect(
        await t.db.getRepository(Partnership).existsBy({ schoolOrgId: globex.orgs.schoolA.id, busCompanyOrgId: globex.orgs.busB.id }),
      ).toBe(false);
    });

    it('removes a partnership with 204, announces it, and then answers 404', async () => {
      const x = await buildTenant(t, 'Unlink');
      const [first] = x.partnerships;
      await t.http().delete(`/api/global/partnerships/${first.id}`).set('Authorization', x.users.admin.auth).expect(204);
      expect(await t.db.getRepository(Partnership).existsBy({ id: first.id })).toBe(false);
      expect(eventsNamed('partnership.deleted')).toContainEqual({
        partnership: expect.objectContaining({ id: first.id, tenant_id: x.tenant.id }),
        tenantId: x.tenant.id,
      });
      const res = await t.http().delete(`/api/global/partnerships/${first.id}`).set('Authorization', x.users.admin.auth).expect(404);
      expect(res.body.message).toBe('Partnership not found.');
    });

    it('answers 404 to a tenant admin removing another tenant’s partnership, which stays', async () => {
      await t
        .http()
        .delete(`/api/global/partnerships/${globex.partnerships[1].id}`)
        .set('Authorization', acme.users.admin.auth)
        .expect(404);
      expect(await t.db.getRepository(Partnership).existsBy({ id: globex.partnerships[1].id })).toBe(true);
    });

    it('lets a platform admin remove any tenant’s partnership', async () => {
      const x = await buildTenant(t, 'RootUnlink');
      await t.http().delete(`/api/global/partnerships/${x.partnerships[1].id}`).set('Authorization', root.auth).expect(204);
      expect(await t.db.getRepository(Partnership).existsBy({ id: x.partnerships[1].id })).toBe(false);
    });
  });

  it('announces nothing for a refused change', async () => {
    const before = events.length;
    await t
      .http()
      .post('/api/global/orgs')
      .set('Authorization', acme.users.admin.auth)
      .send({ tenant_id: acme.tenant.id, type: 'school', name: 'Copy', slug: acme.orgs.schoolA.slug })
      .expect(409);
    await t
      .http()
      .post('/api/global/tenants')
      .set('Authorization', acme.users.admin.auth)
      .send({ name: 'X', slug: `x-${uniq()}` })
      .expect(403);
    expect(events.slice(before).filter((e) => e.name !== 'user.changed')).toEqual([]);
  });
});
