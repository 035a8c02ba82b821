import type { EntityManager } from 'typeorm';
import { hashPassword } from '../../auth/passwords';
import type { OrgType, Role, UserStatus } from '../../contracts/roles';
import { Organization } from '../../tenancy/organization.entity';
import { Partnership } from '../../tenancy/partnership.entity';
import { Tenant } from '../../tenancy/tenant.entity';
import { User } from '../../users/user.entity';
import { DEMO_PASSWORD } from './demo-password';

export { DEMO_PASSWORD };

/** What the tenancy seed made, by name, for the seeds of later features to build on. */
export interface DemoRefs {
  tenants: Record<'demo' | 'northwind', Tenant>;
  orgs: Record<string, Organization>;
  users: Record<string, User>;
}

type OrgSeed = [key: string, tenant: 'demo' | 'northwind', type: OrgType, name: string, slug: string, parent?: string];
const ORGS: OrgSeed[] = [
  ['demoGroup', 'demo', 'edu_group', 'Demo Education Group', 'demo-education-group'],
  ['greenfield', 'demo', 'school', 'Greenfield Primary', 'greenfield-primary', 'demoGroup'],
  ['riverside', 'demo', 'school', 'Riverside Academy', 'riverside-academy', 'demoGroup'],
  ['desertStar', 'demo', 'bus_company', 'Desert Star Buses', 'desert-star-buses'],
  ['falcon', 'demo', 'bus_company', 'Falcon Transport', 'falcon-transport'],
  ['northwindHigh', 'northwind', 'school', 'Northwind High', 'northwind-high'],
  ['northwindCoaches', 'northwind', 'bus_company', 'Northwind Coaches', 'northwind-coaches'],
];

type UserSeed = [email: string, name: string, role: Role, tenant: 'demo' | 'northwind' | null, org: string | null, status?: UserStatus];

// The demo accounts README.md lists: one per role and organization, a pending one, and a second tenant.
const USERS: UserSeed[] = [
  ['root@platform.test', 'Platform Root', 'admin', null, null],
  ['admin@demo.test', 'Dana Admin', 'admin', 'demo', null],
  ['staff.greenfield@demo.test', 'Grace Green', 'school_staff', 'demo', 'greenfield'],
  // Greenfield's approvers (approvals.seed.ts): its head of year first, then its principal.
  ['teacher.greenfield@demo.test', 'Tariq Haddad', 'school_staff', 'demo', 'greenfield'],
  ['principal.greenfield@demo.test', 'Priya Raman', 'school_staff', 'demo', 'greenfield'],
  ['staff.riverside@demo.test', 'Rami Rivers', 'school_staff', 'demo', 'riverside'],
  ['dispatch.desertstar@demo.test', 'Dev Desert', 'bus_company', 'demo', 'desertStar'],
  ['dispatch.falcon@demo.test', 'Fay Falcon', 'bus_company', 'demo', 'falcon'],
  ['finance@demo.test', 'Fin Ance', 'finance', 'demo', null],
  ['manager@demo.test', 'Max Manager', 'trip_manager', 'demo', null],
  // Desert Star's driver Sara Nasser (fleet.seed.ts links the account to her), on today's Central Library trip.
  ['driver.desertstar@demo.test', 'Sara Nasser', 'driver', 'demo', 'desertStar'],
  ['pending@demo.test', 'Penny Pending', 'school_staff', 'demo', 'greenfield', 'pending'],
  ['admin@northwind.test', 'Nora Admin', 'admin', 'northwind', null],
  ['staff@northwind.test', 'Ned Staff', 'school_staff', 'northwind', 'northwindHigh'],
  ['dispatch@northwind.test', 'Nick Dispatch', 'bus_company', 'northwind', 'northwindCoaches'],
];

/** The demo accounts' addresses: the only accounts the seed gives the demo password. */
export const DEMO_EMAILS: readonly string[] = USERS.map(([email]) => email);

const PARTNERS: [school: string, bus: string][] = [
  ['greenfield', 'desertStar'],
  ['riverside', 'falcon'],
  ['northwindHigh', 'northwindCoaches'],
];

/** Extra demo rows that feature modules add (trips, bookings), run after the tenancy seed. */
export type DemoSeeder = (tx: EntityManager, refs: DemoRefs) => Promise<void>;

export async function seedDemo(tx: EntityManager, extra: DemoSeeder[] = []): Promise<DemoRefs> {
  const tenants = {
    demo: await tx.save(tx.create(Tenant, { name: 'Demo District', slug: 'demo' })),
    northwind: await tx.save(tx.create(Tenant, { name: 'Northwind Schools', slug: 'northwind' })),
  };
  const orgs: Record<string, Organization> = {};
  for (const [key, tenant, type, name, slug, parent] of ORGS) {
    orgs[key] = await tx.save(
      tx.create(Organization, { tenantId: tenants[tenant].id, type, name, slug, code: null, parentOrgId: parent ? orgs[parent].id : null }),
    );
  }
  for (const [school, bus] of PARTNERS) {
    await tx.save(tx.create(Partnership, { tenantId: orgs[school].tenantId, schoolOrgId: orgs[school].id, busCompanyOrgId: orgs[bus].id }));
  }
  // One hash for every demo account: they share the password, and argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: Record<string, User> = {};
  for (const [email, name, role, tenant, org, status] of USERS) {
    users[email] = await tx.save(
      tx.create(User, {
        email,
        name,
        role,
        status: status ?? 'approved',
        tenantId: tenant ? tenants[tenant].id : null,
        activeOrgId: org ? orgs[org].id : null,
        passwordHash,
      }),
    );
  }
  const refs = { tenants, orgs, users };
  for (const seeder of extra) await seeder(tx, refs);
  return refs;
}
