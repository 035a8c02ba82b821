import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithApp } from '../../test-utils';
import { LoginPage } from './login-page';
import { RegisterPage, validateRegistration } from './register-page';

function renderRegister(route = '/register') {
  return renderWithApp(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route },
  );
}

async function fill(name: string, email: string, password: string) {
  if (name) await userEvent.type(screen.getByLabelText(/Full name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
}

describe('RegisterPage', () => {
  it('requires name, email and password', async () => {
    const { calls } = mockFetch({});
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the email format and the password length', () => {
    expect(validateRegistration({ name: 'A', email: 'not-an-email', password: 'short', role: 'school_staff' })).toEqual({
      email: 'Enter a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('offers school_staff (default), bus_company and finance, never admin', async () => {
    renderRegister();
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveValue('School Staff');
    await userEvent.click(select);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['School Staff', 'Bus Company', 'Finance']);
  });

  it('registers, then shows the approval notice on /login', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/register': () => ({ status: 201, body: { message: 'ok', user: {} } }) });
    renderRegister('/register?tenant=northwind');
    await fill('Nia Park', 'nia@demo.test', 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful! Wait for admin approval before logging in.')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/register',
      body: { name: 'Nia Park', email: 'nia@demo.test', password: 'longenough', role: 'school_staff', tenant: 'northwind' },
    });
  });

  it('shows the server\'s message, else "Registration failed."', async () => {
    mockFetch({ 'POST /api/auth/register': () => ({ status: 409, body: { message: 'An account with this email already exists.' } }) });
    renderRegister();
    await fill('Nia Park', 'nia@demo.test', 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');

    mockFetch({ 'POST /api/auth/register': () => ({ status: 500 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
  });
});
