import { z } from 'zod';
import { Messages } from '../contracts/messages';
import { SELF_REGISTER_ROLES } from '../contracts/roles';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const loginSchema = z.object({
  email: z.string({ error: Messages.loginRequired }).trim().toLowerCase().min(1, Messages.loginRequired).max(254, Messages.badCredentials),
  password: z.string({ error: Messages.loginRequired }).min(1, Messages.loginRequired).max(200, Messages.badCredentials),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(8, Messages.passwordTooShort)
  .max(200, 'Password is too long.');

export const registerSchema = z.object({
  name: z.string({ error: Messages.nameRequired }).trim().min(1, Messages.nameRequired).max(200, 'Name is too long.'),
  email,
  password: passwordSchema,
  role: z.enum(SELF_REGISTER_ROLES, { error: 'Choose school_staff, bus_company or finance.' }).default('school_staff'),
  tenant: z.string().trim().toLowerCase().max(80).optional(),
});
export type RegisterBody = z.infer<typeof registerSchema>;
