import { type InvoiceDto, InvoiceMessages, invoiceMoney, MAX_REASON, MAX_REFERENCE } from '@contracts/invoices';
import { formatMoney, parseMoney } from '@contracts/rates';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { DateField, parseDay } from '../../components/date-field';
import { ResponsiveModal } from '../../components/responsive';
import { toast } from '../../shared/toast';
import { invoiceKeys, invoicesApi } from './invoices.api';
import { today } from './invoice-months';

/** Which dialog is open, on which invoice. */
export type InvoiceAction = { kind: 'pay' | 'credit'; invoice: InvoiceDto } | null;

/** A refusal, at the field it is about when it names one (the form's check, or the server's 400 `field`); else above Save. */
interface Problem {
  text: string;
  field?: string;
}

/** The server's words for a refusal (400, 409...), else the error's, with the field a 400 names. */
function refusal(e: unknown): Problem {
  const field = e instanceof ApiError ? (e.body as { field?: unknown } | null)?.field : undefined;
  return { text: serverMessage(e) ?? errorText(e), ...(typeof field === 'string' ? { field } : {}) };
}

function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        Save
      </Button>
    </Group>
  );
}

/** A refusal no field of the dialog holds (nothing owed any more, the connection lost). */
function FormProblem({ problem, fields }: { problem: Problem | null; fields: readonly string[] }) {
  return problem && !(problem.field && fields.includes(problem.field)) ? (
    <Alert color="red" variant="light" role="alert">
      {problem.text}
    </Alert>
  ) : null;
}

/**
 * A dialog's Save: the form's own check first (its message at its field, and nothing sent), else the call; the server's
 * refusal stays in the dialog, success says so (the call answers the words), reads the invoice views again and closes.
 * `errorOf(field)` is the problem a field shows; a field's problem clears once it is edited.
 */
function useSave(onClose: () => void) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (local: Problem | null, send: () => Promise<string>) => {
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      toast.success(await send());
      invalidateQueries(invoiceKeys.all);
      onClose();
    } catch (e) {
      setProblem(refusal(e));
      setBusy(false);
    }
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);
  const edited = (field: string) => setProblem((p) => (p?.field === field ? null : p));
  return { problem, busy, save, errorOf, edited };
}

/** An amount in the invoice's currency, typed as AED are written (`1,134.00`); the form turns it into fils. */
function AmountField({
  currency,
  value,
  onChange,
  error,
  description,
  autoFocus = false,
}: {
  currency: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  description?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label={`Amount (${currency})`}
      description={description}
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      data-autofocus={autoFocus || undefined}
    />
  );
}

/** The amount's problem, if any: not a positive amount of fils, or more than what is still owed. */
function amountProblem(fils: number | null, balance: number, words: { amount: string; tooMuch: string }): Problem | null {
  if (fils === null || fils <= 0) return { text: words.amount, field: 'amount' };
  return fils > balance ? { text: words.tooMuch, field: 'amount' } : null;
}

/**
 * Records a payment: how much (all that is still owed unless changed: a deposit or an instalment is less), the day it was
 * paid (today unless changed) and the bank's reference.
 */
function PaymentForm({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const [amount, setAmount] = useState(formatMoney(invoice.balance));
  const [paidOn, setPaidOn] = useState(today());
  const [reference, setReference] = useState('');
  const { problem, busy, save, errorOf, edited } = useSave(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fils = parseMoney(amount);
    const ref = reference.trim();
    // the server's own rules for what it can tell without the invoice; the rest (future, before issue) it answers
    const local: Problem | null =
      amountProblem(fils, invoice.balance, { amount: InvoiceMessages.paymentAmount, tooMuch: InvoiceMessages.paymentTooMuch }) ??
      (!parseDay(paidOn)
        ? { text: InvoiceMessages.paidOn, field: 'paidOn' }
        : !ref || ref.length > MAX_REFERENCE
          ? { text: InvoiceMessages.reference, field: 'reference' }
          : null);
    void save(local, async () => {
      const paid = await invoicesApi.pay(invoice.id, { paidOn, reference: ref, amount: fils! });
      return paid.balance > 0
        ? `${invoiceMoney(fils!, paid.currency)} recorded for ${paid.number}; ${invoiceMoney(paid.balance, paid.currency)} still owed.`
        : `Invoice ${paid.number} paid in full.`;
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Payment for ${invoice.number}`}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          Still owed: {invoiceMoney(invoice.balance, invoice.currency)}
          {invoice.paid > 0 ? ` (${invoiceMoney(invoice.paid, invoice.currency)} paid so far)` : ''}
        </Text>
        <AmountField
          currency={invoice.currency}
          description="All that is still owed, or less for a part payment"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            edited('amount');
          }}
          error={errorOf('amount')}
        />
        <DateField
          label="Payment date"
          value={paidOn}
          onChange={(day) => {
            setPaidOn(day);
            edited('paidOn');
          }}
          error={errorOf('paidOn')}
          required
        />
        {/* the focus goes where there is something to type: the amount and the day are filled in already, and a focused
            date field opens its calendar over the rest of the dialog, the Save button included */}
        <TextInput
          data-autofocus
          label="Reference"
          description="The bank transfer's or cheque's reference"
          value={reference}
          maxLength={MAX_REFERENCE}
          onChange={(e) => {
            setReference(e.currentTarget.value);
            edited('reference');
          }}
          error={errorOf('reference')}
          required
        />
        <FormProblem problem={problem} fields={['amount', 'paidOn', 'reference']} />
        <DialogButtons busy={busy} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Issues a credit note against the invoice: an amount (the whole balance unless changed) and why. */
function CreditNoteForm({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const [amount, setAmount] = useState(formatMoney(invoice.balance));
  const [reason, setReason] = useState('');
  const { problem, busy, save, errorOf, edited } = useSave(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fils = parseMoney(amount);
    const why = reason.trim();
    const local: Problem | null =
      amountProblem(fils, invoice.balance, { amount: InvoiceMessages.creditAmount, tooMuch: InvoiceMessages.creditTooMuch }) ??
      (!why || why.length > MAX_REASON ? { text: InvoiceMessages.creditReason, field: 'reason' } : null);
    void save(local, async () => {
      const note = await invoicesApi.creditNote(invoice.id, { amount: fils!, reason: why });
      return `Credit note ${note.number} issued.`;
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Credit note for ${invoice.number}`}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          Still owed: {invoiceMoney(invoice.balance, invoice.currency)}
        </Text>
        <AmountField
          currency={invoice.currency}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            edited('amount');
          }}
          error={errorOf('amount')}
          autoFocus
        />
        <Textarea
          label="Reason"
          value={reason}
          maxLength={MAX_REASON}
          autosize
          minRows={2}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            edited('reason');
          }}
          error={errorOf('reason')}
          required
        />
        <FormProblem problem={problem} fields={['amount', 'reason']} />
        <DialogButtons busy={busy} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** The Record payment or Credit note dialog of `action`; closed when it is null. */
export function InvoiceActionDialog({ action, onClose }: { action: InvoiceAction; onClose: () => void }) {
  const title = !action ? '' : action.kind === 'pay' ? `Payment for ${action.invoice.number}` : `Credit note for ${action.invoice.number}`;
  return (
    <ResponsiveModal
      opened={action !== null}
      onClose={onClose}
      title={title}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {action?.kind === 'pay' ? <PaymentForm key={action.invoice.id} invoice={action.invoice} onClose={onClose} /> : null}
      {action?.kind === 'credit' ? <CreditNoteForm key={action.invoice.id} invoice={action.invoice} onClose={onClose} /> : null}
    </ResponsiveModal>
  );
}
