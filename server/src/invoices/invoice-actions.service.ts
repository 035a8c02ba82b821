import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { creditNoteLines, type InvoiceDto, InvoiceMessages as M } from '../contracts/invoices';
import { UnitOfWork } from '../database/unit-of-work';
import { TripsService } from '../trips/trips.service';
import { insertPayment, issueInvoice, lockInvoice, readInvoice } from './invoices.repository';
import type { CreditNoteInput, InvoicePaymentInput } from './invoices.schemas';

/**
 * What finance does to an invoice (docs/domain.md, "Invoices"): record a payment towards it, or issue a credit note
 * against it. Each takes the invoice's row lock first, so two of them on one invoice take turns and the second reads the
 * balance the first left (a payment of the whole of it twice at once: one 200, one 409). `invoice.changed` goes out after the
 * commit for every invoice whose figures moved. Who may call which is the controller's @Roles; who may see which
 * invoice is `visibleInvoices` (another tenant's, another company's: 404).
 */
@Injectable()
export class InvoiceActions {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly trips: TripsService,
  ) {}

  /**
   * Records a payment on `paidOn` of `amount` fils, or of all that is still owed when the body names no amount. The
   * payment that settles an invoice (nothing owed after it) marks its trip paid in the same transaction.
   */
  pay(caller: AuthUser, id: number, body: InvoicePaymentInput): Promise<InvoiceDto> {
    return this.unitOfWork.run(async (work) => {
      const { tx, publish } = work;
      const { invoice, issuedOn } = await this.locked(tx, caller, id);
      if (invoice.kind === 'credit') throw new ConflictException(M.creditNotePaid);
      if (invoice.balance <= 0) throw new ConflictException(invoice.paid > 0 ? M.alreadyPaid : M.nothingOwed);
      if (body.paidOn < issuedOn) throw new BadRequestException({ message: M.paidBeforeIssue, field: 'paidOn' });
      if (body.amount !== undefined && body.amount > invoice.balance) {
        throw new BadRequestException({ message: M.paymentTooMuch, field: 'amount' });
      }
      await insertPayment(tx, {
        invoiceId: invoice.id,
        tenantId: invoice.tenantId,
        paidOn: body.paidOn,
        reference: body.reference,
        amount: body.amount ?? invoice.balance,
        by: caller,
      });
      const paid = (await readInvoice(tx, caller, id))!;
      if (paid.balance === 0) await this.trips.markPaidIn(work, caller, paid.tripId);
      publish('invoice.changed', { invoice: paid });
      return paid;
    });
  }

  /** Issues a credit note for `amount` fils (VAT included) against the invoice: its own number, due the day issued. */
  credit(caller: AuthUser, id: number, body: CreditNoteInput): Promise<InvoiceDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const { invoice } = await this.locked(tx, caller, id);
      if (invoice.kind === 'credit') throw new ConflictException(M.creditCredit);
      if (invoice.balance <= 0) throw new ConflictException(invoice.paid > 0 ? M.creditPaid : M.nothingOwed);
      if (body.amount > invoice.balance) throw new BadRequestException({ message: M.creditTooMuch, field: 'amount' });
      const noteId = await issueInvoice(tx, {
        tenantId: invoice.tenantId,
        companyOrgId: invoice.companyId,
        schoolOrgId: invoice.schoolOrgId,
        tripId: invoice.tripId,
        kind: 'credit',
        currency: invoice.currency,
        vatBasisPoints: invoice.vatBasisPoints,
        lines: creditNoteLines(invoice, body.amount, body.reason),
        dueDays: 0,
        creditsInvoiceId: invoice.id,
        reason: body.reason,
      });
      const note = (await readInvoice(tx, caller, noteId!))!;
      const credited = (await readInvoice(tx, caller, id))!;
      publish('invoice.changed', { invoice: note });
      publish('invoice.changed', { invoice: credited });
      return note;
    });
  }

  /** The invoice as it stands once its row lock is held (checked visible first, so no lock is taken on another's). */
  private async locked(tx: EntityManager, caller: AuthUser, id: number): Promise<{ invoice: InvoiceDto; issuedOn: string }> {
    if (!(await readInvoice(tx, caller, id))) throw new NotFoundException('Invoice not found.');
    const issuedOn = await lockInvoice(tx, id);
    const invoice = issuedOn === null ? null : await readInvoice(tx, caller, id);
    if (!invoice || issuedOn === null) throw new NotFoundException('Invoice not found.');
    return { invoice, issuedOn };
  }
}
