import { formatDay } from '@contracts/calendar';
import { describeSeries } from '@contracts/trip-series';
import type { TripDto } from '@contracts/trip-wire';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconChecks, IconPencil, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { seriesCancelPlan, seriesEditPlan, seriesVerdictPlan } from './trip-series';
import { TripStatusBadge } from './trip-status-badge';
import { useTripWorkflow } from './trip-workflow-context';
import { useTripSeries } from './trips.api';

/**
 * A week of a weekly series (docs/domain.md, "A weekly series"): which week it is, every week with its status (each
 * opens its own details), "Accept this and later weeks" and "Reject this and later weeks" for a bus company with two or
 * more of them to decide, "Change
 * this and later weeks" where the user may edit one of them, and "Cancel this and later weeks" where they may cancel,
 * or ask to cancel, one of them.
 * Nothing for a trip requested alone.
 */
export function TripSeriesPanel({ trip }: { trip: TripDto }) {
  const { actor, busy, openDetails, cancelSeries, decideSeries, editSeries } = useTripWorkflow();
  const { data: weeks } = useTripSeries(trip.seriesId);
  const titleId = useId();
  const index = weeks?.findIndex((w) => w.id === trip.id) ?? -1;
  if (!weeks || index < 0) return null;
  const plan = actor ? seriesCancelPlan(actor, weeks, trip.id) : null;
  const canCancel = plan !== null && plan.cancel + plan.request > 0;
  const canEdit = actor !== null && (seriesEditPlan(actor, weeks, trip.id)?.editable ?? 0) > 0;
  // Offered where it saves clicks: two weeks or more to accept (or reject) from here.
  const canAccept = actor !== null && (seriesVerdictPlan(actor, weeks, trip.id, 'accept')?.chosen.length ?? 0) > 1;
  const canReject = actor !== null && (seriesVerdictPlan(actor, weeks, trip.id, 'reject')?.chosen.length ?? 0) > 1;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="trip-series">
      <Stack gap="xs">
        <Title order={5} id={titleId}>
          Weekly series
        </Title>
        <Text size="sm">
          Week {index + 1} of {weeks.length}: {describeSeries(weeks)}
        </Text>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {weeks.map((w) => (
            <Group key={w.id} component="li" gap="xs" wrap="nowrap" justify="space-between" data-week-id={w.id}>
              {w.id === trip.id ? (
                <Text size="sm" fw={700}>
                  {formatDay(w.departureDate, true)} (this trip)
                </Text>
              ) : (
                <Anchor component="button" type="button" size="sm" onClick={() => openDetails(w.id)}>
                  {formatDay(w.departureDate, true)}
                </Anchor>
              )}
              <TripStatusBadge status={w.status} size="sm" />
            </Group>
          ))}
        </Stack>
        {canCancel || canEdit || canAccept || canReject ? (
          <Group gap="xs">
            {canAccept ? (
              <Button
                size="compact-sm"
                color="teal"
                variant="light"
                leftSection={<IconChecks size={14} />}
                loading={busy === `${trip.id}:acceptSeries`}
                onClick={() => decideSeries(trip, weeks, 'accept')}
              >
                Accept this and later weeks
              </Button>
            ) : null}
            {canReject ? (
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                leftSection={<IconX size={14} />}
                loading={busy === `${trip.id}:rejectSeries`}
                onClick={() => decideSeries(trip, weeks, 'reject')}
              >
                Reject this and later weeks
              </Button>
            ) : null}
            {canEdit ? (
              <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={() => editSeries(trip, weeks)}>
                Change this and later weeks
              </Button>
            ) : null}
            {canCancel ? (
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                leftSection={<IconBan size={14} />}
                loading={busy === `${trip.id}:cancelSeries`}
                onClick={() => cancelSeries(trip, weeks)}
              >
                Cancel this and later weeks
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
