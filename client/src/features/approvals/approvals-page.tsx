import type { ApprovalDto } from '@contracts/approvals';
import { invoiceMoney } from '@contracts/invoices';
import { changeText } from '@contracts/trip-changes';
import { describeSeries } from '@contracts/trip-series';
import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEye } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { invalidateQueries } from '../../api/query-cache';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { Field } from '../trips/trip-summary';
import { seriesCards, type SeriesWeek } from '../trips/trip-series';
import { formatTripDate } from '../trips/trip-view';
import { TripWorkflowProvider, useTripWorkflow } from '../trips/trip-workflow';
import { ApprovalDecisions } from './approval-decisions';
import { ApproveFromLink } from './approve-from-link';
import { ApproveSeries } from './approve-series';
import { ApprovalPolicySection } from './approval-policy-section';
import { KIND_LABELS, stepText, WEEKLY_KIND_LABELS } from './approval-view';
import { approvalKeys, useWaitingApprovals } from './approvals.api';

const when = (date: string, time: string) => `${formatTripDate(date)}${time ? `, ${time}` : ''}`;

/**
 * One waiting approval: what the approver needs to decide it, and the decision buttons. A card at every width, so a
 * phone needs no sideways scroll. A week shown inside its series' card is titled by its day.
 */
