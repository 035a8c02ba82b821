import { Controller, Get, Header, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe } from '../common/zod.pipe';
import type { InvoiceDto } from '../contracts/invoices';
import { ApiDoc } from '../docs/api-doc';
import { invoiceSchema } from '../docs/invoices.schemas';
import { invoicePdf } from './invoice-pdf';
import { readInvoice, readInvoices } from './invoices.repository';

/** The most invoices one list answers, newest first. */
const INVOICE_LIST_LIMIT = 1000;

/**
 * Invoices (docs/domain.md, "Invoices"): a tenant's admins and finance see all of its invoices, a bus company its own,
 * school staff their school's; another tenant's answers 404.
 */
@Controller('invoices')
@Roles('admin', 'finance', 'bus_company', 'school_staff')
export class InvoicesController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  @ApiDoc({ summary: 'The invoices the caller may see, newest first.', response: z.array(invoiceSchema) })
  list(@CurrentUser() caller: AuthUser): Promise<InvoiceDto[]> {
    return readInvoices(this.db.manager, caller, INVOICE_LIST_LIMIT);
  }

  @Get(':id')
  @ApiDoc({ summary: 'One invoice.', response: invoiceSchema, errors: { 404: 'No such invoice for the caller.' } })
  async one(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<InvoiceDto> {
    const invoice = await readInvoice(this.db.manager, caller, id);
    if (!invoice) throw new NotFoundException('Invoice not found.');
    return invoice;
  }

  @Get(':id/pdf')
  @Header('Content-Type', 'application/pdf')
  @ApiDoc({
    summary: 'The invoice as a PDF.',
    response: { mediaType: 'application/pdf', description: 'The PDF file, as an attachment.' },
    errors: { 404: 'No such invoice for the caller.' },
  })
  async pdf(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const invoice = await readInvoice(this.db.manager, caller, id);
    if (!invoice) throw new NotFoundException('Invoice not found.');
    res.setHeader('Content-Disposition', `attachment; filename="${invoice.number}.pdf"`);
    return new StreamableFile(await invoicePdf(invoice));
  }
}
