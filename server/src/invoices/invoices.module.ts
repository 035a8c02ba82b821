import { Module } from '@nestjs/common';
import { InvoiceIssuer } from './invoice-issuer';
import { InvoicesController } from './invoices.controller';

/** Invoices (docs/domain.md, "Invoices"): issued with the change that calls for them, listed and printed. */
@Module({ controllers: [InvoicesController], providers: [InvoiceIssuer] })
export class InvoicesModule {}
