import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import type { InvoiceDto, InvoiceSummaryDto } from '../contracts/invoices';
import { DEFAULT_TRIP_PAGE_SIZE } from '../contracts/trip-list';
import { ApiDoc } from '../docs/api-doc';
import { invoiceSchema, invoiceSummarySchema } from '../docs/invoices.schemas';
import { InvoiceActions } from './invoice-actions.service';
import { invoicesCsv } from './invoice-csv';
import { invoicePdf } from './invoice-pdf';
import { readInvoice, readInvoiceSummary, readInvoices, readReceiptFacts } from './invoices.repository';
import { receiptNumber, receiptPdf } from './receipt-pdf';
import {
  type CreditNoteInput,
  creditNoteBody,
  type InvoiceFilterQuery,
  invoiceFilterQuery,
  type InvoiceListQuery,
  invoiceListQuery,
  type InvoicePaymentInput,
  invoicePaymentBody,
} from './invoices.schemas';

/** The most invoices one list (or CSV) answers, in its order. */
const INVOICE_LIST_LIMIT = 1000;

/**
 * Invoices (docs/domain.md, "Invoices"): a tenant's admins and finance see all of its invoices, a bus company its own,
 * school staff their school's; another tenant's answers 404. Finance (and the tenant's admins) record payments; they
 * and the invoice's own bus company issue credit notes.
 */
@Controller('invoices')
@Roles('admin', 'finance', 'bus_company', 'school_staff')
export class InvoicesController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly actions: InvoiceActions,
  ) {}

  @Get()
  @ApiDoc({
    summary:
      "The invoices the caller may see that the filter keeps, newest issued first: one page (`page`, `pageSize`; the total is the summary's count), else at most 1,000.",
    response: z.array(invoiceSchema),
  })
  list(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(invoiceListQuery)) query: InvoiceListQuery): Promise<InvoiceDto[]> {
    const { page, pageSize, ...filter } = query;
    if (page === undefined && pageSize === undefined) return readInvoices(this.db.manager, caller, INVOICE_LIST_LIMIT, filter);
    const size = pageSize ?? DEFAULT_TRIP_PAGE_SIZE;
    return readInvoices(this.db.manager, caller, size, filter, { offset: ((page ?? 1) - 1) * size });
  }

  @Get('summary')
  @ApiDoc({
    summary: 'Finance’s totals over every invoice the caller may see that the filter keeps: paid, still owed, overdue.',
    response: invoiceSummarySchema,
  })
  summary(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(invoiceFilterQuery)) filter: InvoiceFilterQuery): Promise<InvoiceSummaryDto> {
    return readInvoiceSummary(this.db.manager, caller, filter);
  }

  @Get('csv')
  @ApiDoc({
    summary: 'The invoices of the list (same filter, order and limit) as a CSV file.',
    response: { mediaType: 'text/csv', description: 'The CSV file, as an attachment (`invoices.csv`).' },
  })
  async csv(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(invoiceFilterQuery)) filter: InvoiceFilterQuery): Promise<StreamableFile> {
    const invoices = await readInvoices(this.db.manager, caller, INVOICE_LIST_LIMIT, filter);
    return new StreamableFile(Buffer.from(invoicesCsv(invoices), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="invoices.csv"',
    });
  }

  @Get(':id')
  @ApiDoc({ summary: 'One invoice.', response: invoiceSchema, errors: { 404: 'No such invoice for the caller.' } })
  async one(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<InvoiceDto> {
    const invoice = await readInvoice(this.db.manager, caller, id);
    if (!invoice) throw new NotFoundException('Invoice not found.');
    return invoice;
  }

  @Get(':id/pdf')
  @ApiDoc({
    summary: 'The invoice (or credit note) as a PDF.',
    response: { mediaType: 'application/pdf', description: 'The PDF file, as an attachment.' },
    errors: { 404: 'No such invoice for the caller.' },
  })
  async pdf(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<StreamableFile> {
    const invoice = await readInvoice(this.db.manager, caller, id);
    if (!invoice) throw new NotFoundException('Invoice not found.');
    return new StreamableFile(await invoicePdf(invoice), {
      type: 'application/pdf',
      disposition: `attachment; filename="${invoice.number}.pdf"`,
    });
  }

  @Get(':id/payments/:paymentId/receipt')
  @ApiDoc({
    summary: 'A receipt for one payment of the invoice, as a PDF: `<invoice number>-R<n>`, the n-th payment recorded.',
    response: { mediaType: 'application/pdf', description: 'The PDF file, as an attachment.' },
    errors: { 404: 'No such invoice for the caller, or no such payment of it.' },
  })
  async receipt(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('paymentId', IdPipe) paymentId: number,
  ): Promise<StreamableFile> {
    const invoice = await readInvoice(this.db.manager, caller, id);
    if (!invoice) throw new NotFoundException('Invoice not found.');
    const facts = await readReceiptFacts(this.db.manager, invoice, paymentId);
    if (!facts) throw new NotFoundException('Payment not found.');
    return new StreamableFile(await receiptPdf(invoice, facts), {
      type: 'application/pdf',
      disposition: `attachment; filename="${receiptNumber(invoice, facts.ordinal)}.pdf"`,
    });
  }

  @Post(':id/payment')
  @HttpCode(200)
  @Roles('admin', 'finance')
  @ApiDoc({
    summary: 'Record the invoice’s payment: the whole balance, on a day, with its reference.',
    response: invoiceSchema,
    errors: {
      400: 'The day does not read, is in the future or before the invoice was issued; the reference is empty or too long.',
      404: 'No such invoice for the caller.',
      409: 'Already paid, a credit note, or nothing owed (credited in full).',
    },
  })
  pay(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(invoicePaymentBody)) body: InvoicePaymentInput,
  ): Promise<InvoiceDto> {
    return this.actions.pay(caller, id, body);
  }

  @Post(':id/credit-notes')
  @HttpCode(201)
  @Roles('admin', 'finance', 'bus_company')
  @ApiDoc({
    summary: 'Issue a credit note against the invoice (VAT split at its rate); answers the credit note.',
    response: invoiceSchema,
    errors: {
      400: 'The amount is not whole fils from 1 to what is still owed, or the reason is empty or too long.',
      404: 'No such invoice for the caller (a bus company: another company’s).',
      409: 'The invoice is paid, is a credit note, or nothing is owed on it.',
    },
  })
  credit(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(creditNoteBody)) body: CreditNoteInput,
  ): Promise<InvoiceDto> {
    return this.actions.credit(caller, id, body);
  }
}
