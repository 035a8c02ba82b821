import { z } from 'zod';
import type { SchoolBalanceDto, StatementDto } from '../contracts/invoices';

/** Balances by age and monthly statements (docs/domain.md, "Invoices") for the OpenAPI document, checked against their wire types. */

const fils = z.number().int().min(0).meta({ description: 'Money in minor units (fils for AED).' });
const signedFils = z.number().int().meta({ description: 'Money in minor units; below zero when the school is in credit.' });
const idNum = z.number().int().min(1);

export const schoolBalanceSchema = z
  .object({
    schoolOrgId: idNum,
    schoolName: z.string(),
    currency: z.string(),
    current: fils.meta({ description: 'Not yet past due.' }),
    days1to30: fils,
    days31to60: fils,
    days61to90: fils,
    over90: fils,
    total: fils,
  })
  .meta({ id: 'SchoolBalance', description: 'What a school still owes on unpaid invoices, by days past due.' });

export const statementSchema = z
  .object({
    schoolOrgId: idNum,
    schoolName: z.string(),
    month: z.string().meta({ description: '`YYYY-MM`.' }),
    currency: z.string(),
    openingBalance: signedFils,
    entries: z.array(
      z.object({
        date: z.string().meta({ description: '`YYYY-MM-DD`.' }),
        kind: z.enum(['invoice', 'credit', 'payment']),
        number: z.string(),
        companyName: z.string(),
        description: z.string(),
        debit: fils,
        credit: fils,
        balance: signedFils,
      }),
    ),
    closingBalance: signedFils,
  })
  .meta({ id: 'Statement', description: 'A school’s invoices, credit notes and payments in one month, with the running balance.' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time check in its value
const _matches: Record<string, true> = {
  schoolBalance: true satisfies Checked<typeof schoolBalanceSchema, SchoolBalanceDto>,
  statement: true satisfies Checked<typeof statementSchema, StatementDto>,
};
