import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas';
import { FleetMessages as M } from '../contracts/fleet-messages';

const blankIsNone = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * POST /fleet/drivers/{id}/invite: optionally the driver's e-mail, offered on the sign-up page (blank is none).
 * Whether an account already uses it is told at sign-up, where the driver may pick another.
 */
export const driverInviteSchema = z.object(
  {
    email: z.preprocess(blankIsNone, emailSchema.nullable().optional()).transform((v) => v ?? null),
  },
  { error: M.bodyNotObject },
);
export type DriverInviteInput = z.infer<typeof driverInviteSchema>;
