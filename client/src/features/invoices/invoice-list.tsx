import { type InvoiceDto, invoiceMoney } from '@contracts/invoices';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { EmptyState } from '../../components/empty-state';
import { formatDate } from '../../components/format';
import { usePhone } from '../../components/responsive';
import { toast } from '../../shared/toast';
import { Field } from '../trips/trip-summary';
import { invoicesApi, saveFile } from './invoices.api';

/** What an invoice bills: the trip, with its day, or the fee for cancelling it. */
function invoiceFor(invoice: Pick<InvoiceDto, 'kind' | 'tripDestination' | 'tripDate'>): string {
  if (invoice.kind === 'cancellation') return `Cancellation fee: ${invoice.tripDestination}`;
  const day = formatDate(invoice.tripDate);
  return `Trip: ${invoice.tripDestination}${day ? `, ${day}` : ''}`;
}

const total = (invoice: InvoiceDto) => invoiceMoney(invoice.total, invoice.currency);

/** Downloads the invoice's PDF as `<number>.pdf`; the button waits while it comes. */
const PdfButton = memo(function PdfButton({ invoice }: { invoice: InvoiceDto }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      saveFile(`${invoice.number}.pdf`, await invoicesApi.pdf(invoice.id));
    } catch (e) {
      console.error(`Invoice ${invoice.number}: PDF download failed`, errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: 'The PDF could not be downloaded.' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={loading}
      onClick={() => void download()}
      aria-label={`Download ${invoice.number} as PDF`}
    >
      PDF
    </Button>
  );
});

/** One invoice as a card, for phones: the table's values stacked, so nothing scrolls sideways. */
function InvoiceCard({ invoice }: { invoice: InvoiceDto }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={invoice.number} data-invoice-id={invoice.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {invoice.number}
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {invoiceFor(invoice)}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {total(invoice)}
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="xs">
          <Field label="School">{invoice.schoolName}</Field>
          <Field label="Bus company">{invoice.companyName}</Field>
          <Field label="Issued">{formatDate(invoice.issuedAt)}</Field>
          <Field label="Due">{formatDate(invoice.dueDate)}</Field>
        </SimpleGrid>
        <Group>
          <PdfButton invoice={invoice} />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The invoices, newest first: a table from 768 px, a card per invoice on a phone. Totals read as the PDF prints them
 * (`invoiceMoney`), so the screen and the paper agree.
 */
export function InvoiceList({ invoices }: { invoices: InvoiceDto[] }) {
  const isPhone = usePhone();
  if (invoices.length === 0) return <EmptyState>No invoices yet.</EmptyState>;
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Invoices">
        {invoices.map((invoice) => (
          <div role="listitem" key={invoice.id}>
            <InvoiceCard invoice={invoice} />
          </div>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>School</Table.Th>
            <Table.Th>Bus company</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th aria-label="PDF" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id} data-invoice-id={invoice.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                {invoice.number}
              </Table.Td>
              <Table.Td style={{ minWidth: 200 }}>{invoiceFor(invoice)}</Table.Td>
              <Table.Td>{invoice.schoolName}</Table.Td>
              <Table.Td>{invoice.companyName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.issuedAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.dueDate)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {total(invoice)}
              </Table.Td>
              <Table.Td>
                <PdfButton invoice={invoice} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
