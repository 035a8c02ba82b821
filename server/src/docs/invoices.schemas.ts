import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceDto, type InvoiceSummaryDto } from '../contracts/invoices';

/** The invoices' response bodies (docs/domain.md, "Invoices") for the OpenAPI document, checked against their wire types. */

const fils = z.number().int().min(0).meta({ description: 'Money in minor units (fils for AED).' });
const idNum = z.number().int().min(1);

export const invoicePaymentSchema = z
  .object({
    id: idNum,
    paidOn: z.string().meta({ description: '`YYYY-MM-DD`.' }),
    reference: z.string(),
    amount: fils.meta({ description: 'What was paid, in fils: up to what was still owed.' }),
    recordedBy: z.string().nullable(),
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'InvoicePayment', description: 'A recorded payment towards an invoice, on a day; an invoice may be paid in parts.' });

export const invoiceSchema = z
  .object({
    id: idNum,
    number: z.string().meta({ description: 'Gap-free per company and year (credit notes share the count).' }),
    tenantId: idNum,
    companyId: idNum,
    companyName: z.string(),
    schoolOrgId: idNum,
    schoolName: z.string(),
    tripId: idNum,
    tripDestination: z.string(),
    tripDate: z.string(),
    kind: z.enum(INVOICE_KINDS),
    issuedAt: z.iso.datetime({ offset: true }),
    dueDate: z.string(),
    currency: z.string(),
    vatBasisPoints: z.number().int().min(0),
    lines: z.array(z.object({ description: z.string(), amount: fils, vat: fils })),
    subtotal: fils,
    vat: fils,
    total: fils,
    requester: z.string().meta({ description: 'Who asked for the trip.' }),
    credits: z
      .object({ id: idNum, number: z.string() })
      .nullable()
      .meta({ description: 'A credit note: the invoice it corrects; null on invoices.' }),
    reason: z.string().nullable().meta({ description: 'A credit note: why it was issued; null on invoices.' }),
    credited: fils.meta({ description: 'Credited against this invoice by its credit notes (0 on a credit note).' }),
    payments: z.array(invoicePaymentSchema).meta({ description: 'Its payments, by the day paid; none on a credit note.' }),
    paid: fils.meta({ description: 'The payments’ sum.' }),
    balance: fils.meta({ description: 'Still owed: total − credited − paid; 0 on a credit note.' }),
    status: z.enum(INVOICE_STATUSES).meta({ description: 'Worked out when read, on the server’s today.' }),
  })
  .meta({ id: 'Invoice', description: 'Issued once and never changed; its payments and credit notes are kept beside it.' });

export const invoiceSummarySchema = z
  .object({
    count: z.number().int().min(0),
    paidRevenue: fils.meta({ description: 'What recorded payments brought in (parts of unpaid invoices too).' }),
    outstanding: fils.meta({ description: 'Balances still owed.' }),
    overdue: fils.meta({ description: 'The part of it past due.' }),
    currency: z.string().meta({ description: 'The invoices’ currency when they all share one, else AED.' }),
  })
  .meta({ id: 'InvoiceSummary', description: 'Finance’s totals over the invoices a filter keeps, in fils.' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time check in its value
const _matches: Record<string, true> = {
  invoice: true satisfies Checked<typeof invoiceSchema, InvoiceDto>,
  summary: true satisfies Checked<typeof invoiceSummarySchema, InvoiceSummaryDto>,
};
