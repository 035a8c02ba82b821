/** The permissions a role holds, one switch each, as the role matrix shows them. */
export const PERMISSION_KEYS = ['canRequestTrips', 'canEditTrips', 'canChangeStatus', 'canMarkPaid', 'accessFinance'] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type PermissionSet = Record<PermissionKey, boolean>;

/** GET/PUT /permissions: the tenant's role matrix; updated_at is null until an admin first saves it. */
export interface PermissionMatrixDto {
  roles: Record<string, PermissionSet>;
  updated_at: string | null;
}

/** What adding a role answers when its name is empty or already taken. */
export const INVALID_ROLE_NAME = 'Invalid or duplicate role name.';

const set = (on: PermissionKey[]): PermissionSet => Object.fromEntries(PERMISSION_KEYS.map((k) => [k, on.includes(k)])) as PermissionSet;

/**
 * The default matrix. admin holds every permission; trip_manager requests and edits trips, as the trip rules let
 * it request them (docs/domain.md, "States and who moves them"); driver holds none, for good (docs/domain.md, "Drivers").
 */
export function defaultPermissionMatrix(): Record<string, PermissionSet> {
  return {
    admin: set([...PERMISSION_KEYS]),
    school_staff: set(['canRequestTrips']),
    bus_company: set(['canEditTrips', 'canChangeStatus']),
    finance: set(['canEditTrips', 'canMarkPaid', 'accessFinance']),
    trip_manager: set(['canRequestTrips', 'canEditTrips']),
    driver: set([]),
  };
}

/** A custom role starts with every permission off. */
export const noPermissions = (): PermissionSet => set([]);

/** A role name is trimmed, lower-cased, and its spaces become underscores. */
export const normalizeRoleName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * The add-role check, shared by the editor and the server: the normalised name, or null when it is
 * empty, already present, longer than 40 characters (a user's role column) or not made of letters,
 * digits, underscores and hyphens.
 */
export function acceptRoleName(name: string, existing: Iterable<string>): string | null {
  const role = normalizeRoleName(name);
  // Starts with a letter or digit, which also keeps names like "__proto__" out of the matrix object.
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(role)) return null;
  for (const other of existing) if (normalizeRoleName(other) === role) return null;
  return role;
}
