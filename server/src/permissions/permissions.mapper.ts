import {
  defaultPermissionMatrix,
  noPermissions,
  PERMISSION_KEYS,
  type PermissionMatrixDto,
  type PermissionSet,
} from '../contracts/permissions';
import type { PermissionMatrix, StoredRole } from './permission-matrix.entity';

/** A tenant that never saved its matrix reads the default (defaultPermissionMatrix), with updated_at null. */
export function toPermissionMatrixDto(row: PermissionMatrix | null): PermissionMatrixDto {
  if (!row) return { roles: defaultPermissionMatrix(), updated_at: null };
  const roles: Record<string, PermissionSet> = {};
  // Key order as PERMISSION_KEYS lists it (jsonb keeps its own order inside objects).
  for (const stored of row.roles) {
    roles[stored.role] = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, stored[k] === true])) as PermissionSet;
  }
  // Matrices saved before drivers existed have no driver row.
  return { roles: withDriverRow(roles), updated_at: row.updatedAt.toISOString() };
}

/**
 * The matrix with the built-in driver row (every permission off) after trip_manager when it lacks one: a driver holds
 * no permission in the console (docs/domain.md, "Drivers"), and the row is there so every built-in role shows.
 */
export function withDriverRow(roles: Record<string, PermissionSet>): Record<string, PermissionSet> {
  if ('driver' in roles) return roles;
  const out: Record<string, PermissionSet> = {};
  for (const [role, set] of Object.entries(roles)) {
    out[role] = set;
    if (role === 'trip_manager') out.driver = noPermissions();
  }
  out.driver ??= noPermissions();
  return out;
}

export function toStoredRoles(roles: Record<string, PermissionSet>): StoredRole[] {
  return Object.entries(roles).map(([role, set]) => ({ role, ...set }));
}
