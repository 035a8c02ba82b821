import { MAX_TRIP_KM, type Quote, type TripEstimate } from '@contracts/pricing';
import { formatMoney, tiersInWords } from '@contracts/rates';
import { normalizeTripTime, parseTripTime, returnIsAfterDeparture, isTripDate } from '@contracts/trip-form-rules';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { http } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import type { TripFormValues } from '../trips/trip-form-values';

/** What GET /estimates needs, once the form holds it all; null while something is missing or not yet valid. */
export function estimateQuery(
  v: Pick<TripFormValues, 'students' | 'staff' | 'departureDate' | 'departureTime' | 'returnDate' | 'returnTime'>,
  distanceKm: number | '',
  schoolOrgId: number | null,
): Record<string, string | number> | null {
  if (v.students === '' || distanceKm === '' || distanceKm < 1 || distanceKm > MAX_TRIP_KM) return null;
  if (!isTripDate(v.departureDate) || !isTripDate(v.returnDate)) return null;
  if (parseTripTime(v.departureTime) === null || parseTripTime(v.returnTime) === null) return null;
  const times = {
    departureDate: v.departureDate,
    departureTime: normalizeTripTime(v.departureTime),
    returnDate: v.returnDate,
    returnTime: normalizeTripTime(v.returnTime),
  };
  if (!returnIsAfterDeparture(times)) return null;
  return {
    students: v.students,
    ...(v.staff === '' ? {} : { staff: v.staff }),
    distanceKm,
    ...times,
    ...(schoolOrgId !== null ? { schoolOrgId } : {}),
  };
}

const aed = (fils: number, currency: string) => `${currency} ${formatMoney(fils)}`;
const hours = (minutes: number) => `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;

/** A quote as a table: each bus's time and kilometres billed, then subtotal, VAT and total. Three columns fit a phone. */
export function QuoteTable({ quote, caption }: { quote: Quote; caption: string }) {
  const money = (fils: number) => aed(fils, quote.currency);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      <Table fz="sm" verticalSpacing={4} aria-label="Estimate by bus">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Bus</Table.Th>
            <Table.Th scope="col">Billed</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.lines.map((l, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {l.busType} ({l.seats} seats)
              </Table.Td>
              <Table.Td>
                {hours(l.billableMinutes)}
                {l.extraKm > 0 ? `, ${l.extraKm} km extra` : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(l.subtotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Subtotal
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money(quote.subtotal)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              VAT {quote.vatBasisPoints / 100} %
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money(quote.vat)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Total
            </Table.Th>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(quote.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Stack>
  );
}

/** An estimate as the request form and the trip's details show it: the quote, its company and card, the cancellation terms. */
export function EstimateView({ estimate, distanceKm }: { estimate: TripEstimate; distanceKm: number | null }) {
  const { quote } = estimate;
  return (
    <Stack gap={6}>
      <QuoteTable
        quote={quote}
        caption={`Estimate from ${estimate.companyName} (rates version ${estimate.rateCardVersion})${distanceKm ? `: ${distanceKm} km each way, ${quote.km} km in all` : ''}`}
      />
      <Text size="sm">Cancelling: {tiersInWords(estimate.cancellationTiers)}</Text>
    </Stack>
  );
}

/**
 * The price before the request, as the school fills the form in: asked of the server (GET /estimates) half a second
 * after the last keystroke, once passengers, times and distance are all there.
 */
export function RequestEstimate({ query, trips = 1 }: { query: Record<string, string | number> | null; trips?: number }) {
  const [settled] = useDebouncedValue(query, 400);
  const key = settled ? JSON.stringify(settled) : 'none';
  const { data, loading, error } = useQuery(['estimates', key], () => http.get<TripEstimate | null>('/estimates', settled ?? undefined), {
    enabled: settled !== null,
    keepPrevious: true,
  });
  let body;
  if (!query) body = <Text size="sm">Give the passengers, the times and the distance to see an estimate.</Text>;
  else if (error) body = <Text size="sm">No estimate right now; the request can still be sent.</Text>;
  else if (loading && !data) body = <Text size="sm">Working out the estimate…</Text>;
  else if (!data) body = <Text size="sm">No estimate: the bus company has no rates for its buses yet.</Text>;
  else {
    body = (
      <Stack gap={6}>
        <EstimateView estimate={data} distanceKm={typeof query.distanceKm === 'number' ? query.distanceKm : null} />
        {trips > 1 ? (
          // a weekly series: each trip is priced alike (the same weekday, hours and distance), and billed on its own
          <Text size="sm" fw={600}>
            Each trip of the series: {aed(data.quote.total, data.quote.currency)}; all {trips}:{' '}
            {aed(data.quote.total * trips, data.quote.currency)}.
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" aria-label="Estimate">
      <Group gap="xs" mb={4}>
        <Text fw={600} size="sm">
          Estimate
        </Text>
      </Group>
      {body}
    </Paper>
  );
}
