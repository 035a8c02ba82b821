import { addDays, formatDay, localDate } from '@contracts/fleet-rules';
import type { DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParamPatch } from '../../shared/search-params';
import { DateField } from '../../components/date-field';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { TripStatusBadge } from '../trips/trip-status-badge';
import { tripTitle } from '../trips/trip-view';
import { busesText, dateInWords, findDriver, passengersText, pickupText, type RunSheetTrip, runSheetTrips } from './run-sheet-data';
import { useDayBoard } from './run-sheet.api';
import './run-sheet.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2031-02-30 is not one: it would roll over into March). */
const isDay = (value: string | null): value is string => value !== null && DATE.test(value) && addDays(value, 0) === value;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A time on the sheet's own day stands alone; on another day (a trip over several days) it carries its day. */
const timeOn = (sheetDate: string, date: string, time: string) => (date === sheetDate ? time : `${formatDay(date)} ${time}`);

function TripBlock({ row, date }: { row: RunSheetTrip; date: string }) {
  const { trip, buses } = row;
  const headingId = `run-sheet-trip-${trip.id}`;
  return (
    <Paper component="article" withBorder radius="md" p="sm" className="run-sheet-trip" aria-labelledby={headingId} data-trip-id={trip.id}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="nowrap">
        <Title order={4} id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {trip.departureTime} · {tripTitle(trip)}
        </Title>
        <TripStatusBadge status={trip.status} size="sm" />
      </Group>
      <dl className="run-sheet-fields">
        <Field label="Bus">{busesText(buses)}</Field>
        <Field label="Departure">{timeOn(date, trip.departureDate, trip.departureTime)}</Field>
        <Field label="Return">{timeOn(date, trip.returnDate, trip.returnTime)}</Field>
        <Field label="Pickup">{pickupText(trip)}</Field>
        <Field label="Destination">{trip.destination}</Field>
        <Field label="School">{trip.schoolName}</Field>
        <Field label="School contact">
          {trip.createdBy}
          {trip.createdByEmail ? (
            <>
              {' · '}
              <Anchor href={`mailto:${trip.createdByEmail}`} inherit underline="always">
                {trip.createdByEmail}
              </Anchor>
            </>
          ) : null}
        </Field>
        <Field label="Passengers">{passengersText(trip)}</Field>
        <Field label="Notes">{trip.notes?.trim() || 'None'}</Field>
      </dl>
    </Paper>
  );
}

function LicenceBadge({ driver }: { driver: DriverDto }) {
  if (driver.licenceStatus === 'valid') return null;
  const expired = driver.licenceStatus === 'expired';
  return (
    <Badge ml="xs" size="sm" variant="light" color={expired ? 'red' : 'orange'}>
      {expired ? 'Expired' : 'Expires soon'}
    </Badge>
  );
}

/** The sheet a driver takes along: who, which day, and every trip of theirs that day by departure. */
function Sheet({ board, driver, date }: { board: DispatchBoardDto; driver: DriverDto; date: string }) {
  const trips = runSheetTrips(board, driver.id);
  return (
    <section aria-labelledby="run-sheet-driver" className="run-sheet-body">
      <Stack gap={2} mb="sm">
        <Title order={3} id="run-sheet-driver">
          {driver.name}
        </Title>
        <Text fw={600} data-testid="run-sheet-date">
          {dateInWords(date)}
        </Text>
      </Stack>
      <dl className="run-sheet-fields run-sheet-driver">
        <Field label="Mobile">{driver.mobile}</Field>
        <Field label="Licence expiry">
          {formatDay(driver.licenceExpiry, true)}
          <LicenceBadge driver={driver} />
        </Field>
        {board.company ? <Field label="Company">{board.company.name}</Field> : null}
      </dl>
      {trips.length === 0 ? (
        <EmptyState>
          No trips for {driver.name} on {dateInWords(date)}.
        </EmptyState>
      ) : (
        <ol className="run-sheet-trips" aria-label={`Trips of ${driver.name}`}>
          {trips.map((row) => (
            <li key={row.trip.id}>
              <TripBlock row={row} date={date} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * A printable run sheet per driver and day at /dispatch/run-sheet?driver=<id>&date=<YYYY-MM-DD> (and &company=<id>
 * for an admin choosing among companies). The pickers rewrite the address, so a sheet can be bookmarked or shared.
 */
export function RunSheetPage() {
  const [params, change] = useSearchParamPatch();
  const dateParam = params.get('date');
  const date = isDay(dateParam) ? dateParam : localDate();
  const driverId = Number(params.get('driver')) || null;
  const companyId = Number(params.get('company')) || null;
  const { data: board, error, loading, refetch } = useDayBoard(date, companyId);
  const driver = board ? findDriver(board, driverId) : null;

  return (
    <div data-run-sheet className="run-sheet">
      <PageHeader
        title="Run Sheet"
        actions={
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!driver}>
            Print
          </Button>
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" className="run-sheet-controls">
        {board && board.companies.length > 1 ? (
          <Select
            label="Bus company"
            w={{ base: '100%', xs: 220 }}
            data={board.companies.map((c) => ({ value: String(c.id), label: c.name }))}
            value={board.company ? String(board.company.id) : null}
            // drivers belong to one company: a new company starts without one
            onChange={(v) => v && change({ company: v, driver: null })}
            allowDeselect={false}
          />
        ) : null}
        <Select
          label="Driver"
          placeholder="Choose a driver"
          w={{ base: '100%', xs: 260 }}
          searchable
          nothingFoundMessage="No driver of that name"
          data={(board?.drivers ?? []).map((d) => ({ value: String(d.id), label: d.active ? d.name : `${d.name} (inactive)` }))}
          value={driver ? String(driver.id) : null}
          onChange={(v) => change({ driver: v })}
          allowDeselect={false}
        />
        <DateField
          label="Date"
          w={{ base: '100%', xs: 180 }}
          value={date}
          onChange={(value) => {
            if (isDay(value)) change({ date: value });
          }}
        />
      </Group>
      {loading && !board ? (
        <LoadingScreen text="Loading the run sheet..." />
      ) : error || !board ? (
        <LoadFailed title="Could not load the run sheet" error={error} onRetry={refetch} />
      ) : driver ? (
        <Sheet board={board} driver={driver} date={date} />
      ) : (
        <EmptyState>
          {board.drivers.length === 0
            ? `${board.company?.name ?? 'This company'} has no drivers yet.`
            : driverId === null
              ? 'Choose a driver to see their run sheet.'
              : 'That driver is not in this company. Choose a driver to see their run sheet.'}
        </EmptyState>
      )}
    </div>
  );
}
