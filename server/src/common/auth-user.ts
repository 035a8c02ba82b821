import type { Role, UserStatus } from '../contracts/roles';

/** Who is calling: loaded fresh from the database on each request, so role and tenant changes apply at once. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** null for a platform admin. */
  tenantId: number | null;
  activeOrgId: number | null;
  /** A driver's fleet driver (`users.fleet_driver_id`); null for every other role. */
  fleetDriverId: number | null;
  /** The token's id and expiry, for sign-out. */
  jti: string;
  exp: number;
  /** The token's session generation (see User.sessionGeneration); absent means 0. */
  gen?: number;
}

export const isPlatformAdmin = (u: Pick<AuthUser, 'role' | 'tenantId'>) => u.role === 'admin' && u.tenantId === null;
