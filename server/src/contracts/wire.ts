import type { EmailNoticePrefs } from './notices';
import type { OrgType, Role, UserStatus } from './roles';

/** A user's profile, plus the names the console shows. */
export interface ProfileDto {
  id: number;
  name: string;
  email: string;
  role: Role;
  roles: Role[];
  status: UserStatus;
  tenant_id: number | null;
  active_org_id: number | null;
  tenant: { id: number; name: string; slug: string } | null;
  active_org: { id: number; name: string; type: OrgType } | null;
  created_at: string;
  /**
   * Which notices the user takes by e-mail (docs/domain.md, "Notifications"); every notice on until they choose. The
   * server always fills it; optional so a profile made up elsewhere (the client's tests) may leave it out.
   */
  emailNotices?: EmailNoticePrefs;
}

export interface LoginResponse {
  token: string;
  user: ProfileDto;
}

export interface TenantDto {
  id: number;
  name: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

/** GET /health: whether the database answers, which driver and which Socket.IO adapter this replica runs. */
export interface HealthDto {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  databaseDriver: 'postgres' | 'pglite';
  adapter: 'memory' | 'redis';
  redis: 'disabled' | 'up' | 'down';
}
