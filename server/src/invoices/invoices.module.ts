import { Module } from '@nestjs/common';
import { TripsModule } from '../trips/trips.module';
import { InvoiceActions } from './invoice-actions.service';
import { InvoiceIssuer } from './invoice-issuer';
import { InvoicesController } from './invoices.controller';
import { StatementsController } from './statements.controller';

/** Invoices (docs/domain.md, "Invoices"): issued with the change that calls for them, listed, printed, paid and credited. */
// StatementsController first: its `GET /invoices/balances` must match before `GET /invoices/:id`.
@Module({ imports: [TripsModule], controllers: [StatementsController, InvoicesController], providers: [InvoiceIssuer, InvoiceActions] })
export class InvoicesModule {}
