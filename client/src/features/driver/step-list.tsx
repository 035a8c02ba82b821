import { STEP_LABELS } from '@contracts/progress-rules';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useReducer } from 'react';
import type { ShownStep } from './today-view';
import { undoDeadline } from './use-driver-steps';

/** The phone's time of a tap, as the driver's watch shows it. */
const timeOf = (at: string) => dayjs(at).format('hh:mm A');

/** True until `deadline` (ms) passes; the component shows again at that moment, so what depends on it goes away. */
function useBefore(deadline: number | null): boolean {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const open = deadline !== null && Date.now() < deadline;
  useEffect(() => {
    if (!open || deadline === null) return;
    const timer = setTimeout(tick, deadline - Date.now() + 1);
    return () => clearTimeout(timer);
  }, [open, deadline]);
  return open;
}

/**
 * Undo for the last step: a tap waiting to be sent can always be taken back (it just goes); a recorded one within the
 * undo minute from when the server received it, after which the button goes (the dispatcher corrects it then).
 */
function UndoButton({ step, undoSeconds, onUndo }: { step: ShownStep; undoSeconds: number; onUndo: (step: ShownStep) => void }) {
  const within = useBefore(undoDeadline(step, undoSeconds));
  if (step.receivedAt !== null && !within) return null;
  return (
    <Button variant="default" size="lg" mih={56} fullWidth onClick={() => onUndo(step)}>
      Undo {STEP_LABELS[step.step]}
    </Button>
  );
}

/**
 * The steps of this bus so far, with the phone's time of each; the waiting ones say so. `runs`: the trip still runs; once
 * it is completed (its last bus returned) or canceled, a recorded step can no longer be undone, so no Undo is offered.
 */
export function StepList({
  steps,
  runs,
  undoSeconds,
  onUndo,
}: {
  steps: readonly ShownStep[];
  runs: boolean;
  undoSeconds: number;
  onUndo: (step: ShownStep) => void;
}) {
  if (steps.length === 0) return null;
  const last = steps[steps.length - 1];
  const undoable = runs || last.receivedAt === null;
  return (
    <Stack gap="xs">
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Steps done">
        {steps.map((s) => (
          <Paper component="li" key={s.id} withBorder p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fz="lg" fw={700}>
                {STEP_LABELS[s.step]}
                {s.passengers !== null ? ` with ${s.passengers} ${s.passengers === 1 ? 'passenger' : 'passengers'}` : ''}
              </Text>
              <Text fz="lg" style={{ flexShrink: 0 }}>
                {timeOf(s.at)}
              </Text>
            </Group>
            {s.note ? <Text fz="lg">{s.note}</Text> : null}
            {s.receivedAt === null ? (
              <Badge size="lg" color="yellow" variant="light" mt={4}>
                Waiting to send
              </Badge>
            ) : null}
          </Paper>
        ))}
      </Stack>
      {undoable ? <UndoButton key={last.id} step={last} undoSeconds={undoSeconds} onUndo={onUndo} /> : null}
    </Stack>
  );
}
