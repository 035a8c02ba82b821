import { MAX_DEPARTURE_COUNT, type ProgressStep, STEP_ACTIONS, STEP_NOTE_MAX } from '@contracts/progress-rules';
import { Button, NumberInput, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TapDetails } from './use-driver-steps';

/**
 * The big button's size: a thumb on a moving bus, in gloves, in the sun. Its words wrap rather than be cut: "Departed
 * with 22 passengers" is wider than a 390 px phone at this size, and the driver must read the count they send.
 */
const BIG = {
  size: 'xl',
  h: 'auto',
  mih: 72,
  py: 'xs',
  fz: 24,
  fullWidth: true,
  styles: { label: { whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' } },
} as const;

/**
 * After a tap the button already offers the next step: it rests this long first, so a double tap (a bump of the bus)
 * does not record two steps at once.
 */
const REST_MS = 700;

const passengersLabel = (n: number) => `Departed with ${n} ${n === 1 ? 'passenger' : 'passengers'}`;

/** Why a count cannot be sent, in words; null when it can. */
function countProblem(value: number | string): string | null {
  if (value === '' || typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    return 'Enter how many passengers are on board.';
  }
  if (value > MAX_DEPARTURE_COUNT) return `Enter at most ${MAX_DEPARTURE_COUNT} passengers.`;
  return null;
}

/** Departed asks first how many are on board, starting from the count expected. */
function DepartureCount({
  expected,
  onConfirm,
  onCancel,
}: {
  expected: number;
  onConfirm: (passengers: number) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState<number | string>(expected);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    const why = countProblem(value);
    setProblem(why);
    if (!why) onConfirm(value as number);
  };
  return (
    <Stack gap="sm">
      <NumberInput
        label="Passengers on board"
        size="xl"
        min={0}
        max={MAX_DEPARTURE_COUNT}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(null);
        }}
        error={problem}
        labelProps={{ fz: 'lg', fw: 700 }}
        data-autofocus
      />
      <Button {...BIG} onClick={confirm}>
        {typeof value === 'number' && countProblem(value) === null ? passengersLabel(value) : 'Departed'}
      </Button>
      <Button variant="default" size="lg" mih={56} fullWidth onClick={onCancel}>
        Back
      </Button>
    </Stack>
  );
}

/** The one big button for the step that comes next, with an optional note sent along with it. */
export function StepButton({
  next,
  expected,
  onTap,
}: {
  next: ProgressStep;
  /** The count Departed starts from. */
  expected: number;
  onTap: (step: ProgressStep, details: TapDetails) => void;
}) {
  const [note, setNote] = useState('');
  const [counting, setCounting] = useState(false);
  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), REST_MS);
    return () => clearTimeout(timer);
  }, [resting]);
  const send = (passengers?: number) => {
    onTap(next, { passengers, note: note.trim() || null });
    setNote('');
    setCounting(false);
    setResting(true);
  };
  return (
    <Stack gap="sm">
      <Textarea
        label="Add a note"
        description="Optional: sent with your next tap."
        size="lg"
        autosize
        minRows={1}
        maxLength={STEP_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        labelProps={{ fz: 'lg', fw: 700 }}
        descriptionProps={{ fz: 'md' }}
      />
      {counting ? (
        <DepartureCount expected={expected} onConfirm={send} onCancel={() => setCounting(false)} />
      ) : (
        <Button {...BIG} disabled={resting} onClick={() => (next === 'departed' ? setCounting(true) : send())}>
          {STEP_ACTIONS[next]}
        </Button>
      )}
    </Stack>
  );
}
