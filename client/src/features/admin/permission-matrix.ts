import {
  acceptRoleName,
  INVALID_ROLE_NAME,
  noPermissions,
  PERMISSION_KEYS,
  type PermissionKey,
  type PermissionSet,
} from '@contracts/permissions';

/** role name -> permission set: the permission matrix of one tenant (docs/domain.md, "Role permissions"). */
export type PermissionMatrix = Record<string, PermissionSet>;

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  canRequestTrips: 'Request trips',
  canEditTrips: 'Edit trips',
  canChangeStatus: 'Change status',
  canMarkPaid: 'Mark paid',
  accessFinance: 'Finance access',
};

/** An empty or duplicate name is refused; a custom role starts with every permission off. */
export function addRole(matrix: PermissionMatrix, raw: string): { matrix: PermissionMatrix; role: string } | { error: string } {
  const role = acceptRoleName(raw, Object.keys(matrix));
  if (role === null) return { error: INVALID_ROLE_NAME };
  return { matrix: { ...matrix, [role]: noPermissions() }, role };
}

/** Reads a matrix answer defensively: unknown flags count as off. */
export function toMatrix(value: unknown): PermissionMatrix | null {
  const roles = value && typeof value === 'object' && 'roles' in value ? (value as { roles: unknown }).roles : null;
  if (!roles || typeof roles !== 'object') return null;
  const out: PermissionMatrix = {};
  for (const [role, perms] of Object.entries(roles as Record<string, unknown>)) {
    const p = (perms && typeof perms === 'object' ? perms : {}) as Record<string, unknown>;
    out[role] = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, p[k] === true])) as PermissionSet;
  }
  return out;
}
