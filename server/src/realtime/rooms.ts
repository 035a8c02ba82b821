import type { OrgType, Role } from '../contracts/roles';

/** Room names, `<scope>:<id>` (the table in README.md "Rooms"). Only the server ever joins sockets to them. */
export const Rooms = {
  /** Every signed-in user of a tenant. */
  tenant: (tenantId: number) => `tenant:${tenantId}`,
  /** The members who act for an organization: school staff of a school, dispatchers of a bus company. */
  org: (orgId: number) => `org:${orgId}`,
  user: (userId: number) => `user:${userId}`,
  role: (role: Role, tenantId: number) => `role:${role}:${tenantId}`,
  /** A driver's consoles: the only room besides their own user's and token's that a driver's socket joins. */
  driver: (fleetDriverId: number) => `driver:${fleetDriverId}`,
  /** Platform admins (role admin, no tenant): they see every tenant. */
  platform: 'platform',
  /** One sign-in token, so signing out closes exactly its sockets on every replica. */
  session: (jti: string) => `jti:${jti}`,
} as const;

/** Who a socket acts for, as far as rooms are concerned. */
export interface RoomMember {
  id: number;
  role: Role;
  tenantId: number | null;
  activeOrgId: number | null;
  /** The type of the active organization, when it has one. */
  activeOrgType: OrgType | null;
  /** A driver's fleet driver (absent or null for every other role). */
  fleetDriverId?: number | null;
}

/**
 * The organization whose trips and bookings a member sees by membership (visibility: docs/domain.md): school staff
 * their school, a bus company its company. Other roles see by role or authorship, so an organization
 * set on, say, a trip manager grants nothing; neither does an organization of the wrong kind.
 */
export function actingOrgId(m: Pick<RoomMember, 'role' | 'activeOrgId' | 'activeOrgType'>): number | null {
  if (m.activeOrgId === null) return null;
  if (m.role === 'school_staff' && m.activeOrgType === 'school') return m.activeOrgId;
  if (m.role === 'bus_company' && m.activeOrgType === 'bus_company') return m.activeOrgId;
  return null;
}

/**
 * The rooms a member's sockets belong to (besides their token's `jti:` room). A driver hears only of their own
 * account and their own assignments (docs/domain.md, "Drivers"): no tenant, role or organization room, whose trips
 * and fleet events are not theirs to see.
 */
export function roomsFor(m: RoomMember): string[] {
  if (m.role === 'driver') return m.fleetDriverId ? [Rooms.user(m.id), Rooms.driver(m.fleetDriverId)] : [Rooms.user(m.id)];
  if (m.tenantId === null) return m.role === 'admin' ? [Rooms.platform, Rooms.user(m.id)] : [Rooms.user(m.id)];
  const rooms = [Rooms.tenant(m.tenantId), Rooms.role(m.role, m.tenantId), Rooms.user(m.id)];
  const org = actingOrgId(m);
  if (org !== null) rooms.push(Rooms.org(org));
  return rooms;
}

/** Rooms a member leaves and joins when its role, tenant or organization changes. */
export function roomMoves(before: RoomMember, after: RoomMember): { leave: string[]; join: string[] } {
  const was = roomsFor(before);
  const is = roomsFor(after);
  return { leave: was.filter((r) => !is.includes(r)), join: is.filter((r) => !was.includes(r)) };
}

/** The tenant a socket belongs to, read back from its rooms (they follow the user across replicas). */
export function tenantOfRooms(rooms: Iterable<string>): number | 'platform' | null {
  for (const room of rooms) {
    if (room === Rooms.platform) return 'platform';
    const m = /^tenant:(\d+)$/.exec(room);
    if (m) return Number(m[1]);
  }
  return null;
}
