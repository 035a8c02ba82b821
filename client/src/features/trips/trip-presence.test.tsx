import type { PresenceActivity, PresenceViewer } from '@contracts/presence';
import type { ProfileDto } from '@contracts/wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetPresenceForTest, subscribePresenceLive } from '../../api/presence';
import { emitPresenceForTest, resetLiveForTest, sendLive } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { UsersTable } from '../admin/users-table';
import { PresenceAvatars } from './presence-avatars';
import { DESERT_STAR, makeTrip, tripRoutes } from './test-trips';
import { clockTime, othersOn, presenceLabel, softClaimOf } from './trip-presence';
import { TripsPage } from './trips-page';

jest.mock('../../api/socket', () => ({ ...jest.requireActual('../../api/socket'), sendLive: jest.fn() }));
const send = sendLive as jest.MockedFunction<typeof sendLive>;

// the signed-in user is 7 (makeProfile); Dev and Sam are other people
const me = makeProfile('bus_company', { active_org_id: DESERT_STAR });
/** An ISO instant at this local wall-clock time, so "since hh:mm AM" reads the same in any time zone. */
const at = (hours: number, minutes: number) => new Date(2031, 4, 1, hours, minutes).toISOString();
const viewer = (over: Partial<PresenceViewer> & Pick<PresenceViewer, 'userId' | 'name'>): PresenceViewer => ({
  role: 'bus_company',
  activity: 'viewing',
  since: at(9, 0),
  ...over,
});
const dev = viewer({ userId: 8, name: 'Dev Desert', activity: 'assigning', since: at(9, 41) });
const sam = viewer({ userId: 3, name: 'Sam School', role: 'school_staff', since: at(9, 45) });
const myOtherTab = viewer({ userId: me.id, name: me.name, activity: 'editing', since: at(8, 0) });

let version = 0;
const push = (tripId: number, viewers: PresenceViewer[]) =>
  act(() => emitPresenceForTest('presence:trip', { tripId, tenantId: 1, version: ++version, viewers }));

let off: () => void;
beforeEach(() => {
  resetPresenceForTest();
  resetLiveForTest();
  send.mockReset();
  send.mockResolvedValue({ ok: true });
  off = subscribePresenceLive();
});
afterEach(() => off());

/** What this console announced last for the trip ('clear' when it stopped). */
const announced = (tripId: number) =>
  send.mock.calls
    .filter(([, request]) => (request as { tripId?: number }).tripId === tripId)
    .map(([command, request]) => (command === 'presence:clear' ? 'clear' : (request as { activity: PresenceActivity }).activity))
    .at(-1);

describe('presence words', () => {
  it('names the person, their role and what they are doing', () => {
    expect(presenceLabel(dev)).toBe('Dev Desert, Bus Company: assigning buses');
    expect(presenceLabel({ ...sam, activity: 'viewing' })).toBe('Sam School, School Staff: viewing');
    expect(presenceLabel({ ...sam, activity: 'editing' })).toBe('Sam School, School Staff: editing');
    expect(presenceLabel({ ...sam, activity: 'passengers' })).toBe('Sam School, School Staff: managing passengers');
  });

  it('leaves the user out of the people on a trip', () => {
    expect(othersOn([myOtherTab, dev, sam], me.id).map((v) => v.name)).toEqual(['Dev Desert', 'Sam School']);
  });

  it('tells of someone else assigning or editing, with the time they started, and of nobody else', () => {
    expect(clockTime(at(9, 41))).toBe('09:41 AM');
    expect(clockTime(at(17, 5))).toBe('05:05 PM');
    expect(softClaimOf([sam, dev], me.id)?.notice).toBe('Dev Desert is assigning buses on this trip (since 09:41 AM).');
    const editing = viewer({ userId: 9, name: 'Eve Edits', activity: 'editing', since: at(14, 2) });
    expect(softClaimOf([editing], me.id)?.notice).toBe('Eve Edits is editing this trip (since 02:02 PM).');
    // viewing and managing passengers claim nothing; nor does the user's own other tab
    expect(softClaimOf([sam, viewer({ userId: 9, name: 'Pat', activity: 'passengers' })], me.id)).toBeNull();
    expect(softClaimOf([myOtherTab], me.id)).toBeNull();
  });
});

