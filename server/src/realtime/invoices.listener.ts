import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { invoiceRooms } from './audiences';
import { LivePublisher, send } from './live-publisher.service';

/**
 * Invoices and credit notes (docs/domain.md, "Invoices") to exactly those who may read them: issued with a trip's
 * change, paid or credited later. The record goes as GET /invoices/{id} answers it, so a list upserts it by id.
 */
@Injectable()
export class InvoicesListener {
  constructor(private readonly publisher: LivePublisher) {}

  @OnEvent('invoice.changed')
  invoiceChanged({ invoice }: DomainEventMap['invoice.changed']): void {
    void this.publisher.publish(invoice.tenantId, () => [send('invoice:changed', invoiceRooms(invoice), { invoice })]);
  }
}
