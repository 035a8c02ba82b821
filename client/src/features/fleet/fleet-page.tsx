import { formatDay } from '@contracts/fleet-rules';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { BUS_TYPES, type BusType } from '@contracts/trip-wire';
import { Alert, Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/http';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { scrollRegion } from '../../components/scroll-region';
import { useSession } from '../auth/session-context';
import { licenceWarning } from '../dispatch/board-layout';
import { DeactivateDialog, type Deactivation } from './fleet-deactivate-dialog';
import { byFleetName, fleetApi, storeFleetRow, useBuses, useDrivers, useFleetCompanies } from './fleet.api';
import {
  blankBus,
  blankDriver,
  busBody,
  type BusForm,
  busFormOf,
  busProblems,
  driverBody,
  type DriverForm,
  driverFormOf,
  driverProblems,
  type Problems,
} from './fleet-form';
import { Modal } from '../../components/error-boundaries';

/** Admin screens answer with toasts (spec §8: "{what}: {reason}"). */
const failed = (what: string, error: unknown) => toast.error(`${what}: ${errorText(error)}`, { autoClose: 5000 });
const done = (message: string) => toast.success(message, { autoClose: 5000 });

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

function FormModal({
  title,
  opened,
  onClose,
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const isMobile = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={isMobile}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

type Editing<T> = { record: T | null } | null;

function BusModal({ editing, companyId, onClose }: { editing: Editing<BusDto>; companyId: number | null; onClose: () => void }) {
  const record = editing?.record ?? null;
  const [form, setForm] = useState<BusForm>(() => (record ? busFormOf(record) : blankBus()));
  const [problems, setProblems] = useState<Problems<BusForm>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BusForm>(key: K, value: BusForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const submit = async () => {
    const found = busProblems(form);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const bus = record
        ? await fleetApi.updateBus(record.id, { ...busBody(form), version: record.version })
        : await fleetApi.createBus({ ...busBody(form), ...(companyId ? { companyId } : {}) });
      storeFleetRow({ bus });
      done(record ? 'Bus updated.' : 'Bus added.');
      onClose();
    } catch (e) {
      failed(record ? 'Failed to update bus' : 'Failed to add bus', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      title={record ? 'Edit Bus' : 'Add Bus'}
      opened={editing !== null}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={record ? 'Save Bus' : 'Add Bus'}
    >
      <TextInput
        label="Name or number"
        required
        value={form.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={problems.name}
      />
      <TextInput label="Plate" value={form.plate} onChange={(e) => set('plate', e.currentTarget.value)} error={problems.plate} />
      <Select
        label="Bus type"
        required
        data={[...BUS_TYPES]}
        value={form.busType}
        onChange={(v) => v && set('busType', v as BusType)}
        allowDeselect={false}
      />
      <NumberInput
        label="Seats"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={form.seats}
        onChange={(n) => set('seats', toNumber(n))}
        error={problems.seats}
      />
      <NumberInput
        label="Booster seats"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={form.boosterSeats}
        onChange={(n) => set('boosterSeats', toNumber(n))}
        error={problems.boosterSeats}
      />
    </FormModal>
  );
}

function DriverModal({ editing, companyId, onClose }: { editing: Editing<DriverDto>; companyId: number | null; onClose: () => void }) {
  const record = editing?.record ?? null;
  const [form, setForm] = useState<DriverForm>(() => (record ? driverFormOf(record) : blankDriver()));
  const [problems, setProblems] = useState<Problems<DriverForm>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof DriverForm>(key: K, value: DriverForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const submit = async () => {
    const found = driverProblems(form);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const driver = record
        ? await fleetApi.updateDriver(record.id, { ...driverBody(form), version: record.version })
        : await fleetApi.createDriver({ ...driverBody(form), ...(companyId ? { companyId } : {}) });
      storeFleetRow({ driver });
      done(record ? 'Driver updated.' : 'Driver added.');
      onClose();
    } catch (e) {
      failed(record ? 'Failed to update driver' : 'Failed to add driver', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      title={record ? 'Edit Driver' : 'Add Driver'}
      opened={editing !== null}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={record ? 'Save Driver' : 'Add Driver'}
    >
      <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={problems.name} />
      <TextInput
        label="Mobile"
        required
        type="tel"
        value={form.mobile}
        onChange={(e) => set('mobile', e.currentTarget.value)}
        error={problems.mobile}
      />
      <TextInput
        label="Licence expiry"
        required
        type="date"
        value={form.licenceExpiry}
        onChange={(e) => set('licenceExpiry', e.currentTarget.value)}
        error={problems.licenceExpiry}
      />
    </FormModal>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** Deactivating asks first; reactivating does not. */
type Toggle = Deactivation;

function useToggleActive() {
  const [pending, setPending] = useState<Toggle | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (toggle: Toggle) => {
    const active = !toggle.record.active;
    const word = active ? 'reactivated' : 'deactivated';
    setBusy(true);
    try {
      if (toggle.kind === 'bus') {
        storeFleetRow({ bus: await fleetApi.updateBus(toggle.record.id, { active, version: toggle.record.version }) });
        done(`Bus ${word}.`);
      } else {
        storeFleetRow({ driver: await fleetApi.updateDriver(toggle.record.id, { active, version: toggle.record.version }) });
        done(`Driver ${word}.`);
      }
      setPending(null);
    } catch (e) {
      failed(`Failed to ${active ? 'reactivate' : 'deactivate'} ${toggle.kind}`, e);
      setPending(null);
    } finally {
      setBusy(false);
    }
  };
  return {
    pending,
    busy,
    press: (toggle: Toggle) => (toggle.record.active ? setPending(toggle) : void send(toggle)),
    confirm: () => pending && void send(pending),
    cancel: () => setPending(null),
  };
}

function LicenceBadge({ driver }: { driver: DriverDto }) {
  if (!licenceWarning(driver)) return null;
  return (
    <Badge size="xs" color={driver.licenceStatus === 'expired' ? 'red' : 'orange'} variant="light">
      {driver.licenceStatus === 'expired' ? 'Expired' : 'Expires soon'}
    </Badge>
  );
}

function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

function FleetCard({
  title,
  lines,
  badges,
  actions,
  ...data
}: {
  title: string;
  lines: string[];
  badges: ReactNode;
  actions: ReactNode;
  'data-bus-id'?: number;
  'data-driver-id'?: number;
}) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs" {...data}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Group gap={4}>{badges}</Group>
      </Group>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      <Group justify="flex-end" mt={4}>
        {actions}
      </Group>
    </Paper>
  );
}

function RowActions({ name, active, onEdit, onToggle }: { name: string; active: boolean; onEdit: () => void; onToggle: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color={active ? 'red' : 'blue'}
        onClick={onToggle}
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}
      >
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

function Section({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function FleetTables({ companyId }: { companyId: number | null }) {
  const buses = useBuses(companyId);
  const drivers = useDrivers(companyId);
  const [busEditing, setBusEditing] = useState<Editing<BusDto>>(null);
  const [driverEditing, setDriverEditing] = useState<Editing<DriverDto>>(null);
  const toggle = useToggleActive();
  // on a phone each bus and driver is a card, so its buttons stay on screen without a sideways scroll
  const narrow = useMediaQuery('(max-width: 36em)');
  const sortedBuses = [...(buses.data ?? [])].sort(byFleetName);
  const sortedDrivers = [...(drivers.data ?? [])].sort(byFleetName);

  const load = (state: { loading: boolean; error: unknown }, what: string, table: ReactNode, empty: string, count: number) =>
    state.loading ? (
      <LoadingScreen text={`Loading ${what}...`} minHeight="120px" />
    ) : state.error ? (
      <Alert color="red">{`Failed to load ${what}: ${errorText(state.error)}`}</Alert>
    ) : count === 0 ? (
      <EmptyState>{empty}</EmptyState>
    ) : (
      table
    );

  return (
    <Stack gap="md">
      <Section
        title="Buses"
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setBusEditing({ record: null })}>
            Add Bus
          </Button>
        }
      >
        {load(
          buses,
          'buses',
          narrow ? (
            <CardList label="Buses">
              {sortedBuses.map((bus) => (
                <FleetCard
                  key={bus.id}
                  data-bus-id={bus.id}
                  title={bus.name}
                  lines={[`${bus.plate ?? 'No plate'} · ${bus.busType}`, `${bus.seats} seats · ${bus.boosterSeats} booster seats`]}
                  badges={<StatusBadge active={bus.active} />}
                  actions={
                    <RowActions
                      name={bus.name}
                      active={bus.active}
                      onEdit={() => setBusEditing({ record: bus })}
                      onToggle={() => toggle.press({ kind: 'bus', record: bus })}
                    />
                  }
                />
              ))}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion('Buses table')}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Plate</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Seats</Table.Th>
                    <Table.Th>Booster seats</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortedBuses.map((bus) => (
                    <Table.Tr key={bus.id} data-bus-id={bus.id}>
                      <Table.Td fw={600}>{bus.name}</Table.Td>
                      <Table.Td>{bus.plate ?? '—'}</Table.Td>
                      <Table.Td>{bus.busType}</Table.Td>
                      <Table.Td>{bus.seats}</Table.Td>
                      <Table.Td>{bus.boosterSeats}</Table.Td>
                      <Table.Td>
                        <StatusBadge active={bus.active} />
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          name={bus.name}
                          active={bus.active}
                          onEdit={() => setBusEditing({ record: bus })}
                          onToggle={() => toggle.press({ kind: 'bus', record: bus })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ),
          'No buses yet.',
          buses.data?.length ?? 0,
        )}
      </Section>
      <Section
        title="Drivers"
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setDriverEditing({ record: null })}>
            Add Driver
          </Button>
        }
      >
        {load(
          drivers,
          'drivers',
          narrow ? (
            <CardList label="Drivers">
              {sortedDrivers.map((driver) => (
                <FleetCard
                  key={driver.id}
                  data-driver-id={driver.id}
                  title={driver.name}
                  lines={[driver.mobile, `Licence expiry ${formatDay(driver.licenceExpiry, true)}`]}
                  badges={
                    <>
                      <StatusBadge active={driver.active} />
                      <LicenceBadge driver={driver} />
                    </>
                  }
                  actions={
                    <RowActions
                      name={driver.name}
                      active={driver.active}
                      onEdit={() => setDriverEditing({ record: driver })}
                      onToggle={() => toggle.press({ kind: 'driver', record: driver })}
                    />
                  }
                />
              ))}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={600} scrollAreaProps={scrollRegion('Drivers table')}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Mobile</Table.Th>
                    <Table.Th>Licence expiry</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortedDrivers.map((driver) => (
                    <Table.Tr key={driver.id} data-driver-id={driver.id}>
                      <Table.Td fw={600}>{driver.name}</Table.Td>
                      <Table.Td>{driver.mobile}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDay(driver.licenceExpiry, true)}</Text>
                        <LicenceBadge driver={driver} />
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge active={driver.active} />
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          name={driver.name}
                          active={driver.active}
                          onEdit={() => setDriverEditing({ record: driver })}
                          onToggle={() => toggle.press({ kind: 'driver', record: driver })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ),
          'No drivers yet.',
          drivers.data?.length ?? 0,
        )}
      </Section>
      {/* keyed by record, so each opening starts from that record's values */}
      <BusModal
        key={`bus-${busEditing?.record?.id ?? 'new'}-${busEditing ? 1 : 0}`}
        editing={busEditing}
        companyId={companyId}
        onClose={() => setBusEditing(null)}
      />
      <DriverModal
        key={`driver-${driverEditing?.record?.id ?? 'new'}-${driverEditing ? 1 : 0}`}
        editing={driverEditing}
        companyId={companyId}
        onClose={() => setDriverEditing(null)}
      />
      <DeactivateDialog
        pending={toggle.pending}
        companyId={companyId}
        loading={toggle.busy}
        onCancel={toggle.cancel}
        onConfirm={toggle.confirm}
      />
    </Stack>
  );
}

/** issue 15 item 6: the company's buses and drivers (admins choose the company): add, edit, deactivate. */
export function FleetPage() {
  const { profile } = useSession();
  const isAdmin = profile?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const companies = useFleetCompanies(isAdmin);
  const chosen = Number(params.get('company')) || null;
  const companyId = isAdmin ? (chosen ?? companies.data?.company?.id ?? null) : null;
  const companyName = isAdmin ? companies.data?.companies.find((c) => c.id === companyId)?.name : (profile?.active_org?.name ?? undefined);

  return (
    <>
      <PageHeader
        title="Fleet"
        description={companyName}
        actions={
          isAdmin && companies.data && companies.data.companies.length > 0 ? (
            <Select
              aria-label="Bus company"
              w={240}
              data={companies.data.companies.map((c) => ({ value: String(c.id), label: c.name }))}
              value={companyId ? String(companyId) : null}
              onChange={(v) => v && setParams({ company: v }, { replace: true })}
              allowDeselect={false}
            />
          ) : undefined
        }
      />
      {isAdmin && companies.loading ? (
        <LoadingScreen text="Loading bus companies..." />
      ) : isAdmin && companies.error ? (
        <Alert color="red">{`Failed to load bus companies: ${errorText(companies.error)}`}</Alert>
      ) : isAdmin && companyId === null ? (
        <EmptyState>There are no bus companies yet.</EmptyState>
      ) : (
        <FleetTables key={companyId ?? 'own'} companyId={companyId} />
      )}
    </>
  );
}