function ApprovalCard({ approval, week = false }: { approval: ApprovalDto; week?: boolean }) {
  const { openDetails } = useTripWorkflow();
  const { trip } = approval;
  const destination = trip.destination || 'Trip';
  const title = week ? formatTripDate(trip.departureDate) : destination;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={week ? `${destination}, ${title}` : destination}
      data-trip-id={approval.tripId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={week ? 5 : 4} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {title}
          </Title>
          <Badge color={approval.kind === 'change' ? 'orange' : 'violet'} variant="light" style={{ minWidth: 'max-content' }}>
            {KIND_LABELS[approval.kind]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
          <Field label="School">{trip.schoolName}</Field>
          <Field label="Dates">
            {when(trip.departureDate, trip.departureTime)} → {when(trip.returnDate, trip.returnTime)}
          </Field>
          <Field label="Students + staff">{`${trip.students} + ${trip.staff ?? 0}`}</Field>
          <Field label="Budget code">{trip.budgetCode ?? ''}</Field>
          <Field label="Estimate">{trip.estimate ? invoiceMoney(trip.estimate.total, trip.estimate.currency) : 'None'}</Field>
          <Field label="Requested by">{approval.requestedBy.name}</Field>
          <Field label="Step">{stepText(approval)}</Field>
          <Field label="Waiting since">{formatDateTime(approval.stepSince)}</Field>
        </SimpleGrid>
        {approval.kind === 'change' && approval.changes.length > 0 ? (
          <List size="sm" spacing={2} aria-label="The change">
            {approval.changes.map((c) => (
              <List.Item key={c.field}>{changeText(c)}</List.Item>
            ))}
          </List>
        ) : null}
        <Group gap={6} wrap="wrap">
          <Button size="compact-sm" variant="default" leftSection={<IconEye size={14} />} onClick={() => openDetails(approval.tripId)}>
            Open
          </Button>
          <ApprovalDecisions tripId={approval.tripId} destination={destination} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Where an approval's trip stands in its weekly series, for `seriesCards`. */
const weekOf = (approval: ApprovalDto): SeriesWeek => ({
  seriesId: approval.trip.seriesId,
  departureDate: approval.trip.departureDate,
  id: approval.tripId,
});

/** The one value every week has, or "Varies by week". */
function allWeeks(values: readonly string[]): string {
  return new Set(values).size === 1 ? values[0] : 'Varies by week';
}

/** What approving the weeks would spend: the sum of their estimates, saying how many weeks have none. */
function estimateOfWeeks(weeks: readonly ApprovalDto[]): string {
  const priced = weeks.flatMap((w) => (w.trip.estimate ? [w.trip.estimate] : []));
  if (priced.length === 0) return 'None';
  const currencies = new Set(priced.map((e) => e.currency));
  if (currencies.size > 1) return 'Varies by week';
  const total = invoiceMoney(
    priced.reduce((sum, e) => sum + e.total, 0),
    priced[0].currency,
  );
  return priced.length === weeks.length ? total : `${total} (${priced.length} of ${weeks.length} weeks; the others have none)`;
}

/**
 * The weeks of one weekly series that wait for the approver (first departure first), as one card: which days, the first
 * week's times, what they spend together, and "Approve all N weeks", the question an approver of a term answers; a
 * week's own Request changes or Deny are on its card, behind "Show each week".
 */
function SeriesApprovalCard({ weeks }: { weeks: readonly ApprovalDto[] }) {
  const { openDetails } = useTripWorkflow();
  const [shown, setShown] = useState(false);
  const eachId = useId();
  const first = weeks[0];
  const destination = first.trip.destination || 'Trip';
  const changes = weeks.map((w) => w.changes.map(changeText).join('\n'));
  const sameChange = first.kind === 'change' && new Set(changes).size === 1 && first.changes.length > 0;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={destination} data-series-id={first.trip.seriesId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {destination}
          </Title>
          <Group gap={4}>
            {[...new Set(weeks.map((w) => w.kind))].map((kind) => (
              <Badge key={kind} color={kind === 'change' ? 'orange' : 'violet'} variant="light" style={{ minWidth: 'max-content' }}>
                {WEEKLY_KIND_LABELS[kind]}
              </Badge>
            ))}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
          <Field label="School">{allWeeks(weeks.map((w) => w.trip.schoolName))}</Field>
          <Field label="Weeks">{describeSeries(weeks.map((w) => w.trip))}</Field>
          <Field label="First week">
            {when(first.trip.departureDate, first.trip.departureTime)} → {when(first.trip.returnDate, first.trip.returnTime)}
          </Field>
          <Field label="Students + staff">{allWeeks(weeks.map(({ trip }) => `${trip.students} + ${trip.staff ?? 0}`))}</Field>
          <Field label="Budget code">{allWeeks(weeks.map((w) => w.trip.budgetCode ?? ''))}</Field>
          <Field label={`Estimate, ${weeks.length} weeks`}>{estimateOfWeeks(weeks)}</Field>
          <Field label="Requested by">{allWeeks(weeks.map((w) => w.requestedBy.name))}</Field>
          <Field label="Step">{allWeeks(weeks.map(stepText))}</Field>
          <Field label="Waiting since">{formatDateTime(weeks.map((w) => w.stepSince).sort()[0])}</Field>
        </SimpleGrid>
        {sameChange ? (
          <List size="sm" spacing={2} aria-label="The change, each week">
            {first.changes.map((c) => (
              <List.Item key={c.field}>{changeText(c)}</List.Item>
            ))}
          </List>
        ) : null}
        <Group gap={6} wrap="wrap">
          <Button size="compact-sm" variant="default" leftSection={<IconEye size={14} />} onClick={() => openDetails(first.tripId)}>
            Open
          </Button>
          <ApproveSeries weeks={weeks} destination={destination} />
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={shown}
            aria-controls={eachId}
            leftSection={shown ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide each week' : 'Show each week'}
          </Button>
        </Group>
        <Stack gap="sm" id={eachId} hidden={!shown} role="list" aria-label={`Each week of ${destination}`}>
          {shown
            ? weeks.map((week) => (
                <div role="listitem" key={week.id}>
                  <ApprovalCard approval={week} week />
                </div>
              ))
            : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

function WaitingApprovals() {
  const { data, loading, error, refetch } = useWaitingApprovals();
  if (loading) return <LoadingScreen text="Loading approvals..." minHeight="120px" />;
  if (error) return <LoadFailed title="Failed to load approvals" error={error} onRetry={refetch} />;
  if (!data || data.length === 0) {
    return (
      <>
        <ApproveFromLink waiting={[]} />
        <EmptyState>No requests wait for your approval.</EmptyState>
      </>
    );
  }
  return (
    <>
      <ApproveFromLink waiting={data} />
      <Stack gap="sm" aria-label="Requests waiting for your approval" role="list">
        {seriesCards(data, weekOf).map((weeks) => (
          <div role="listitem" key={weeks[0].id}>
            {weeks.length > 1 ? <SeriesApprovalCard weeks={weeks} /> : <ApprovalCard approval={weeks[0]} />}
          </div>
        ))}
      </Stack>
    </>
  );
}

/**
 * Approvals (docs/domain.md, "Approval at the school"): the requests and changes waiting for the signed-in approver
 * (every waiting one of the tenant for an admin), the trip departing soonest first, kept live; below, the school's approval policy.
 */
export function ApprovalsPage() {
  const { profile } = useSession();
  // decisions made in other consoles while this screen was closed: the list is read afresh on arrival
  useEffect(() => invalidateQueries(approvalKeys.list), []);
  return (
    <TripWorkflowProvider>
      <PageHeader title="Approvals" description="Trip requests and changes that wait for approval at the school." />
      <WaitingApprovals />
      {profile ? <ApprovalPolicySection profile={profile} /> : null}
    </TripWorkflowProvider>
  );
}