describe('PresenceAvatars', () => {
  const render = () => renderWithApp(<PresenceAvatars tripId={12} />, { session: makeSession(me) });

  it('shows the other people on the trip, never the user, and nothing while nobody else is on it', async () => {
    render();
    expect(screen.queryByRole('group', { name: 'Also on this trip' })).not.toBeInTheDocument();
    push(12, [myOtherTab]);
    expect(screen.queryByRole('group', { name: 'Also on this trip' })).not.toBeInTheDocument();
    push(13, [dev]); // another trip
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    push(12, [myOtherTab, dev, sam]);
    const group = screen.getByRole('group', { name: 'Also on this trip' });
    expect(
      within(group)
        .getAllByRole('img')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Dev Desert, Bus Company: assigning buses', 'Sam School, School Staff: viewing']);
    expect(within(group).getByText('DD')).toBeInTheDocument();
    push(12, [myOtherTab]);
    expect(screen.queryByRole('group', { name: 'Also on this trip' })).not.toBeInTheDocument();
  });

  it.each<[PresenceActivity, string]>([
    ['viewing', 'Dev Desert, Bus Company: viewing'],
    ['editing', 'Dev Desert, Bus Company: editing'],
    ['assigning', 'Dev Desert, Bus Company: assigning buses'],
    ['passengers', 'Dev Desert, Bus Company: managing passengers'],
  ])('says on hover what the person is doing (%s), and takes no Tab stop', async (activity, text) => {
    render();
    push(12, [{ ...dev, activity }]);
    const avatar = screen.getByRole('img', { name: text });
    await userEvent.hover(avatar);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
    await userEvent.unhover(avatar);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.tab();
    expect(avatar).not.toHaveFocus();
    expect(avatar).not.toHaveAttribute('tabindex');
  });

  it('folds a crowd into "+n", which names the rest', () => {
    render();
    const crowd = [1, 2, 3, 4, 5].map((n) => viewer({ userId: 100 + n, name: `Person ${n}`, since: at(9, n) }));
    push(12, crowd);
    const avatars = within(screen.getByRole('group', { name: 'Also on this trip' })).getAllByRole('img');
    expect(avatars).toHaveLength(4);
    expect(avatars[3]).toHaveTextContent('+2');
    expect(avatars[3]).toHaveAccessibleName('Person 4, Bus Company: viewing; Person 5, Bus Company: viewing');
  });
});

describe('the trip screens', () => {
  const trip = makeTrip({ id: 41, status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2, destination: 'Fort' });

  async function openDetails(profile: ProfileDto = me) {
    mockFetch({ ...tripRoutes([trip]), 'GET /api/trips/41/history': () => ({ body: [] }) });
    renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(profile) });
    const row = await screen.findByRole('button', { name: 'Fort' });
    await userEvent.click(row);
    return screen.findByRole('dialog', { name: 'View trip details' });
  }

  it('shows who else is on the trip in its row and in the details header, and announces that the user is viewing it', async () => {
    const details = await openDetails();
    await waitFor(() => expect(announced(41)).toBe('viewing'));
    push(41, [myOtherTab, dev]);
    expect(within(details).getByRole('img', { name: 'Dev Desert, Bus Company: assigning buses' })).toBeInTheDocument();
    const row = document.querySelector('tr[data-trip-id="41"]') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Dev Desert, Bus Company: assigning buses' })).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: new RegExp(me.name) })).not.toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(announced(41)).toBe('clear'));
  });

  it('tells a user opening Assign Bus who is already assigning buses; Continue anyway shows the form', async () => {
    const details = await openDetails();
    push(41, [dev]);
    await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    expect(within(modal).getByRole('alert')).toHaveTextContent('Dev Desert is assigning buses on this trip (since 09:41 AM).');
    expect(within(modal).queryByRole('textbox', { name: /^Seats/ })).not.toBeInTheDocument();
    await waitFor(() => expect(announced(41)).toBe('viewing'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue anyway' }));
    expect(within(modal).getByRole('textbox', { name: /^Seats/ })).toHaveValue('33');
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(announced(41)).toBe('assigning'));
    // Dev leaving or coming back changes nothing in a form already shown
    push(41, []);
    push(41, [dev]);
    expect(within(modal).getByRole('textbox', { name: /^Seats/ })).toBeInTheDocument();
  });

  it('closes Assign Bus from the notice with Close, back on the details', async () => {
    const details = await openDetails();
    push(41, [{ ...dev, activity: 'editing', since: at(16, 7) }]);
    await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    const notice = within(modal).getByRole('alert');
    expect(notice).toHaveTextContent('Dev Desert is editing this trip (since 04:07 PM).');
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Bus' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'View trip details' })).toBeInTheDocument();
    await waitFor(() => expect(announced(41)).toBe('viewing'));
  });

  it('tells a user opening Edit who is already editing', async () => {
    const details = await openDetails(makeProfile('admin'));
    push(41, [sam, viewer({ userId: 9, name: 'Eve Edits', activity: 'editing', since: at(10, 30) })]);
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Trip' });
    expect(within(modal).getByRole('alert')).toHaveTextContent('Eve Edits is editing this trip (since 10:30 AM).');
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue anyway' }));
    expect(within(modal).getByRole('textbox', { name: /^Destination/ })).toHaveValue('Fort');
    await waitFor(() => expect(announced(41)).toBe('editing'));
  });

  it('shows the form at once when nobody else is assigning or editing', async () => {
    const details = await openDetails();
    push(41, [sam, myOtherTab, viewer({ userId: 9, name: 'Pat', activity: 'passengers' })]);
    await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    expect(within(modal).getByRole('textbox', { name: /^Seats/ })).toBeInTheDocument();
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(modal).queryByText(/on this trip \(since/)).not.toBeInTheDocument();
    await waitFor(() => expect(announced(41)).toBe('assigning'));
  });
});

describe('User Management: who is online', () => {
  const user = (id: number, name: string): ProfileDto => makeProfile('school_staff', { id, name, email: `${id}@demo.test` });
  const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

  it('marks the users who are online now with a labelled dot, live', () => {
    renderWithApp(<UsersTable users={[user(3, 'Sam School'), user(8, 'Dev Desert')]} />, { session: makeSession(makeProfile('admin')) });
    expect(screen.queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
    act(() => emitPresenceForTest('presence:online', { tenantId: 1, version: 10, userIds: [8] }));
    expect(within(rowOf('Dev Desert')).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(rowOf('Sam School')).queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
    act(() => emitPresenceForTest('presence:user', { tenantId: 1, userId: 3, online: true, version: 11 }));
    act(() => emitPresenceForTest('presence:user', { tenantId: 1, userId: 8, online: false, version: 12 }));
    expect(within(rowOf('Sam School')).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(rowOf('Dev Desert')).queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
  });
});
