import type { ApprovalDto } from '@contracts/approvals';
import { invoiceMoney } from '@contracts/invoices';
import { changeText } from '@contracts/trip-changes';
import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect } from 'react';
import { invalidateQueries } from '../../api/query-cache';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { Field } from '../trips/trip-summary';
import { formatTripDate } from '../trips/trip-view';
import { TripWorkflowProvider, useTripWorkflow } from '../trips/trip-workflow';
import { ApprovalDecisions } from './approval-decisions';
import { ApproveFromLink } from './approve-from-link';
import { ApproveSeries } from './approve-series';
import { ApprovalPolicySection } from './approval-policy-section';
import { KIND_LABELS, stepText } from './approval-view';
import { approvalKeys, useWaitingApprovals } from './approvals.api';

const when = (date: string, time: string) => `${formatTripDate(date)}${time ? `, ${time}` : ''}`;

/** One waiting approval: what the approver needs to decide it, and the decision buttons. A card at every width, so a phone needs no sideways scroll. */
function ApprovalCard({ approval, seriesWeeks }: { approval: ApprovalDto; seriesWeeks: readonly ApprovalDto[] }) {
  const { openDetails } = useTripWorkflow();
  const { trip } = approval;
  const destination = trip.destination || 'Trip';
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={destination} data-trip-id={approval.tripId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {destination}
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
          <ApproveSeries weeks={seriesWeeks} destination={destination} />
        </Group>
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
  // The weeks of each weekly series that wait here: several of them are approved at once from any one.
  const bySeries = new Map<string, ApprovalDto[]>();
  for (const a of data) {
    if (a.trip.seriesId !== null) bySeries.set(a.trip.seriesId, [...(bySeries.get(a.trip.seriesId) ?? []), a]);
  }
  return (
    <>
      <ApproveFromLink waiting={data} />
      <Stack gap="sm" aria-label="Requests waiting for your approval" role="list">
        {data.map((approval) => (
          <div role="listitem" key={approval.id}>
            <ApprovalCard approval={approval} seriesWeeks={(approval.trip.seriesId && bySeries.get(approval.trip.seriesId)) || []} />
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
