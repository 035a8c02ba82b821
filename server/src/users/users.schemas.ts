import { z } from 'zod';
import { passwordSchema } from '../auth/auth.schemas';
import { id, idFromText, text } from '../common/input';
import { Messages } from '../contracts/messages';
import { EMAIL_NOTICES, type EmailNotice } from '../contracts/notices';
import { ASSIGNABLE_ROLES, USER_STATUSES } from '../contracts/roles';

const name = text({ error: Messages.nameRequired, max: 200, tooLong: 'Name is too long.' }).trim().min(1, Messages.nameRequired);
const orgId = id('active_org_id must be an organization id or null.');

export const updateUserSchema = z
  .object({
    // Not `driver`: a driver account comes only from the driver's invitation (docs/domain.md, "Drivers").
    role: z.enum(ASSIGNABLE_ROLES, { error: `Role must be one of ${ASSIGNABLE_ROLES.join(', ')}.` }).optional(),
    status: z.enum(USER_STATUSES, { error: 'Status must be approved or pending.' }).optional(),
    name: name.optional(),
    active_org_id: orgId.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update.' });
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

/** The 400 for an e-mail choice that names an unknown notice or is not true or false. */
export const emailNoticesInvalid = `Choose e-mail notices by name: ${EMAIL_NOTICES.join(', ')}; each true or false.`;

const emailNotices = z.strictObject(
  Object.fromEntries(EMAIL_NOTICES.map((n) => [n, z.boolean({ error: emailNoticesInvalid }).optional()])) as Record<
    EmailNotice,
    z.ZodOptional<z.ZodBoolean>
  >,
  { error: emailNoticesInvalid },
);

export const updateMeSchema = z
  .object({
    name: name.optional(),
    // Only the notices named change; the others keep the user's choice (or the default).
    emailNotices: emailNotices.optional(),
    password: z.union([z.literal(''), passwordSchema]).optional(),
    confirmPassword: text({ max: 200, tooLong: Messages.passwordsDoNotMatch }).optional(),
    // A new password needs the current one, so a session left open (or a stolen token) cannot take the account.
    currentPassword: text({ error: Messages.currentPasswordRequired, max: 200, tooLong: Messages.currentPasswordWrong }).optional(),
  })
  .refine((b) => !b.password || b.password === b.confirmPassword, { message: Messages.passwordsDoNotMatch, path: ['confirmPassword'] })
  .refine((b) => !b.password || !!b.currentPassword, { message: Messages.currentPasswordRequired, path: ['currentPassword'] })
  .refine((b) => b.name !== undefined || !!b.password || Object.keys(b.emailNotices ?? {}).length > 0, { message: 'Nothing to update.' });
export type UpdateMeBody = z.infer<typeof updateMeSchema>;

export const approveSchema = z.object({
  active_org_id: orgId.nullable().optional(),
});
export type ApproveBody = z.infer<typeof approveSchema>;

export const listUsersQuery = z.object({
  tenant_id: idFromText('tenant_id must be a tenant id.').optional(),
});
