import { AGEING_BUCKETS, AGEING_LABELS, invoiceMoney, type SchoolBalanceDto } from '@contracts/invoices';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { usePhone } from '../../components/responsive';
import { toast } from '../../shared/toast';
import { Field } from '../trips/trip-summary';
import { currentMonth, recentMonths } from './invoice-months';
import { invoicesApi, saveFile, useSchoolBalances } from './invoices.api';

/** A school's statement for a month it picks (this month at first), as PDF or CSV. */
function StatementControl({ balance }: { balance: SchoolBalanceDto }) {
  const months = useMemo(() => recentMonths(), []);
  const [month, setMonth] = useState(currentMonth());
  const [loading, setLoading] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setLoading(format);
    try {
      const file = await invoicesApi.statement(balance.schoolOrgId, month, format);
      saveFile(file.fileName, file.blob);
    } catch (e) {
      console.error(`Statement of school ${balance.schoolOrgId} for ${month}: download failed`, errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: 'The statement could not be downloaded.' });
    } finally {
      setLoading(null);
    }
  };
  return (
    <Group gap={6} wrap="wrap">
      <Select
        aria-label={`Statement month for ${balance.schoolName}`}
        data={months}
        value={month}
        onChange={(m) => m && setMonth(m)}
        allowDeselect={false}
        size="xs"
        w={150}
      />
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconFileTypePdf size={14} />}
        loading={loading === 'pdf'}
        disabled={loading !== null}
        onClick={() => void download('pdf')}
        aria-label={`Statement PDF for ${balance.schoolName}`}
      >
        Statement PDF
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconFileTypeCsv size={14} />}
        loading={loading === 'csv'}
        disabled={loading !== null}
        onClick={() => void download('csv')}
        aria-label={`Statement CSV for ${balance.schoolName}`}
      >
        Statement CSV
      </Button>
    </Group>
  );
}

const money = (fils: number, balance: SchoolBalanceDto) => invoiceMoney(fils, balance.currency);

function BalanceCard({ balance }: { balance: SchoolBalanceDto }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={balance.schoolName}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>
            {balance.schoolName}
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {money(balance.total, balance)}
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="xs">
          {AGEING_BUCKETS.map((bucket) => (
            <Field key={bucket} label={AGEING_LABELS[bucket]}>
              {money(balance[bucket], balance)}
            </Field>
          ))}
        </SimpleGrid>
        <StatementControl balance={balance} />
      </Stack>
    </Paper>
  );
}

function BalancesBody({ balances }: { balances: SchoolBalanceDto[] }) {
  const isPhone = usePhone();
  if (balances.length === 0) return <EmptyState>No schools to show.</EmptyState>;
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Balances by school">
        {balances.map((b) => (
          <div role="listitem" key={b.schoolOrgId}>
            <BalanceCard balance={b} />
          </div>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Balances by school">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>School</Table.Th>
            {AGEING_BUCKETS.map((bucket) => (
              <Table.Th key={bucket} ta="right">
                {AGEING_LABELS[bucket]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>
              <VisuallyHidden>Statement</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.map((b) => (
            <Table.Tr key={b.schoolOrgId} data-school-id={b.schoolOrgId}>
              <Table.Td fw={600}>{b.schoolName}</Table.Td>
              {AGEING_BUCKETS.map((bucket) => (
                <Table.Td key={bucket} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(b[bucket], b)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {money(b.total, b)}
              </Table.Td>
              <Table.Td>
                <StatementControl balance={b} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * What each school owes, by how long past due (the server's ageing: contracts/invoices.ts), with each school's monthly
 * statement. The caller sees the schools they may: every one for finance and admins, their own school, or the schools
 * their company billed.
 */
export function SchoolBalances() {
  const { data, loading, error, refetch } = useSchoolBalances();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="school-balances-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="school-balances-title">
          Balances by school
        </Title>
        {loading ? (
          <Text size="sm">Loading balances...</Text>
        ) : error && !data ? (
          <LoadFailed title="Failed to load balances" error={error} onRetry={refetch} />
        ) : (
          <BalancesBody balances={data ?? []} />
        )}
      </Stack>
    </Paper>
  );
}
