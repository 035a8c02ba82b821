import { z } from 'zod';
import { passwordSchema } from '../auth/auth.schemas';
import { Messages } from '../contracts/messages';
import { ROLES, USER_STATUSES } from '../contracts/roles';

export const updateUserSchema = z
  .object({
    role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }).optional(),
    status: z.enum(USER_STATUSES, { error: 'Status must be approved or pending.' }).optional(),
    name: z.string().trim().min(1, Messages.nameRequired).max(200, 'Name is too long.').optional(),
    active_org_id: z.number({ error: 'active_org_id must be an organization id or null.' }).int().positive().nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update.' });
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

export const updateMeSchema = z
  .object({
    name: z.string({ error: Messages.nameRequired }).trim().min(1, Messages.nameRequired).max(200, 'Name is too long.').optional(),
    password: z.union([z.literal(''), passwordSchema]).optional(),
    confirmPassword: z.string().max(200).optional(),
  })
  .refine((b) => !b.password || b.password === b.confirmPassword, { message: Messages.passwordsDoNotMatch, path: ['confirmPassword'] })
  .refine((b) => b.name !== undefined || !!b.password, { message: 'Nothing to update.' });
export type UpdateMeBody = z.infer<typeof updateMeSchema>;

export const approveSchema = z.object({
  active_org_id: z.number().int().positive().nullable().optional(),
});
export type ApproveBody = z.infer<typeof approveSchema>;

export const listUsersQuery = z.object({
  tenant_id: z.coerce.number().int().positive().optional(),
});
