import type { DispatchBoardDto } from '@contracts/fleet-wire';
import { formatDay } from '@contracts/fleet-rules';
import { Text } from '@mantine/core';
import { type BoardMode, type DayWindow, hourTicks } from './board-layout';

/** The width of the column that names each row's bus or driver. */
export const ROW_HEAD = 220;

/** A background that draws `columns` equal columns with a line between them (the days of a week, the hours of a day). */
export const gridLines = (columns: number) =>
  `repeating-linear-gradient(to right, transparent 0, transparent calc(100% / ${columns} - 1px), var(--mantine-color-default-border) calc(100% / ${columns} - 1px), var(--mantine-color-default-border) calc(100% / ${columns}))`;

/** Where now is on a day's timeline, as a thin line across the row. */
export function NowLine({ left }: { left: number }) {
  return (
    <div
      aria-hidden
      data-testid="now-line"
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: `${left}%`,
        width: 2,
        marginLeft: -1,
        background: 'var(--mantine-color-blue-7)',
        pointerEvents: 'none',
        zIndex: 2,
      }}
    />
  );
}

/** Past this many hours a day's labels go every other hour, so a widened day's labels do not run into each other. */
const EVERY_HOUR_UP_TO = 13;

/** The hours across the top of a day: a label at each whole hour (every other on a long day), and where now is. */
function HourHeader({ window, now }: { window: DayWindow; now: number | null }) {
  const all = hourTicks(window);
  const step = all.length > EVERY_HOUR_UP_TO ? 2 : 1;
  const ticks = all.filter((_, i) => i % step === 0);
  return (
    <div style={{ position: 'relative', height: 28 }} data-testid="hour-ticks">
      {ticks.map((tick, i) => (
        <Text
          key={tick.hour}
          size="xs"
          c="dimmed"
          data-hour={tick.label}
          style={{
            position: 'absolute',
            top: 6,
            left: `${tick.left}%`,
            transform: i === 0 ? undefined : tick.left >= 99.5 ? 'translateX(-100%)' : 'translateX(-50%)',
            whiteSpace: 'nowrap',
          }}
        >
          {tick.label}
        </Text>
      ))}
      {now !== null ? <NowLine left={now} /> : null}
    </div>
  );
}

/** The days across the top of a week, today in blue. */
function DayHeader({ days, today }: { days: string[]; today: string }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${days.length}, 1fr)` }}>
      {days.map((day) => (
        <Text
          key={day}
          size="xs"
          fw={day === today ? 700 : 500}
          p={6}
          ta="center"
          c={day === today ? 'blue' : undefined}
          data-day={day}
          aria-current={day === today ? 'date' : undefined}
        >
          {formatDay(day)}
        </Text>
      ))}
    </div>
  );
}

/** The grid's top row: what the rows are, then the hours of the day or the days of the week. */
export function GridHeader({
  board,
  mode,
  days,
  window,
  nowAt,
}: {
  board: DispatchBoardDto;
  mode: BoardMode;
  days: string[];
  window?: DayWindow;
  nowAt: number | null;
}) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `${ROW_HEAD}px 1fr`,
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Text size="xs" fw={700} p={6} c="dimmed">
        {mode === 'bus' ? 'Bus' : 'Driver'} · {window ? 'hours' : 'days'}
      </Text>
      {window ? <HourHeader window={window} now={nowAt} /> : <DayHeader days={days} today={board.today} />}
    </div>
  );
}
