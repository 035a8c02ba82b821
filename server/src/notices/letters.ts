import { formatDay, weekStart } from '../contracts/calendar';
import type { EmailNotice } from '../contracts/notices';
import type { BusAssignment, TripDto } from '../contracts/trip-wire';

/**
 * The words of each e-mail (docs/domain.md, "Notifications"), in plain text and HTML. Pure: the outbox writer gives the
 * facts, these answer what to send. Every value is escaped in the HTML; links need a sign-in (the console's own).
 */
export interface Letter {
  subject: string;
  text: string;
  html: string;
}

/** The trip facts a trip notice tells. */
export type TripFacts = Pick<
  TripDto,
  | 'id'
  | 'destination'
  | 'schoolName'
  | 'departureDate'
  | 'departureTime'
  | 'returnDate'
  | 'returnTime'
  | 'students'
  | 'staff'
  | 'busCompanyName'
  | 'buses'
>;

/** The notices of a school's approval (approvalLetter); the others are a trip's (tripLetter). */
export const APPROVAL_NOTICES = ['approvalWaiting', 'requestApproved', 'changesRequested', 'requestDenied', 'requestWithdrawn'] as const;
export type ApprovalNotice = (typeof APPROVAL_NOTICES)[number];
export type TripNotice = Exclude<EmailNotice, ApprovalNotice>;

const HEADLINES: Record<TripNotice, { subject: string; line: (t: TripFacts) => string }> = {
  tripAccepted: { subject: 'Trip accepted', line: (t) => `${company(t)} accepted your trip to ${t.destination}.` },
  tripRejected: { subject: 'Trip rejected', line: (t) => `${company(t)} rejected your trip to ${t.destination}.` },
  tripConfirmed: { subject: 'Trip confirmed', line: (t) => `Your trip to ${t.destination} is confirmed: its buses are assigned.` },
  cancellationApproved: {
    subject: 'Cancellation approved',
    line: (t) => `${company(t)} approved cancelling your trip to ${t.destination}. The trip is canceled.`,
  },
  needsBus: { subject: 'Needs a bus', line: (t) => `${t.destination} departs ${departure(t)} and has no bus yet.` },
};

const company = (t: TripFacts) => t.busCompanyName ?? 'The bus company';
const departure = (t: TripFacts) => `${formatDay(t.departureDate)} ${t.departureTime}`;

/** A trip notice to one person: `baseUrl` is the console's public address. */
export function tripLetter(notice: TripNotice, recipientName: string, trip: TripFacts, baseUrl: string): Letter {
  const head = HEADLINES[notice];
  const subject =
    notice === 'needsBus'
      ? `${head.subject}: ${trip.destination} departs ${departure(trip)}`
      : `${head.subject}: ${trip.destination}, ${formatDay(trip.departureDate)}`;
  const link = notice === 'needsBus' ? `${baseUrl}/dispatch?week=${weekStart(trip.departureDate)}` : `${baseUrl}/trips?trip=${trip.id}`;
  const facts = tripFactLines(trip, notice === 'tripConfirmed');
  const openLabel = notice === 'needsBus' ? 'Open the dispatch board' : 'Open the trip';
  return compose({
    subject,
    greeting: `Hello ${recipientName},`,
    lines: [head.line(trip)],
    facts,
    link: { label: openLabel, url: link },
    footer: 'You get this e-mail because of your choice in Account Settings, where you can turn it off.',
  });
}

/** What an approval notice tells besides the trip. */
export interface ApprovalFacts {
  kind: 'request' | 'change';
  step: number;
  steps: number;
  /** Who requested it (an approver's notice says so). */
  requestedBy: string;
  /** Who decided (the requester's notices say so); null for the clock. */
  decidedBy: string | null;
  comment: string | null;
  /** A reminder of one still waiting. */
  reminder: boolean;
  budgetCode: string | null;
  /** A change's differences in words ("Distance: 18 km → 160 km"), its new estimate last; none for a request. */
  changes: string[];
}

const what = (a: ApprovalFacts) => (a.kind === 'change' ? 'A change to the trip' : 'The trip request');

const APPROVAL_HEADLINES: Record<
  ApprovalNotice,
  { subject: (a: ApprovalFacts) => string; line: (t: TripFacts, a: ApprovalFacts) => string }
