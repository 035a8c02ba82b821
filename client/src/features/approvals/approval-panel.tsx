import type { ApprovalDto, ApprovalState } from '@contracts/approvals';
import { changeText } from '@contracts/trip-changes';
import { useEffect } from 'react';
import { Badge, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { useSession } from '../auth/session-context';
import { Field } from '../trips/trip-summary';
import { ApprovalDecisions } from './approval-decisions';
import { canDecide, KIND_LABELS, namesOf, STATE_LABELS, stepText } from './approval-view';
import { useTripApproval } from './approvals.api';

const STATE_COLORS: Record<ApprovalState, string> = {
  waiting: 'violet',
  changesRequested: 'orange',
  approved: 'green',
  denied: 'pink',
  withdrawn: 'cyan',
  canceled: 'gray',
};

/** Where an approval stands, as the trip's details show it. */
function ApprovalFacts({ approval }: { approval: ApprovalDto }) {
  const open = approval.state === 'waiting' || approval.state === 'changesRequested';
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Field label="Kind">{KIND_LABELS[approval.kind]}</Field>
      <Field label="State">
        {/* in a phone's half-width column "Waiting for approval" wraps rather than stick out of the panel */}
        <Badge
          color={STATE_COLORS[approval.state]}
          variant="light"
          h="auto"
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
        >
          {STATE_LABELS[approval.state]}
        </Badge>
      </Field>
      <Field label="Step">{`Step ${stepText(approval)}`}</Field>
      {approval.state === 'waiting' ? <Field label="May approve now">{namesOf(approval.approvers)}</Field> : null}
      {open ? <Field label="Waiting since">{formatDateTime(approval.stepSince)}</Field> : null}
      <Field label="Requested by">{approval.requestedBy.name}</Field>
    </SimpleGrid>
  );
}

/**
 * A trip's approval at its school (docs/domain.md, "Approval at the school"): what it is (a new request or a change), where
 * it stands, who may approve it now and since when, the last approver's comment and, for a change, what it changes. The
 * approvers of its step and admins decide it here. Nothing for a trip that never needed approval; bus companies never
 * see this (the server answers them null as well).
 */
export function ApprovalPanel({ tripId, tripVersion, stackId }: { tripId: number; tripVersion: number; stackId?: string }) {
  const { profile } = useSession();
  const shown = profile !== null && profile.role !== 'bus_company' && profile.role !== 'driver';
  const { data: approval, error, refetch } = useTripApproval(tripId, shown);
  // read again on opening and whenever the trip changes (an edit, a resubmit, a decision, a live trip event): each
  // may have moved its approval; a load already running is reused
  useEffect(() => {
    if (shown) void refetch();
  }, [shown, tripVersion, refetch]);
  if (!shown) return null;
  if (error) return <LoadFailed title="Could not load the approval." error={error} onRetry={refetch} />;
  if (!approval) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Approval" data-testid="approval-panel">
      <Stack gap="sm">
        <Title order={5}>Approval</Title>
        <ApprovalFacts approval={approval} />
        {approval.comment ? (
          <Field label="Last comment">
            <span style={{ whiteSpace: 'pre-wrap' }}>{approval.comment}</span>
          </Field>
        ) : null}
        {approval.kind === 'change' && approval.changes.length > 0 ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              The change
            </Text>
            <List size="sm" spacing={2} data-testid="approval-changes">
              {approval.changes.map((c) => (
                <List.Item key={c.field}>{changeText(c)}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {canDecide(profile, approval) ? (
          <ApprovalDecisions tripId={tripId} destination={approval.trip.destination} stackId={stackId} />
        ) : null}
      </Stack>
    </Paper>
  );
}
