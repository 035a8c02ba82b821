import { z } from 'zod';
import { INVOICE_KINDS, type InvoiceDto } from '../contracts/invoices';

/** The invoice's response body (docs/domain.md, "Invoices") for the OpenAPI document, checked against its wire type. */

const fils = z.number().int().min(0).meta({ description: 'Money in minor units (fils for AED).' });
const idNum = z.number().int().min(1);

export const invoiceSchema = z
  .object({
    id: idNum,
    number: z.string().meta({ description: 'Gap-free per company and year.' }),
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
  })
  .meta({ id: 'Invoice', description: 'Issued once and never changed.' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time check in its value
const _matches: Record<string, true> = {
  invoice: true satisfies Checked<typeof invoiceSchema, InvoiceDto>,
};
