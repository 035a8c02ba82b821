import { z } from 'zod';
import { text } from '../common/input';
import { Messages } from '../contracts/messages';
import { SELF_REGISTER_ROLES } from '../contracts/roles';

/** An e-mail as accounts keep it: trimmed, lower-cased, valid. */
export const emailSchema = text({ error: 'Email is required.', max: 254, tooLong: 'Email is too long.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const loginSchema = z.object({
  email: text({ error: Messages.loginRequired, max: 254, tooLong: Messages.badCredentials })
    .trim()
    .toLowerCase()
    .min(1, Messages.loginRequired),
  password: text({ error: Messages.loginRequired, max: 200, tooLong: Messages.badCredentials }).min(1, Messages.loginRequired),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const passwordSchema = text({ error: 'Password is required.', max: 200, tooLong: 'Password is too long.' })
  .min(1, 'Password is required.')
  .min(8, Messages.passwordTooShort);

export const registerSchema = z.object({
  name: text({ error: Messages.nameRequired, max: 200, tooLong: 'Name is too long.' }).trim().min(1, Messages.nameRequired),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(SELF_REGISTER_ROLES, { error: 'Choose school_staff, bus_company or finance.' }).default('school_staff'),
  tenant: text({ error: Messages.unknownTenant, max: 80, tooLong: Messages.unknownTenant }).trim().toLowerCase().optional(),
});
export type RegisterBody = z.infer<typeof registerSchema>;

/** POST /driver-invites/{token}: the e-mail and password the driver will sign in with, checked as at registration. */
export const driverSignUpSchema = z.object(
  { email: emailSchema, password: passwordSchema },
  { error: 'The request body must be a JSON object.' },
);
export type DriverSignUpInput = z.infer<typeof driverSignUpSchema>;
