import { addDays, formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import { ActionIcon, Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { cssColor } from '../trips/trip-view';
import { tint } from './board-bar';
import { weekOf } from './board-data';
import { BAR_LEGEND } from './board-layout';
import type { BoardView } from './use-board-view';

/** The colours of the bars, named. */
export function BarLegend() {
  return (
    <Group gap={6} mb="xs" wrap="wrap" aria-label="Bar colours" role="list">
      {BAR_LEGEND.map(({ label, color }) => (
        <Text
          key={label}
          role="listitem"
          size="xs"
          px={6}
          style={{ background: tint(color), borderLeft: `4px solid ${cssColor(color)}`, borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {label}
        </Text>
      ))}
    </Group>
  );
}

/** Previous, Today and Next for the day or the week shown, and which day or week it is. */
function PeriodNav({ view, today }: { view: BoardView; today: string }) {
  const { period, day, from, to, change } = view;
  const unit = period === 'day' ? 'day' : 'week';
  const step = (by: number) => (period === 'day' ? change({ day: addDays(day, by) }) : change({ week: addDays(from, 7 * by) }));
  return (
    <Group gap={6} wrap="wrap">
      <ActionIcon variant="default" size="lg" aria-label={`Previous ${unit}`} onClick={() => step(-1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Button variant="default" onClick={() => change({ [unit]: null })} style={{ flexShrink: 0 }}>
        Today
      </Button>
      <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => step(1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
      {period === 'day' ? (
        <Text fw={600} size="sm" aria-live="polite" data-testid="board-day">
          {formatDay(day, true)}
          {day === today ? ' · Today' : ''}
        </Text>
      ) : (
        <Text fw={600} size="sm" aria-live="polite" data-testid="board-week">
          {formatDay(from)} – {formatDay(to, true)}
        </Text>
      )}
    </Group>
  );
}

/**
 * The board's toolbar: moving through days or weeks, and, where they apply, the bus company (for those who see more
 * than one), week or day, and rows by bus or by driver (only when a company's fleet is shown).
 */
export function BoardToolbar({ view, board, today }: { view: BoardView; board: DispatchBoardDto | undefined; today: string }) {
  const { period, day, mode, change } = view;
  const fleetShown = board ? board.company !== null : true;
  return (
    <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
      <PeriodNav view={view} today={today} />
      <Group gap="sm" wrap="wrap">
        {board && board.companies.length > 1 ? (
          <Select
            aria-label="Bus company"
            w={220}
            data={board.companies.map((c) => ({ value: String(c.id), label: c.name }))}
            value={board.company ? String(board.company.id) : null}
            onChange={(v) => v && change({ company: v })}
            allowDeselect={false}
          />
        ) : null}
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(v) =>
            v === 'day' ? change({ period: 'day', week: null }) : change({ period: null, day: null, week: weekOf(day).from })
          }
          data={[
            { value: 'week', label: 'Week' },
            { value: 'day', label: 'Today' },
          ]}
        />
        {fleetShown ? (
          <SegmentedControl
            aria-label="Rows"
            value={mode}
            onChange={(v) => change({ view: v === 'driver' ? 'drivers' : null })}
            data={[
              { value: 'bus', label: 'Buses' },
              { value: 'driver', label: 'Drivers' },
            ]}
          />
        ) : null}
      </Group>
    </Group>
  );
}
