import type { Role } from '@contracts/roles';
import { canOpen, type ShellPath } from '../../shared/access';

export interface NavLinkSpec {
  path: ShellPath;
  label: string;
  /** sidebar group: the main links, or the admin tools */
  group: 'main' | 'admin';
}

/**
 * The sidebar: Dashboard, All Trips and Settings for everyone allowed on them; Approvals for school_staff and admin; Extra Bookings
 * for school_staff, trip_manager, admin; Finance for finance, admin; Invoices for admin, finance, bus_company and
 * school_staff; Global Admin for admin; plus the admin tools. Each link shows only for roles the route table lets in, so Dashboard is hidden from
 * finance (finance lands on All Trips instead; docs/domain.md, "Roles").
 */
const LINKS: NavLinkSpec[] = [
  { path: '/', label: 'Dashboard', group: 'main' },
  { path: '/trips', label: 'All Trips', group: 'main' },
  { path: '/approvals', label: 'Approvals', group: 'main' },
  { path: '/dispatch', label: 'Dispatch Board', group: 'main' },
  { path: '/fleet', label: 'Fleet', group: 'main' },
  { path: '/rates', label: 'Rates', group: 'main' },
  { path: '/bookings', label: 'Extra Bookings', group: 'main' },
  { path: '/finance', label: 'Finance', group: 'main' },
  { path: '/invoices', label: 'Invoices', group: 'main' },
  { path: '/admin/users', label: 'Users', group: 'admin' },
  { path: '/admin/approvals', label: 'Pending Users', group: 'admin' },
  { path: '/admin/roles', label: 'Role Permissions', group: 'admin' },
  { path: '/admin/global', label: 'Global Admin', group: 'admin' },
  { path: '/settings', label: 'Settings', group: 'main' },
];

export function navLinksFor(roles: readonly Role[]): NavLinkSpec[] {
  return LINKS.filter((link) => canOpen(link.path, roles));
}
