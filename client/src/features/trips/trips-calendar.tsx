import 'react-big-calendar/lib/css/react-big-calendar.css';
import './trips-calendar.css';
import type { TripDto } from '@contracts/trip-wire';
import { VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Calendar, dayjsLocalizer, type EventProps, type HeaderProps, type View } from 'react-big-calendar';
import { StatusDot } from '../../components/status-dot';
import { cssColor, statusColor, tripDate, tripTitle } from './trip-view';

// Weeks start on Monday. The dayjs localizer reads the week start from the global locale.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });
const localizer = dayjsLocalizer(dayjs);

export interface TripEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  trip: TripDto;
}

const VIEWS: View[] = ['month', 'week', 'work_week', 'day', 'agenda'];
// week and day views open at 07:00, just before the trips' 08:00 start
const SCROLL_TO = new Date(1970, 0, 1, 7, 0, 0);

/** A trip's calendar event runs from 08:00 on the trip date to 18:00 on the return date, or the trip date. */
export function tripEvent(trip: TripDto): TripEvent | null {
  const date = tripDate(trip);
  const start = dayjs(`${date}T08:00:00`);
  if (!date || !start.isValid()) return null;
  let end = dayjs(`${trip.returnDate || date}T18:00:00`);
  if (!end.isValid() || end.isBefore(start)) end = dayjs(`${date}T18:00:00`);
  return { id: trip.id, title: tripTitle(trip), start: start.toDate(), end: end.toDate(), trip };
}

function TripEventLabel({ event }: EventProps<TripEvent>) {
  return (
    <span className="trips-event" title={`${event.title} · ${event.trip.status}`}>
      {/* a coloured dot shows the status (Canceled red in the calendar); screen readers hear it as words,
          since an image may not sit in the calendar's grid rows */}
      <StatusDot color={cssColor(statusColor(event.trip.status, 'calendar'))} size={8} />
      <span className="trips-event-title">{event.title}</span>
      <VisuallyHidden>{` (${event.trip.status})`}</VisuallyHidden>
    </span>
  );
}

/** The week and day views' column titles, as plain text: the library's own claim to be a column header has no row around it. */
function DayHeader({ label }: HeaderProps) {
  return <span>{label}</span>;
}

const components = {
  event: TripEventLabel,
  month: { header: DayHeader },
  week: { header: DayHeader },
  work_week: { header: DayHeader },
  day: { header: DayHeader },
};

/** The days a view shows (YYYY-MM-DD, inclusive): the month's whole weeks, the week, the day, or the agenda's 30 days. */
export function visibleRange(view: View, date: Date): { from: string; to: string } {
  const d = dayjs(date);
  const f = (x: dayjs.Dayjs) => x.format('YYYY-MM-DD');
  switch (view) {
    case 'month':
      return { from: f(d.startOf('month').startOf('week')), to: f(d.endOf('month').endOf('week')) };
    case 'week':
    case 'work_week':
      return { from: f(d.startOf('week')), to: f(d.endOf('week')) };
    case 'day':
      return { from: f(d), to: f(d) };
    default:
      return { from: f(d), to: f(d.add(30, 'day')) };
  }
}

/**
 * The trips calendar: Today/previous/next and five views, month by default, 600 px high, weeks from Monday. It tells
 * `onRange` the days it shows, so only those trips are asked of the server.
 */
function TripsCalendar({
  trips,
  onOpen,
  onRange,
}: {
  trips: readonly TripDto[];
  onOpen: (tripId: number) => void;
  onRange?: (range: { from: string; to: string }) => void;
}) {
  const [view, setView] = useState<View>('month');
  const [date, setDate] = useState(() => new Date());
  const { from, to } = visibleRange(view, date);
  useEffect(() => {
    onRange?.({ from, to });
  }, [from, to, onRange]);
  const events = useMemo(() => trips.map(tripEvent).filter((e): e is TripEvent => e !== null), [trips]);
  const select = useCallback((event: TripEvent) => onOpen(event.id), [onOpen]);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    // The week and day views' all-day row claims to be a table row group and row, with no table around it and no
    // cells in it; the month view's week rows claim rows whose children include bare buttons ("+2 more", the day
    // numbers), inside a "table" that then holds bare buttons. Invalid ARIA that screen readers stumble on; there the
    // roles are only layout, so they are removed and the month becomes a named group (the events and day numbers stay
    // buttons with their names).
    const strip = () => {
      el.querySelectorAll(
        '.rbc-time-view .rbc-allday-cell[role], .rbc-time-view .rbc-allday-cell [role="row"], .rbc-month-header[role], .rbc-month-row[role], .rbc-month-row [role]:not(button)',
      ).forEach((n) => n.removeAttribute('role'));
      el.querySelectorAll('.rbc-month-view[role="table"]').forEach((n) => n.setAttribute('role', 'group'));
    };
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    // A month day's "+2 more" opens the day's trips in a popup (rendered into the document's body) that
    // react-big-calendar closes only on a press of the mouse outside it (its mousedown listener on the document).
    // Escape closes it too, as every popup of the console, and hands focus back to the link that opened it; so does a
    // change of the window's size, which would leave it where the day was (off the side of a narrowed window).
    let opener: HTMLElement | null = null;
    const close = (): boolean => {
      if (!document.querySelector('.rbc-overlay')) return false;
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      return true;
    };
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest<HTMLElement>('.rbc-show-more') : null;
      if (link) opener = link;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !close()) return;
      e.stopPropagation();
      if (opener?.isConnected) opener.focus();
    };
    const onResize = () => void close();
    el.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      el.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  return (
    <div className="trips-calendar" data-testid="trips-calendar" ref={root}>
      <Calendar<TripEvent>
        localizer={localizer}
        events={events}
        views={VIEWS}
        view={view}
        onView={setView}
        date={date}
        onNavigate={setDate}
        style={{ height: 600 }}
        popup
        components={components}
        onSelectEvent={select}
        tooltipAccessor={null}
        scrollToTime={SCROLL_TO}
      />
    </div>
  );
}

export default TripsCalendar;
