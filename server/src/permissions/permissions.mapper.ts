import { defaultPermissionMatrix, PERMISSION_KEYS, type PermissionMatrixDto, type PermissionSet } from '../contracts/permissions';
import type { PermissionMatrix, StoredRole } from './permission-matrix.entity';

/** A tenant that never saved its matrix reads the default (defaultPermissionMatrix), with updated_at null. */
export function toPermissionMatrixDto(row: PermissionMatrix | null): PermissionMatrixDto {
  if (!row) return { roles: defaultPermissionMatrix(), updated_at: null };
  const roles: Record<string, PermissionSet> = {};
  // Key order as PERMISSION_KEYS lists it (jsonb keeps its own order inside objects).
  for (const stored of row.roles) {
    roles[stored.role] = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, stored[k] === true])) as PermissionSet;
  }
  return { roles, updated_at: row.updatedAt.toISOString() };
}

export function toStoredRoles(roles: Record<string, PermissionSet>): StoredRole[] {
  return Object.entries(roles).map(([role, set]) => ({ role, ...set }));
}
