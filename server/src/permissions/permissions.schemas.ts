import { z } from 'zod';
import { idFromText } from '../common/input';
import { acceptRoleName, INVALID_ROLE_NAME, PERMISSION_KEYS, type PermissionSet } from '../contracts/permissions';
import { ASSIGNABLE_ROLES } from '../contracts/roles';
import { withDriverRow } from './permissions.mapper';

export const PermissionMessages = {
  rolesRequired: 'Send the matrix as {roles: {roleName: {canRequestTrips, canEditTrips, canChangeStatus, canMarkPaid, accessFinance}}}.',
  notBoolean: 'Each permission must be true or false.',
  unknownPermission: `Permissions are ${PERMISSION_KEYS.join(', ')}.`,
  builtInRoleMissing: `The built-in roles (${ASSIGNABLE_ROLES.join(', ')}) cannot be removed.`,
  driverPermissionsFixed: "The driver role's permissions stay off: drivers see only their own assignments.",
  tooManyRoles: 'A matrix holds at most 50 roles.',
  tenantRequired: 'Pass tenant_id to choose a tenant.',
} as const;
const M = PermissionMessages;

// Keys need no text block: role names must match acceptRoleName's pattern and permissions PERMISSION_KEYS.
// A role's row: every permission a boolean; a missing one is off (custom roles start with every permission off).
const permissionSet = z
  .record(z.string(), z.unknown(), { error: M.rolesRequired })
  .superRefine((row, ctx) => {
    for (const [key, value] of Object.entries(row)) {
      if (!(PERMISSION_KEYS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', message: M.unknownPermission });
      else if (typeof value !== 'boolean') ctx.addIssue({ code: 'custom', message: M.notBoolean });
    }
  })
  .transform((row) => Object.fromEntries(PERMISSION_KEYS.map((k) => [k, row[k] === true])) as PermissionSet);

/**
 * PUT /permissions: the whole matrix. Role names are normalised as the add-role input does (acceptRoleName);
 * a name that is empty, or that collides with another once normalised, is "Invalid or duplicate role name.".
 */
export const putPermissionsSchema = z.object(
  {
    roles: z
      .record(z.string(), permissionSet, { error: M.rolesRequired })
      .superRefine((roles, ctx) => {
        const names = Object.keys(roles);
        if (names.length > 50) ctx.addIssue({ code: 'custom', message: M.tooManyRoles });
        const seen: string[] = [];
        for (const name of names) {
          const role = acceptRoleName(name, seen);
          if (role === null) ctx.addIssue({ code: 'custom', message: INVALID_ROLE_NAME });
          else seen.push(role);
          if (role === 'driver' && Object.values(roles[name]).some(Boolean)) {
            ctx.addIssue({ code: 'custom', message: M.driverPermissionsFixed });
          }
        }
        // The driver row may be left out: it is always there, all off (withDriverRow).
        if (seen.length === names.length && ASSIGNABLE_ROLES.some((r) => !seen.includes(r))) {
          ctx.addIssue({ code: 'custom', message: M.builtInRoleMissing });
        }
      })
      .transform((roles) => {
        const out: Record<string, PermissionSet> = {};
        for (const [name, set] of Object.entries(roles)) out[acceptRoleName(name, []) ?? name] = set;
        return withDriverRow(out);
      }),
  },
  { error: M.rolesRequired },
);
export type PutPermissionsBody = z.infer<typeof putPermissionsSchema>;

export const permissionsQuery = z.object({
  tenant_id: z.preprocess((v) => (v === '' ? undefined : v), idFromText('tenant_id must be a tenant id.').optional()),
});
export type PermissionsQuery = z.infer<typeof permissionsQuery>;
