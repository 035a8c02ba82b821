import type { DriverInviteDto } from '@contracts/driver-wire';
import type { DriverDto } from '@contracts/fleet-wire';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { formatDateTime } from '../../components/format';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { makeDriver } from '../dispatch/test-board';
import { subscribeDispatchLive } from '../dispatch/dispatch.live';
import { DESERT_STAR } from '../trips/test-trips';
import { FleetPage } from './fleet-page';

const dispatcher = makeProfile('bus_company', {
  active_org_id: DESERT_STAR,
  active_org: { id: DESERT_STAR, name: 'Desert Star Buses', type: 'bus_company' },
});
const EXPIRES = '2099-03-12T09:00:00.000Z';

const omar = makeDriver(1, { name: 'Omar Haddad', account: null, inviteExpiresAt: null });
const sara = makeDriver(2, { name: 'Sara Khan', account: { email: 'sara@desertstar.test' }, inviteExpiresAt: null });
const ali = makeDriver(3, { name: 'Ali Nasser', account: null, inviteExpiresAt: EXPIRES });
const retired = makeDriver(4, { name: 'Yusuf Retired', active: false, account: null, inviteExpiresAt: null });

function renderFleet(drivers: DriverDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({ 'GET /api/fleet/buses': () => ({ body: [] }), 'GET /api/fleet/drivers': () => ({ body: drivers }), ...extra });
  renderWithApp(<FleetPage />, { route: '/fleet', session: makeSession(dispatcher) });
  return mocked;
}

const row = async (name: string) =>
  (await within(screen.getByRole('region', { name: 'Drivers' })).findByText(name)).closest('tr') as HTMLElement;

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => off());

describe("a driver's invitation", () => {
  it('shows where each driver’s sign-in stands, and Invite only for active drivers without an account', async () => {
    renderFleet([omar, sara, ali, retired]);
    expect(within(await row('Omar Haddad')).getByText('No account')).toBeInTheDocument();
    expect(within(await row('Omar Haddad')).getByRole('button', { name: 'Invite Omar Haddad' })).toBeInTheDocument();
    expect(within(await row('Sara Khan')).getByText('Account: sara@desertstar.test')).toBeInTheDocument();
    expect(within(await row('Sara Khan')).queryByRole('button', { name: /^Invite/ })).not.toBeInTheDocument();
    expect(within(await row('Ali Nasser')).getByText(`Invited, link expires ${formatDateTime(EXPIRES)}`)).toBeInTheDocument();
    expect(within(await row('Ali Nasser')).getByRole('button', { name: 'Invite Ali Nasser again' })).toBeInTheDocument();
    expect(within(await row('Yusuf Retired')).queryByRole('button', { name: /^Invite/ })).not.toBeInTheDocument();
  });

  it('makes a link to copy or scan, with its expiry, and marks the driver invited', async () => {
    const invite: DriverInviteDto = {
      driverId: 1,
      driverName: 'Omar Haddad',
      url: 'http://localhost/join/tok-123',
      expiresAt: EXPIRES,
      email: 'omar@desertstar.test',
      emailed: true,
    };
    const { calls } = renderFleet([omar], { 'POST /api/fleet/drivers/1/invite': () => ({ status: 201, body: invite }) });
    await userEvent.click(within(await row('Omar Haddad')).getByRole('button', { name: 'Invite Omar Haddad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Omar Haddad' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not an address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'omar@desertstar.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Sign-up link' });
    expect(link).toHaveValue('http://localhost/join/tok-123');
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'QR code of the sign-up link for Omar Haddad' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(dialog).getByText(`The link works once and expires on ${formatDateTime(EXPIRES)}.`)).toBeInTheDocument();
    expect(within(dialog).getByText('The link was also e-mailed to omar@desertstar.test.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'omar@desertstar.test' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(await row('Omar Haddad')).getByText(`Invited, link expires ${formatDateTime(EXPIRES)}`)).toBeInTheDocument();
    expect(within(await row('Omar Haddad')).getByRole('button', { name: 'Invite Omar Haddad again' })).toBeInTheDocument();
  });

  it('says nothing of an e-mail when the link was not sent by e-mail', async () => {
    const invite: DriverInviteDto = {
      driverId: 1,
      driverName: 'Omar Haddad',
      url: 'http://localhost/join/tok-456',
      expiresAt: EXPIRES,
      email: 'omar@desertstar.test',
      emailed: false,
    };
    renderFleet([omar], { 'POST /api/fleet/drivers/1/invite': () => ({ status: 201, body: invite }) });
    await userEvent.click(within(await row('Omar Haddad')).getByRole('button', { name: 'Invite Omar Haddad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Omar Haddad' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'omar@desertstar.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Sign-up link' })).toHaveValue('http://localhost/join/tok-456');
    expect(within(dialog).queryByText(/e-mailed to/)).not.toBeInTheDocument();
  });

  it('shows the account live once the driver has signed up', async () => {
    renderFleet([ali]);
    await row('Ali Nasser');
    act(() =>
      emitLiveForTest('fleet:updated', {
        driver: { ...ali, account: { email: 'ali@desertstar.test' }, inviteExpiresAt: null, version: 2 },
        seq: 1,
        tenantId: 1,
      }),
    );
    expect(within(await row('Ali Nasser')).getByText('Account: ali@desertstar.test')).toBeInTheDocument();
    expect(within(await row('Ali Nasser')).queryByRole('button', { name: /^Invite/ })).not.toBeInTheDocument();
  });
});
