import { z } from 'zod';
import { id } from '../../common/input';
import { PRESENCE_ACTIVITIES, PRESENCE_SYNC_MAX_TRIPS, PresenceMessages } from '../../contracts/presence';

/** What presence commands may carry (contracts/presence.ts); anything else is refused with the first problem's message. */
export const presenceSetSchema = z.object(
  {
    tripId: id(),
    activity: z.enum(PRESENCE_ACTIVITIES, { error: PresenceMessages.badActivity }),
  },
  { error: PresenceMessages.badRequest },
);

export const presenceClearSchema = z.object({ tripId: id().optional() }, { error: PresenceMessages.badClear });

export const presenceSyncSchema = z.object(
  { tripIds: z.array(id(), { error: PresenceMessages.badSync }).max(PRESENCE_SYNC_MAX_TRIPS, PresenceMessages.badSync).optional() },
  { error: PresenceMessages.badSync },
);

/** The first problem's message, as the HTTP API answers a bad body (common/zod.pipe.ts). */
export function parsePresence<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; message: string } {
  const result = schema.safeParse(value ?? {});
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? PresenceMessages.badRequest };
}
