import { LATE_LABELS, type ProgressStep, RUNNING_STATUSES } from '@contracts/progress-rules';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AssignmentDetails } from './assignment-details';
import { StepButton } from './step-button';
import { StepList } from './step-list';
import { type AssignmentView, expectedPassengers, type ShownStep, tapProblem } from './today-view';
import type { TapDetails } from './use-driver-steps';

/** What the driver reads where the button would be when there is nothing to tap now. */
function NothingToTap({ view, problem }: { view: AssignmentView; problem: string | null }) {
  const text =
    problem ?? (view.steps.at(-1)?.step === 'returned' ? 'Back at the depot: nothing more to tap.' : 'Nothing to tap on this trip.');
  return (
    <Text fz="lg" fw={600}>
      {text}
    </Text>
  );
}

/** The trip on top: its steps so far, the one big button for the next, and the trip's details. */
export function CurrentTrip({
  view,
  today,
  now,
  undoSeconds,
  onTap,
  onUndo,
}: {
  view: AssignmentView;
  today: string;
  /** The school's wall clock (`YYYY-MM-DDTHH:mm`, schoolNow), moving: Departed waits for its hour. */
  now: string;
  undoSeconds: number;
  onTap: (tripId: number, step: ProgressStep, details: TapDetails) => void;
  onUndo: (step: ShownStep) => void;
}) {
  const a = view.assignment;
  const problem = tapProblem(view, now);
  // lateness is the server's reading: shown while nothing the phone holds may have changed it
  const late = view.steps.every((s) => s.receivedAt !== null) ? a.progress.late : null;
  return (
    <Paper component="section" withBorder shadow="sm" p="md" radius="md" aria-label={`Current trip to ${a.destination}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz={26} style={{ overflowWrap: 'anywhere' }}>
            {a.destination}
          </Title>
          {late ? (
            <Badge size="xl" color="red" variant="filled">
              {LATE_LABELS[late]}
            </Badge>
          ) : null}
        </Group>
        <StepList steps={view.steps} runs={RUNNING_STATUSES.includes(a.status)} undoSeconds={undoSeconds} onUndo={onUndo} />
        {view.next !== null && problem === null ? (
          <StepButton
            key={a.tripId}
            next={view.next}
            expected={expectedPassengers(a)}
            onTap={(step, details) => onTap(a.tripId, step, details)}
          />
        ) : (
          <NothingToTap view={view} problem={problem} />
        )}
        <AssignmentDetails assignment={a} today={today} />
      </Stack>
    </Paper>
  );
}
