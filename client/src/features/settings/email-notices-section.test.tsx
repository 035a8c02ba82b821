import { defaultEmailNotices } from '@contracts/notices';
import type { Role } from '@contracts/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import type { MeDto } from '../auth/auth.api';
import { SettingsPage } from './settings-page';

const REQUESTER_LABELS = [
  'My request was approved',
  'Changes were requested',
  'My request was denied',
  'My request expired',
  'My request was accepted',
  'My request was rejected',
  'Buses were assigned',
  'A cancellation was approved',
];
const SCHOOL_LABELS = ['A request waits for my approval', ...REQUESTER_LABELS];

function me(role: Role, emailNotices = { ...defaultEmailNotices(), tripRejected: false }): MeDto {
  return { ...makeProfile(role, { name: 'Greta Field', email: 'staff.greenfield@demo.test' }), emailNotices };
}

const section = () => screen.findByRole('region', { name: 'E-mail notices' });
/** The labels of the section's checkboxes, in order. */
const labelsIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('checkbox')
    .map((box) => region.querySelector(`label[for="${box.id}"]`)?.textContent);

describe('Account Settings: e-mail notices', () => {
  it.each([
    ['school_staff', SCHOOL_LABELS],
    ['trip_manager', REQUESTER_LABELS],
    ['bus_company', ['A trip needs a bus']],
    ['admin', [...SCHOOL_LABELS, 'A trip needs a bus']],
  ] as const)('offers a %s the notices that concern them, ticked as chosen', async (role, labels) => {
    renderWithApp(<SettingsPage />, { session: makeSession(me(role)) });
    const region = await section();
    expect(labelsIn(region)).toEqual(labels);
    for (const label of labels) {
      const box = within(region).getByRole('checkbox', { name: label });
      if (label === 'My request was rejected') expect(box).not.toBeChecked();
      else expect(box).toBeChecked();
    }
  });

  it('describes each notice', async () => {
    renderWithApp(<SettingsPage />, { session: makeSession(me('bus_company')) });
    expect(within(await section()).getByRole('checkbox', { name: 'A trip needs a bus' })).toHaveAccessibleDescription(
      'An accepted trip of your company still has no bus close to departure.',
    );
  });

  it.each(['finance', 'driver'] as const)('shows no e-mail notices to a %s', async (role) => {
    renderWithApp(<SettingsPage />, { session: makeSession(me(role)) });
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail notices' })).not.toBeInTheDocument();
    expect(screen.queryByText('E-mail notices')).not.toBeInTheDocument();
  });

  it('asks GET /users/me for the choice when the session does not carry it', async () => {
    const { calls } = mockFetch({ 'GET /api/users/me': () => ({ body: me('school_staff') }) });
    renderWithApp(<SettingsPage />, { session: makeSession(makeProfile('school_staff')) });
    expect(within(await section()).getByRole('checkbox', { name: 'My request was rejected' })).not.toBeChecked();
    expect(calls).toEqual([{ method: 'GET', path: '/api/users/me', body: undefined }]);
  });

  it('leaves the section out when the server has no such choice', async () => {
    const { calls } = mockFetch({ 'GET /api/users/me': () => ({ body: makeProfile('school_staff') }) });
    renderWithApp(<SettingsPage />, { session: makeSession(makeProfile('school_staff')) });
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'E-mail notices' })).not.toBeInTheDocument();
  });

  it('saves a change at once with PATCH /users/me and says so', async () => {
    const profile = me('school_staff');
    const session = makeSession(profile);
    const { calls } = mockFetch({
      'PATCH /api/users/me': (body) => ({
        body: { ...profile, emailNotices: { ...profile.emailNotices, ...(body as { emailNotices: object }).emailNotices } },
      }),
    });
    renderWithApp(<SettingsPage />, { session });
    const region = await section();
    await userEvent.click(within(region).getByRole('checkbox', { name: 'My request was accepted' }));

    expect(await within(region).findByRole('status')).toHaveTextContent('E-mail notices saved.');
    expect(within(region).getByRole('checkbox', { name: 'My request was accepted' })).not.toBeChecked();
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/users/me', body: { emailNotices: { tripAccepted: false } } }]);
    expect(session.setProfile).toHaveBeenCalledWith(
      expect.objectContaining({ emailNotices: expect.objectContaining({ tripAccepted: false, tripRejected: false }) }),
    );
  });

  it('ticks with the keyboard', async () => {
    const { calls } = mockFetch({ 'PATCH /api/users/me': () => ({ body: me('bus_company') }) });
    renderWithApp(<SettingsPage />, { session: makeSession(me('bus_company')) });
    const box = within(await section()).getByRole('checkbox', { name: 'A trip needs a bus' });
    box.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('E-mail notices saved.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ emailNotices: { needsBus: false } });
  });

  it('puts a change back and says why when the server refuses it', async () => {
    const session = makeSession(me('school_staff'));
    mockFetch({ 'PATCH /api/users/me': () => ({ status: 400, body: { message: 'Choose on or off for each e-mail notice.' } }) });
    renderWithApp(<SettingsPage />, { session });
    const region = await section();
    await userEvent.click(within(region).getByRole('checkbox', { name: 'My request was rejected' }));

    expect(await screen.findByText('Choose on or off for each e-mail notice.')).toBeInTheDocument();
    expect(screen.getByText('Could not save your e-mail notices')).toBeInTheDocument();
    expect(within(region).getByRole('checkbox', { name: 'My request was rejected' })).not.toBeChecked();
    expect(within(region).getByRole('status')).not.toHaveTextContent('E-mail notices saved.');
    expect(session.setProfile).not.toHaveBeenCalled();
  });
});