> = {
  approvalWaiting: {
    subject: (a) => (a.reminder ? 'Reminder: waiting for your approval' : 'Waiting for your approval'),
    line: (t, a) =>
      `${what(a)} to ${t.destination} by ${a.requestedBy} waits for your approval (step ${a.step} of ${a.steps})${a.reminder ? ', and has for a while' : ''}.`,
  },
  requestApproved: {
    subject: () => 'Approved',
    line: (t, a) =>
      a.kind === 'change'
        ? `${a.decidedBy ?? 'Your school'} approved your change to the trip to ${t.destination}; the bus company now sees it.`
        : `${a.decidedBy ?? 'Your school'} approved your trip to ${t.destination}; it is now with the bus company.`,
  },
  changesRequested: {
    subject: () => 'Changes requested',
    line: (t, a) =>
      `${a.decidedBy ?? 'An approver'} asks for changes to ${a.kind === 'change' ? 'your change to the trip' : 'your trip'} to ${t.destination}${a.comment ? `: “${a.comment}”` : '.'}`,
  },
  requestDenied: {
    subject: () => 'Denied',
    line: (t, a) =>
      `${a.decidedBy ?? 'An approver'} denied ${a.kind === 'change' ? 'your change to the trip' : 'your trip'} to ${t.destination}${a.comment ? `: “${a.comment}”` : '.'}`,
  },
  requestWithdrawn: {
    subject: () => 'Withdrawn',
    line: (t, a) =>
      `${a.kind === 'change' ? 'Your change to the trip' : 'Your trip'} to ${t.destination} waited for approval past your school’s limit and was withdrawn.`,
  },
};

/**
 * An approval notice to one person. An approver's carries two links that need a sign-in: one to approve (the console
 * asks to confirm; a link never decides by itself) and one to open the trip.
 */
export function approvalLetter(notice: ApprovalNotice, recipientName: string, trip: TripFacts, a: ApprovalFacts, baseUrl: string): Letter {
  const head = APPROVAL_HEADLINES[notice];
  const facts = tripFactLines(trip, false);
  if (a.budgetCode) facts.push(['Budget code', a.budgetCode]);
  const open = { label: 'Open the trip', url: `${baseUrl}/trips?trip=${trip.id}` };
  const approver = notice === 'approvalWaiting';
  return compose({
    subject: `${head.subject(a)}: ${trip.destination}, ${formatDay(trip.departureDate)}`,
    greeting: `Hello ${recipientName},`,
    // an approver reads what a change would change, and what it would cost, before following the link
    lines: approver && a.changes.length > 0 ? [head.line(trip, a), `The change: ${a.changes.join('; ')}.`] : [head.line(trip, a)],
    facts,
    link: approver ? { label: 'Approve', url: `${baseUrl}/approvals?trip=${trip.id}&decision=approve` } : open,
    extraLinks: approver ? [open] : [],
    footer: 'You get this e-mail because of your choice in Account Settings, where you can turn it off.',
  });
}

/** A week of a weekly series, as a series letter lists it. */
export type SeriesWeek = TripFacts & { seriesId: string };

/**
 * The notices one change may give one person about several weeks of a weekly series at once (approving, reminding,
 * a company's decision on each week, cancelling the rest): each becomes one letter listing the weeks (seriesLetter).
 * A confirmation (its buses per week) and "Needs a bus" (a board's week each) stay a letter per trip.
 */
export type SeriesNotice = Exclude<EmailNotice, 'tripConfirmed' | 'needsBus'>;
export const isSeriesNotice = (notice: EmailNotice): notice is SeriesNotice => notice !== 'tripConfirmed' && notice !== 'needsBus';

const weeksOf = (n: number, a: ApprovalFacts | null, destination: string) =>
  a?.kind === 'change' ? `your change to ${n} weeks of the trip to ${destination}` : `${n} weeks of your weekly trip to ${destination}`;
const said = (a: ApprovalFacts | null) => (a?.comment ? `: “${a.comment}”` : '.');

const SERIES_LINES: Record<SeriesNotice, (t: TripFacts, n: number, a: ApprovalFacts | null) => string> = {
  approvalWaiting: (t, n, a) =>
    `${what(a!)} to ${t.destination} by ${a!.requestedBy}, ${n} weeks of a weekly series, waits for your approval (step ${a!.step} of ${a!.steps})${a!.reminder ? ', and has for a while' : ''}.`,
  requestApproved: (t, n, a) =>
    a?.kind === 'change'
      ? `${a.decidedBy ?? 'Your school'} approved ${weeksOf(n, a, t.destination)}; the bus company now sees it.`
      : `${a?.decidedBy ?? 'Your school'} approved ${weeksOf(n, a, t.destination)}; they are now with the bus company.`,
  changesRequested: (t, n, a) => `${a?.decidedBy ?? 'An approver'} asks for changes to ${weeksOf(n, a, t.destination)}${said(a)}`,
  requestDenied: (t, n, a) => `${a?.decidedBy ?? 'An approver'} denied ${weeksOf(n, a, t.destination)}${said(a)}`,
  requestWithdrawn: (t, n, a) =>
    `${capitalized(weeksOf(n, a, t.destination))} waited for approval past your school’s limit and ${a?.kind === 'change' ? 'was' : 'were'} withdrawn.`,
  tripAccepted: (t, n) => `${company(t)} accepted ${weeksOf(n, null, t.destination)}.`,
  tripRejected: (t, n) => `${company(t)} rejected ${weeksOf(n, null, t.destination)}.`,
  cancellationApproved: (t, n) => `${company(t)} approved cancelling ${weeksOf(n, null, t.destination)}. They are canceled.`,
};

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One letter for several weeks of a weekly series (isSeriesNotice) to one person: the weeks listed by departure, each
 * with its times and passengers, and a link to the first week (whose details list the series). An approver's carries
 * "Approve all N weeks", which asks first in the console, as a single request's link does.
 */
