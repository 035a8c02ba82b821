import { Alert, CloseButton, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../api/http';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { useNow } from '../../shared/use-now';
import { AssignmentDetails } from './assignment-details';
import { ConnectionBanner } from './connection-banner';
import { CurrentTrip } from './current-trip';
import { type DriverIdentity, useDriverDay } from './driver.api';
import { subscribeDriverLive } from './driver.live';
import { registerServiceWorker } from './offline/register-service-worker';
import { assignmentView, currentView, schoolNow } from './today-view';
import { useDriverSteps } from './use-driver-steps';

/** The server's words for a refusal; without any answer, what that means for a phone that kept nothing yet. */
const dayFailure = (error: unknown) =>
  error instanceof ApiError ? error : new Error('There is no signal, and this phone has not kept your day yet.');

/** Refusals of the server, each until the driver dismisses it. */
function Problems({ problems, onDismiss }: { problems: readonly string[]; onDismiss: (index: number) => void }) {
  return (
    <>
      {problems.map((problem, i) => (
        <Alert key={`${i}-${problem}`} color="red" icon={<IconAlertCircle size={24} />} role="alert">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fz="lg" fw={600}>
              {problem}
            </Text>
            <CloseButton size="xl" aria-label="Dismiss" onClick={() => onDismiss(i)} />
          </Group>
        </Alert>
      ))}
    </>
  );
}

/**
 * `/today`, the driver's phone page (docs/domain.md, "The day of travel"): their trips from today through the next 7
 * days, the current one on top with one big button for the next step. Taps are kept on the phone and sent in order, so
 * the page works on without a signal; the day follows `driver:changed` live.
 */
export function TodayPage({ driver }: { driver: DriverIdentity }) {
  const day = useDriverDay(driver);
  const steps = useDriverSteps(driver.userId, () => void day.refetch());

  useEffect(() => {
    document.title = 'Today · School Transport Console';
    registerServiceWorker();
  }, []);
  useEffect(() => subscribeDriverLive(driver.userId), [driver.userId]);

  const shown = day.data;
  const today = shown?.day.today ?? '';
  // the button for Departed comes at its hour without a reload
  const tick = useNow(30_000);
  const now = shown ? schoolNow(shown, tick.getTime()) : '';
  const views = useMemo(() => (shown ? shown.day.assignments.map((a) => assignmentView(a, steps.waiting)) : []), [shown, steps.waiting]);
  const current = currentView(views, today);
  const others = views.filter((v) => v !== current);
  const offline = !steps.signal || Boolean(shown?.keptAt);

  return (
    <Stack gap="md" pb="xl">
      <VisuallyHidden component="h1">Your day</VisuallyHidden>
      <ConnectionBanner offline={offline} waiting={steps.waiting.length} allSent={steps.allSent} keptAt={shown?.keptAt ?? null} />
      <Problems problems={steps.problems} onDismiss={steps.dismiss} />
      {day.loading ? (
        <LoadingScreen text="Loading your day..." />
      ) : !shown ? (
        <LoadFailed title="Your day could not be loaded" error={dayFailure(day.error)} onRetry={day.refetch} />
      ) : (
        <>
          {current ? (
            <CurrentTrip
              view={current}
              today={today}
              now={now}
              undoSeconds={shown.day.undoSeconds}
              onTap={(tripId, step, details) => void steps.tap(tripId, step, details)}
              onUndo={(step) => void steps.undo(step)}
            />
          ) : null}
          {others.length > 0 ? (
            <Title order={2} fz={22}>
              {current ? 'Coming up' : 'Your trips'}
            </Title>
          ) : null}
          {others.map(({ assignment }) => (
            <Paper
              key={assignment.tripId}
              component="section"
              withBorder
              p="md"
              radius="md"
              aria-label={`Trip to ${assignment.destination}`}
            >
              <Stack gap="sm">
                <Title order={3} fz={22} style={{ overflowWrap: 'anywhere' }}>
                  {assignment.destination}
                </Title>
                <AssignmentDetails assignment={assignment} today={today} />
              </Stack>
            </Paper>
          ))}
          {views.length === 0 ? (
            <Text fz="lg" ta="center" py="xl">
              No trips for you today or in the next 7 days.
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
