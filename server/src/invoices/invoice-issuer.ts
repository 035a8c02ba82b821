import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEventMap } from '../common/domain-events';
import { cancellationInvoiceLines, type InvoiceLine, tripInvoiceLines } from '../contracts/invoices';
import { DEFAULT_CURRENCY, DEFAULT_DUE_DAYS, DEFAULT_VAT_BASIS_POINTS } from '../contracts/rates';
import type { TripStatus } from '../contracts/trip-wire';
import { type PublishedEvent, UnitOfWork, type Work } from '../database/unit-of-work';
import { issueInvoice, readInvoiceUnscoped } from './invoices.repository';

/**
 * Issues invoices inside the transaction of the change that calls for them (a before-commit hook of the unit of
 * work, as the e-mail outbox): a trip that moved to Completed in this transaction is invoiced by its company for its
 * buses' prices; one that moved to Canceled with a cancellation fee, for the fee. Whatever way the trip got there (a
 * dispatcher, an admin, its drivers' last step), the invoice commits with it or not at all. Each new invoice is read
 * back in the transaction and announced (`invoice.changed`) once it has committed.
 */
@Injectable()
export class InvoiceIssuer implements OnModuleInit, OnModuleDestroy {
  private unregister?: () => void;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  onModuleInit(): void {
    this.unregister = this.unitOfWork.beforeCommit((tx, events, unit) => this.issue(tx, events, unit.publish));
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  private async issue(tx: EntityManager, events: readonly PublishedEvent[], publish: Work['publish']): Promise<void> {
    for (const event of events) {
      if (event.name !== 'trip.updated') continue;
      const { trip } = event.payload as DomainEventMap['trip.updated'];
      if (trip.busCompanyOrgId === null) continue;
      // Only a trip now Completed, or Canceled with a fee, can be invoiced: any other change reads nothing more (most
      // changes of a trip are not these, and each read is a round trip inside their transaction).
      if (trip.status !== 'Completed' && !(trip.status === 'Canceled' && trip.cancellationFee)) continue;
      // The moves this transaction wrote (history rows stamped with its start, now()).
      const moves = await tx.query<{ to_status: TripStatus | null }[]>(
        'SELECT to_status FROM trip_history WHERE trip_id = $1 AND at = now() AND from_status IS DISTINCT FROM to_status',
        [trip.id],
      );
      const into = new Set(moves.map((m) => m.to_status));
      const kind = into.has(trip.status) ? (trip.status === 'Completed' ? 'trip' : 'cancellation') : null;
      if (!kind) continue;
      const { currency, vatBasisPoints, dueDays } = await this.terms(tx, trip);
      const lines: InvoiceLine[] =
        kind === 'trip' ? tripInvoiceLines(trip, vatBasisPoints) : cancellationInvoiceLines(trip.cancellationFee!, vatBasisPoints);
      if (lines.length === 0) continue;
      const id = await issueInvoice(tx, {
        tenantId: trip.tenantId,
        companyOrgId: trip.busCompanyOrgId,
        schoolOrgId: trip.schoolOrgId,
        tripId: trip.id,
        kind,
        currency,
        vatBasisPoints,
        lines,
        dueDays,
      });
      const invoice = id === null ? null : await readInvoiceUnscoped(tx, id);
      if (invoice) publish('invoice.changed', { invoice });
    }
  }

  /**
   * The currency and VAT the trip was quoted in, else the company's current card's, else AED and 5 %; the payment
   * terms are the company's current card's (its `dueDays`), else 30 days.
   */
  private async terms(
    tx: EntityManager,
    trip: DomainEventMap['trip.updated']['trip'],
  ): Promise<{ currency: string; vatBasisPoints: number; dueDays: number }> {
    const [card] = await tx.query<{ currency: string; vat_basis_points: number; due_days: number }[]>(
      'SELECT currency, vat_basis_points, due_days FROM rate_cards WHERE company_org_id = $1 ORDER BY version DESC LIMIT 1',
      [trip.busCompanyOrgId],
    );
    const dueDays = card ? Number(card.due_days) : DEFAULT_DUE_DAYS;
    if (trip.estimate) return { currency: trip.estimate.quote.currency, vatBasisPoints: trip.estimate.quote.vatBasisPoints, dueDays };
    return card
      ? { currency: card.currency, vatBasisPoints: Number(card.vat_basis_points), dueDays }
      : { currency: DEFAULT_CURRENCY, vatBasisPoints: DEFAULT_VAT_BASIS_POINTS, dueDays };
  }
}
