import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { id, text } from '../common/input';
import { MAX_DEPARTURE_COUNT, PROGRESS_STEPS, STEP_NOTE_MAX } from '../contracts/progress-rules';

/**
 * Input shapes of the driver's calls (docs/domain.md, "The day of travel"), with their messages. A tap may reach the
 * server late (the phone was offline), so its time is the device's, within bounds the server's clock sets.
 */

/** How far ahead of the server's clock a device's time may be (a phone's clock a little fast). */
const FUTURE_MINUTES = 5;
/** How old a tap may be when it arrives (a phone offline for days). */
const PAST_DAYS = 7;

export const StepMessages = {
  idInvalid: 'The step id must be a UUID made by the device.',
  tripInvalid: 'The trip id must be a whole number from 1.',
  stepInvalid: `The step must be one of ${PROGRESS_STEPS.join(', ')}.`,
  atInvalid: 'The time of the tap must be a date and time with its offset (ISO 8601), for example 2026-12-02T09:15:00+04:00.',
  atAhead: `The time of the tap is more than ${FUTURE_MINUTES} minutes ahead of the server's clock: check the phone's date and time.`,
  atTooOld: `The tap is more than ${PAST_DAYS} days old and can no longer be recorded: tell your dispatcher.`,
  passengersInvalid: `The passengers on board must be a whole number from 0 to ${MAX_DEPARTURE_COUNT}.`,
  noteInvalid: 'A note must be text.',
  noteTooLong: `A note must be at most ${STEP_NOTE_MAX} characters.`,
} as const;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const stepId = z
  .string({ error: StepMessages.idInvalid })
  .regex(GUID, StepMessages.idInvalid)
  .transform((v) => v.toLowerCase());

const at = z
  .string({ error: StepMessages.atInvalid })
  .pipe(z.iso.datetime({ offset: true, error: StepMessages.atInvalid }))
  .refine((v) => Date.parse(v) <= Date.now() + FUTURE_MINUTES * 60_000, StepMessages.atAhead)
  .refine((v) => Date.parse(v) >= Date.now() - PAST_DAYS * 86_400_000, StepMessages.atTooOld);

export const stepSchema = z.object({
  id: stepId,
  tripId: id(StepMessages.tripInvalid),
  step: z.enum(PROGRESS_STEPS, { error: StepMessages.stepInvalid }),
  at,
  passengers: z
    .number({ error: StepMessages.passengersInvalid })
    .int(StepMessages.passengersInvalid)
    .min(0, StepMessages.passengersInvalid)
    .max(MAX_DEPARTURE_COUNT, StepMessages.passengersInvalid)
    .nullable()
    .optional(),
  // Blank is no note.
  note: text({ error: StepMessages.noteInvalid, max: STEP_NOTE_MAX * 2, tooLong: StepMessages.noteTooLong })
    .trim()
    .max(STEP_NOTE_MAX, StepMessages.noteTooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type StepInput = z.infer<typeof stepSchema>;

/** The `:id` of a step (the device's UUID), lower-cased; anything else is a 400 before any lookup. */
export class StepIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!GUID.test(value)) throw new BadRequestException(StepMessages.idInvalid);
    return value.toLowerCase();
  }
}
