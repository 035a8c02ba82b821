import { type InvoiceDto, invoiceMoney, type InvoicePaymentDto } from '@contracts/invoices';
import type { Role } from '@contracts/roles';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCash, IconReceiptRefund } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { DownloadButton } from '../../components/download-button';
import { EmptyState } from '../../components/empty-state';
import { formatDate } from '../../components/format';
import { usePhone } from '../../components/responsive';
import { useSession } from '../auth/session-context';
import { Field } from '../trips/trip-summary';
import { type InvoiceAction, InvoiceActionDialog } from './invoice-dialogs';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { invoicesApi, saveFile } from './invoices.api';

/** The trip an invoice bills: its destination and departure day. */
function tripOf(invoice: Pick<InvoiceDto, 'tripDestination' | 'tripDate'>): string {
  const day = formatDate(invoice.tripDate);
  return `${invoice.tripDestination}${day ? `, ${day}` : ''}`;
}

/**
 * What kind of bill it is, when it is not the trip itself, and what was credited: a credit note says which invoice it
 * corrects and why ("Credit for DSB-2026-00007: Bus arrived 40 minutes late"), the invoice how much its credit notes
 * took off ("Credited AED 50.00"), so a school reads why it owes less without opening the PDF.
 */
function kindOf(invoice: Pick<InvoiceDto, 'kind' | 'credits' | 'reason' | 'credited' | 'currency'>): string | null {
  if (invoice.kind === 'credit') {
    const what = invoice.credits ? `Credit for ${invoice.credits.number}` : 'Credit note';
    return invoice.reason ? `${what}: ${invoice.reason}` : what;
  }
  const parts = [
    ...(invoice.kind === 'cancellation' ? ['Cancellation fee'] : []),
    ...(invoice.credited > 0 ? [`Credited ${invoiceMoney(invoice.credited, invoice.currency)}`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}

const money = (fils: number, invoice: InvoiceDto) => invoiceMoney(fils, invoice.currency);

/** Something is still owed on it (paid in part, too): it can be paid or credited. */
const open = (invoice: InvoiceDto) => invoice.kind !== 'credit' && invoice.balance > 0;

/** Who may do what (the server checks again): payments by finance and admins; credit notes also by bus companies. */
function useInvoiceRights() {
  const { roles } = useSession();
  const has = (...allowed: Role[]) => roles.some((r) => allowed.includes(r));
  return { pay: has('admin', 'finance'), credit: has('admin', 'finance', 'bus_company') };
}

/** Downloads the invoice's PDF as `<number>.pdf`. */
const PdfButton = memo(function PdfButton({ invoice }: { invoice: InvoiceDto }) {
  return (
    <DownloadButton
      size="compact-sm"
      variant="light"
      fetchFile={async () => ({ blob: await invoicesApi.pdf(invoice.id), fileName: `${invoice.number}.pdf` })}
      save={saveFile}
      what={`Invoice ${invoice.number}: PDF`}
      failure="The PDF could not be downloaded."
      label={`Download ${invoice.number} as PDF`}
    >
      PDF
    </DownloadButton>
  );
});

/** A payment's receipt as a PDF, named by the server (`<invoice number>-R<n>.pdf`). */
const ReceiptButton = memo(function ReceiptButton({ invoice, payment }: { invoice: InvoiceDto; payment: InvoicePaymentDto }) {
  return (
    <DownloadButton
      size="compact-xs"
      variant="subtle"
      fetchFile={() => invoicesApi.receipt(invoice.id, payment.id)}
      save={saveFile}
      what={`Invoice ${invoice.number}: receipt ${payment.id}`}
      failure="The receipt could not be downloaded."
      label={`Receipt for ${money(payment.amount, invoice)} paid on ${formatDate(payment.paidOn)} (${payment.reference})`}
    >
      Receipt
    </DownloadButton>
  );
});

/** PDF, and Record payment and Credit note where the caller may and something is still owed. */
function InvoiceButtons({
  invoice,
  onAction,
  wrap = false,
}: {
  invoice: InvoiceDto;
  onAction: (action: InvoiceAction) => void;
  /** In the table's narrow last column and on a card, the buttons take more lines rather than widen either. */
  wrap?: boolean;
}) {
  const rights = useInvoiceRights();
  const owed = open(invoice);
  return (
    <Group gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
      <PdfButton invoice={invoice} />
      {owed && rights.pay ? (
        <Button
          size="compact-sm"
          variant="light"
          color="green"
          leftSection={<IconCash size={14} />}
          onClick={() => onAction({ kind: 'pay', invoice })}
          aria-label={`Record payment: ${invoice.number}`}
        >
          Record payment
        </Button>
      ) : null}
      {owed && rights.credit ? (
        <Button
          size="compact-sm"
          variant="light"
          color="violet"
          leftSection={<IconReceiptRefund size={14} />}
          onClick={() => onAction({ kind: 'credit', invoice })}
          aria-label={`Credit note: ${invoice.number}`}
        >
          Credit note
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The trip, what kind of bill it is, and each payment ("Paid AED 150.00 on 29 Nov 2026 · TT-5501") with its receipt, so
 * finance and the school read what came in, and when, on the invoice itself (paid in parts, one line a part).
 */
function TripCell({ invoice }: { invoice: InvoiceDto }) {
  const kind = kindOf(invoice);
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {tripOf(invoice)}
      </Text>
      {kind ? (
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
      ) : null}
      {invoice.payments.map((p) => (
        <Group key={p.id} gap={4} wrap="wrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Paid {money(p.amount, invoice)} on {formatDate(p.paidOn)} · {p.reference}
          </Text>
          <ReceiptButton invoice={invoice} payment={p} />
        </Group>
      ))}
    </>
  );
}

/** One invoice as a card, for phones: the table's values stacked, so nothing scrolls sideways. */
function InvoiceCard({ invoice, onAction }: { invoice: InvoiceDto; onAction: (action: InvoiceAction) => void }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={invoice.number} data-invoice-id={invoice.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {invoice.number}
            </Title>
            <TripCell invoice={invoice} />
          </Stack>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="xs">
          <Field label="School">{invoice.schoolName}</Field>
          <Field label="Bus company">{invoice.companyName}</Field>
          <Field label="Issued">{formatDate(invoice.issuedAt)}</Field>
          <Field label="Due">{formatDate(invoice.dueDate)}</Field>
          <Field label="Total">{money(invoice.total, invoice)}</Field>
          <Field label="Balance">{money(invoice.balance, invoice)}</Field>
        </SimpleGrid>
        <InvoiceButtons invoice={invoice} onAction={onAction} wrap />
      </Stack>
    </Paper>
  );
}

/**
 * The invoices in the order given: a table from 768 px, a card per invoice on a phone. Amounts read as the PDF prints
 * them (`invoiceMoney`), so the screen and the paper agree. Record payment and Credit note open their dialog here.
 */
export function InvoiceList({ invoices, emptyText = 'No invoices yet.' }: { invoices: InvoiceDto[]; emptyText?: string }) {
  const isPhone = usePhone();
  const [action, setAction] = useState<InvoiceAction>(null);
  const dialog = <InvoiceActionDialog action={action} onClose={() => setAction(null)} />;
  if (invoices.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Invoices">
        {invoices.map((invoice) => (
          <div role="listitem" key={invoice.id}>
            <InvoiceCard invoice={invoice} onAction={setAction} />
          </div>
        ))}
        {dialog}
      </Stack>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover aria-label="Invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice and trip</Table.Th>
              <Table.Th>School and bus company</Table.Th>
              <Table.Th>Issued and due</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Balance and status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id} data-invoice-id={invoice.id}>
                <Table.Td style={{ minWidth: 180 }}>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {invoice.number}
                  </Text>
                  <TripCell invoice={invoice} />
                </Table.Td>
                <Table.Td style={{ minWidth: 140 }}>
                  <Text size="sm">{invoice.schoolName}</Text>
                  <Text size="xs" c="dimmed">
                    {invoice.companyName}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(invoice.issuedAt)}</Text>
                  <Text size="xs" c="dimmed">
                    due {formatDate(invoice.dueDate)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(invoice.total, invoice)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Stack gap={4} align="flex-end">
                    <Text size="sm">{money(invoice.balance, invoice)}</Text>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Stack>
                </Table.Td>
                <Table.Td style={{ width: 200 }}>
                  <InvoiceButtons invoice={invoice} onAction={setAction} wrap />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog}
    </>
  );
}