export function seriesLetter(
  notice: SeriesNotice,
  recipientName: string,
  weeks: readonly SeriesWeek[],
  a: ApprovalFacts | null,
  baseUrl: string,
): Letter {
  const sorted = [...weeks].sort((x, y) => `${x.departureDate} ${x.departureTime}`.localeCompare(`${y.departureDate} ${y.departureTime}`));
  const [first] = sorted;
  const subject =
    notice in APPROVAL_HEADLINES ? APPROVAL_HEADLINES[notice as ApprovalNotice].subject(a!) : HEADLINES[notice as TripNotice].subject;
  const facts: Array<[string, string]> = [
    ['Destination', first.destination],
    ['School', first.schoolName],
    ...sorted.map((w): [string, string] => [formatDay(w.departureDate), weekLine(w)]),
  ];
  if (first.busCompanyName) facts.push(['Bus company', first.busCompanyName]);
  if (a?.budgetCode) facts.push(['Budget code', a.budgetCode]);
  const open = { label: 'Open the first week', url: `${baseUrl}/trips?trip=${first.id}` };
  const approver = notice === 'approvalWaiting';
  return compose({
    subject: `${subject}: ${first.destination}, ${sorted.length} weeks from ${formatDay(first.departureDate)}`,
    greeting: `Hello ${recipientName},`,
    lines: [SERIES_LINES[notice](first, sorted.length, a)],
    facts,
    link: approver
      ? { label: `Approve all ${sorted.length} weeks`, url: `${baseUrl}/approvals?series=${first.seriesId}&decision=approve` }
      : open,
    extraLinks: approver ? [open] : [],
    footer: 'You get this e-mail because of your choice in Account Settings, where you can turn it off.',
  });
}

/** A week's row of a series letter: "09:15 AM to 03:00 PM, 38 students, 4 staff" (the return's day when another). */
function weekLine(w: TripFacts): string {
  const back = w.returnDate === w.departureDate ? w.returnTime : `${formatDay(w.returnDate)} ${w.returnTime}`;
  return `${w.departureTime} to ${back}, ${w.students} students, ${w.staff ?? 0} staff`;
}

/** A driver's one-time sign-up link, to the address the dispatcher gave. */
export function driverInviteLetter(facts: { driverName: string; companyName: string; url: string; expiresAt: Date }): Letter {
  return compose({
    subject: `Your driver account with ${facts.companyName}`,
    greeting: `Hello ${facts.driverName},`,
    lines: [
      `${facts.companyName} invites you to see your trips of the day and tap each step on your phone.`,
      `Open the link to choose your password. It works once, until ${facts.expiresAt.toUTCString()}.`,
    ],
    facts: [],
    link: { label: 'Create your account', url: facts.url },
    footer: 'If you did not expect this e-mail, you can ignore it.',
  });
}

/** Label and value pairs, in the order a reader looks for them. */
function tripFactLines(t: TripFacts, withBuses: boolean): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    ['Destination', t.destination],
    ['School', t.schoolName],
    ['Departure', departure(t)],
    ['Return', `${formatDay(t.returnDate)} ${t.returnTime}`],
    ['Passengers', `${t.students} students, ${t.staff ?? 0} staff`],
  ];
  if (t.busCompanyName) lines.push(['Bus company', t.busCompanyName]);
  if (withBuses) t.buses.forEach((b, i) => lines.push([`Bus ${i + 1}`, busLine(b)]));
  return lines;
}

function busLine(b: BusAssignment): string {
  const bus = [b.busName ?? b.busType, b.busPlate ? `(${b.busPlate})` : null].filter(Boolean).join(' ');
  const driver = b.driverName ? `, driver ${b.driverName}${b.driverPhone ? ` (${b.driverPhone})` : ''}` : '';
  return `${bus}, ${b.busSeats} seats${driver}`;
}

interface Parts {
  subject: string;
  greeting: string;
  lines: string[];
  facts: Array<[string, string]>;
  link: { label: string; url: string };
  /** More links after the first (an approver's "Open the trip"). */
  extraLinks?: { label: string; url: string }[];
  footer: string;
}

function compose(p: Parts): Letter {
  const text = [
    p.greeting,
    '',
    ...p.lines,
    '',
    ...p.facts.map(([k, v]) => `${k}: ${v}`),
    ...(p.facts.length ? [''] : []),
    `${p.link.label}: ${p.link.url}`,
    ...(p.extraLinks ?? []).map((l) => `${l.label}: ${l.url}`),
    '',
    p.footer,
  ].join('\n');
  const rows = p.facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(p.greeting)}</p>`,
    ...p.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    rows ? `<table cellpadding="4">${rows}</table>` : '',
    ...[p.link, ...(p.extraLinks ?? [])].map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    `<p style="color:#666">${escapeHtml(p.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: p.subject, text, html };
}

/** Text as HTML shows it: every value the message carries goes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
