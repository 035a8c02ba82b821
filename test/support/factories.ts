import { randomBytes } from 'node:crypto';
import { SessionsService } from '../../server/src/auth/sessions.service';
import { hashPassword } from '../../server/src/auth/passwords';
import type { OrgType, Role, UserStatus } from '../../server/src/contracts/roles';
import { Organization } from '../../server/src/tenancy/organization.entity';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { Tenant } from '../../server/src/tenancy/tenant.entity';
import { User } from '../../server/src/users/user.entity';
import type { TestApp } from './app';

export const TEST_PASSWORD = 'correct-horse-9';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

export const uniq = () => randomBytes(5).toString('hex');

export interface TestUser {
  user: User;
  token: string;
  /** `Authorization` header value. */
  auth: string;
}

export interface TestTenant {
  tenant: Tenant;
  orgs: { group: Organization; schoolA: Organization; schoolB: Organization; busA: Organization; busB: Organization };
  /** schoolA–busA and schoolB–busB, as Greenfield–Desert Star and Riverside–Falcon in the demo. */
  partnerships: Partnership[];
  users: {
    admin: TestUser;
    staffA: TestUser;
    staffB: TestUser;
    staffNoOrg: TestUser;
    busA: TestUser;
    busB: TestUser;
    finance: TestUser;
    manager: TestUser;
  };
  pending: User;
}

/** A tenant of its own for one test (outline's buildTeam): nothing is shared, nothing truncated. */
export async function buildTenant(t: TestApp, name = 'Tenant'): Promise<TestTenant> {
  const id = uniq();
  const tenant = await t.db.getRepository(Tenant).save({ name: `${name} ${id}`, slug: `t-${id}` });
  const org = (type: OrgType, label: string, parentOrgId: number | null = null) =>
    t.db.getRepository(Organization).save({
      tenantId: tenant.id,
      type,
      name: `${label} ${id}`,
      slug: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}`,
      code: null,
      parentOrgId,
    });
  const group = await org('edu_group', 'Group');
  const schoolA = await org('school', 'School A', group.id);
  const schoolB = await org('school', 'School B', group.id);
  const busA = await org('bus_company', 'Bus A');
  const busB = await org('bus_company', 'Bus B');
  const partnerships = await t.db.getRepository(Partnership).save([
    { tenantId: tenant.id, schoolOrgId: schoolA.id, busCompanyOrgId: busA.id },
    { tenantId: tenant.id, schoolOrgId: schoolB.id, busCompanyOrgId: busB.id },
  ]);
  const mk = (role: Role, label: string, activeOrgId: number | null = null) =>
    buildUser(t, { tenantId: tenant.id, role, name: `${label} ${id}`, activeOrgId });
  return {
    tenant,
    orgs: { group, schoolA, schoolB, busA, busB },
    partnerships,
    users: {
      admin: await mk('admin', 'Admin'),
      staffA: await mk('school_staff', 'Staff A', schoolA.id),
      staffB: await mk('school_staff', 'Staff B', schoolB.id),
      staffNoOrg: await mk('school_staff', 'Staff NoOrg'),
      busA: await mk('bus_company', 'Dispatch A', busA.id),
      busB: await mk('bus_company', 'Dispatch B', busB.id),
      finance: await mk('finance', 'Finance'),
      manager: await mk('trip_manager', 'Manager'),
    },
    pending: (
      await buildUser(t, { tenantId: tenant.id, role: 'school_staff', name: `Pending ${id}`, status: 'pending', activeOrgId: schoolA.id })
    ).user,
  };
}

export async function buildUser(
  t: TestApp,
  opts: { tenantId: number | null; role: Role; name?: string; email?: string; status?: UserStatus; activeOrgId?: number | null },
): Promise<TestUser> {
  const id = uniq();
  const user = await t.db.getRepository(User).save({
    tenantId: opts.tenantId,
    role: opts.role,
    name: opts.name ?? `User ${id}`,
    email: opts.email ?? `${opts.role}.${id}@example.test`,
    status: opts.status ?? 'approved',
    activeOrgId: opts.activeOrgId ?? null,
    passwordHash: await passwordHash(),
  });
  const token = t.app.get(SessionsService).issue(user);
  return { user, token, auth: `Bearer ${token}` };
}

/** A platform admin (role admin, no tenant). */
export const buildPlatformAdmin = (t: TestApp) => buildUser(t, { tenantId: null, role: 'admin', name: `Root ${uniq()}` });
