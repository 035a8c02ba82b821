import type { Role } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';

/**
 * The route table: who may open each route. Every route but /today is inside the console's shell; /today is the
 * driver's phone page and the only page a driver may open (docs/domain.md, "The day of travel").
 */
export const ROUTE_ROLES = {
  '/': ['school_staff', 'bus_company', 'trip_manager', 'admin'],
  '/trips': ['admin', 'trip_manager', 'school_staff', 'bus_company', 'finance'],
  '/bookings': ['school_staff', 'trip_manager', 'admin'],
  // the requests waiting at a school and its approval policy, for its staff and admins (docs/domain.md, "Approval at the school")
  '/approvals': ['admin', 'school_staff'],
  '/finance': ['finance', 'admin'],
  // what bus companies bill schools: the tenant's for admins and finance, a company's or a school's own (docs/domain.md, "Invoices")
  '/invoices': ['admin', 'finance', 'bus_company', 'school_staff'],
  // the board for dispatchers, admins and trip managers; the fleet for those who manage it (docs/domain.md, "Fleet")
  '/dispatch': ['bus_company', 'admin', 'trip_manager'],
  '/fleet': ['bus_company', 'admin'],
  // what the company charges, kept by those who manage its fleet (docs/domain.md, "Rate cards")
  '/rates': ['bus_company', 'admin'],
  '/admin/roles': ['admin'],
  '/admin/users': ['admin'],
  '/admin/approvals': ['admin'],
  '/admin/global': ['admin'],
  '/settings': ['school_staff', 'bus_company', 'trip_manager', 'admin', 'finance'],
  '/today': ['driver'],
} as const satisfies Record<string, readonly Role[]>;

export type ShellPath = keyof typeof ROUTE_ROLES;

/**
 * Pages that are not in the sidebar, each with the sidebar page whose roles may open it: a driver's run sheet comes from
 * the company's fleet, which dispatchers and admins manage (not trip managers).
 */
export const SUB_PAGES: Readonly<Record<string, ShellPath>> = { '/dispatch/run-sheet': '/fleet' };

/** Roles come from the profile's roles list, or from its single role when there is no list. */
export function rolesOf(profile: Pick<ProfileDto, 'role'> & { roles?: readonly Role[] | null }): Role[] {
  if (profile.roles && profile.roles.length > 0) return [...profile.roles];
  return profile.role ? [profile.role] : [];
}

export function canOpen(path: ShellPath, roles: readonly Role[]): boolean {
  const allowed: readonly Role[] = ROUTE_ROLES[path];
  return roles.some((role) => allowed.includes(role));
}

/** A driver sees their day and nothing else: every other page sends them to /today. */
export function isDriver(roles: readonly Role[]): boolean {
  return roles.includes('driver');
}

/**
 * Where a signed-in user lands: the dashboard, All Trips for roles the dashboard excludes (finance), a driver's day for
 * a driver.
 */
export type HomePath = Extract<ShellPath, '/' | '/trips' | '/settings' | '/today'>;

export function homePath(roles: readonly Role[]): HomePath {
  if (isDriver(roles)) return '/today';
  if (canOpen('/', roles)) return '/';
  if (canOpen('/trips', roles)) return '/trips';
  return '/settings';
}

/** What a "Back to …" button calls a role's home page. */
export const HOME_LABELS: Record<HomePath, string> = {
  '/': 'Dashboard',
  '/trips': 'All Trips',
  '/settings': 'Settings',
  '/today': 'Today',
};

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  school_staff: 'School Staff',
  bus_company: 'Bus Company',
  finance: 'Finance',
  trip_manager: 'Trip Manager',
  driver: 'Driver',
};

export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Role';
  return (ROLE_LABELS as Record<string, string>)[role] ?? role.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The location state of a redirect to /login: the page that asked for a session, to return to after sign-in. */
export interface FromState {
  from?: string;
}

/**
 * After sign-in: back to the page that asked for it when the role may open it, else the landing page (a driver always
 * lands on /today).
 */
export function landingFor(roles: readonly Role[], from?: string | null): string {
  if (from && !isDriver(roles)) {
    const path = from.split(/[?#]/)[0];
    const rights = path in ROUTE_ROLES ? (path as ShellPath) : SUB_PAGES[path];
    if (rights && canOpen(rights, roles)) return from;
  }
  return homePath(roles);
}
