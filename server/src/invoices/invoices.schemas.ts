import { z } from 'zod';
import { idFromText, isStorableText } from '../common/input';
import { localDate } from '../contracts/calendar';
import { InvoiceMessages as M, MAX_INVOICE_SEARCH, MAX_REASON, MAX_REFERENCE } from '../contracts/invoices';
import { isTripDate } from '../contracts/trip-form-rules';
import { isTripMonth, MAX_TRIP_PAGE_SIZE, TripListMessages } from '../contracts/trip-list';
import { TripMessages } from '../contracts/trip-messages';

const BODY_NOT_OBJECT = TripMessages.bodyNotObject;

/**
 * Input shapes of the invoice calls, with the messages of contracts/invoices.ts. As the trip list's query, an empty
 * query value counts as absent; as every body, unknown keys are dropped.
 */

/** '' and a missing parameter are the same: not asked. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** GET /invoices, /invoices/summary, /invoices/csv: contracts/invoices.ts `InvoiceFilter`. */
export const invoiceFilterQuery = z.object({
  payment: optional(z.enum(['paid', 'unpaid'], { error: M.payment })),
  month: optional(z.string({ error: M.month }).refine(isTripMonth, M.month)),
  search: optional(
    z
      .string({ error: M.search })
      .max(MAX_INVOICE_SEARCH, M.search)
      .refine((s) => !CONTROL.test(s) && isStorableText(s), M.search),
  ),
  schoolId: optional(idFromText(M.schoolId)),
  order: optional(z.enum(['newest', 'oldest'], { error: M.order })),
});
export type InvoiceFilterQuery = z.infer<typeof invoiceFilterQuery>;

/** A whole number from a query string, within bounds. */
const whole = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** GET /invoices: the filter, and a page of it (Finance's: its total is the summary's count), else the newest 1,000. */
export const invoiceListQuery = invoiceFilterQuery.extend({
  page: optional(whole(TripListMessages.pageInvalid, 1, 100_000_000)),
  pageSize: optional(whole(TripListMessages.pageSizeInvalid, 1, MAX_TRIP_PAGE_SIZE)),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/**
 * POST /invoices/{id}/payment. Whether the day is on or after the issue, and the amount at most what is owed, is the
 * service's (it reads the invoice).
 */
export const invoicePaymentBody = z.object(
  {
    paidOn: z
      .string({ error: M.paidOn })
      .refine(isTripDate, M.paidOn)
      .refine((day) => day <= localDate(), M.paidInFuture),
    reference: z
      .string({ error: M.reference })
      .trim()
      .min(1, M.reference)
      .max(MAX_REFERENCE, M.reference)
      .refine((s) => !CONTROL.test(s) && isStorableText(s), M.reference),
    amount: z.number({ error: M.paymentAmount }).int(M.paymentAmount).min(1, M.paymentAmount).optional(),
  },
  { error: BODY_NOT_OBJECT },
);
export type InvoicePaymentInput = z.infer<typeof invoicePaymentBody>;

/** POST /invoices/{id}/credit-notes. At most what is still owed is the service's (it reads the balance). */
export const creditNoteBody = z.object(
  {
    amount: z.number({ error: M.creditAmount }).int(M.creditAmount).min(1, M.creditAmount),
    reason: z
      .string({ error: M.creditReason })
      .trim()
      .min(1, M.creditReason)
      .max(MAX_REASON, M.creditReason)
      .refine((s) => !s.includes('\u0000') && isStorableText(s), M.creditReason),
  },
  { error: BODY_NOT_OBJECT },
);
export type CreditNoteInput = z.infer<typeof creditNoteBody>;
