import { defaultEmailNotices } from '@contracts/notices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import type { MeDto } from '../auth/auth.api';
import { SettingsPage } from './settings-page';

// with its e-mail notices, as GET /users/me answers, so the page asks nothing more on opening
const profile: MeDto = {
  ...makeProfile('school_staff', { name: 'Greta Field', email: 'staff.greenfield@demo.test' }),
  emailNotices: defaultEmailNotices(),
};

describe('SettingsPage', () => {
  it('shows email and role read-only', () => {
    renderWithApp(<SettingsPage />, { session: makeSession(profile) });
    expect(screen.getByLabelText('Email')).toHaveValue('staff.greenfield@demo.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Role')).toHaveValue('School Staff');
    expect(screen.getByLabelText('Role')).toHaveAttribute('readonly');
  });

  it('requires a name', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<SettingsPage />, { session: makeSession(profile) });
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<SettingsPage />, { session: makeSession(profile) });
    await userEvent.type(screen.getByLabelText(/^New password/), 'newsecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'newsecret2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the current password before a new one is sent', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<SettingsPage />, { session: makeSession(profile) });
    await userEvent.type(screen.getByLabelText(/^New password/), 'newsecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'newsecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Enter your current password to set a new one.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a wrong current password at that field", async () => {
    mockFetch({
      'PATCH /api/users/me': () => ({ status: 400, body: { message: 'Your current password is not correct.', field: 'currentPassword' } }),
    });
    renderWithApp(<SettingsPage />, { session: makeSession(profile) });
    await userEvent.type(screen.getByLabelText(/^Current password/), 'not-it-1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'newsecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'newsecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // at the field, not as a notification
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(screen.queryByText('Could not save your profile')).not.toBeInTheDocument();
  });

  it('saves the name and password for real with PATCH /users/me', async () => {
    const session = makeSession(profile);
    const { calls } = mockFetch({ 'PATCH /api/users/me': (body) => ({ body: { ...profile, name: (body as { name: string }).name } }) });
    renderWithApp(<SettingsPage />, { session });
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Greta Fields');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'oldsecret1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'newsecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'newsecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile and password updated.')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/users/me',
      body: { name: 'Greta Fields', currentPassword: 'oldsecret1', password: 'newsecret1', confirmPassword: 'newsecret1' },
    });
    expect(session.setProfile).toHaveBeenCalledWith(expect.objectContaining({ name: 'Greta Fields' }));
    expect(screen.queryByText(/simulated/)).not.toBeInTheDocument();
  });
});
