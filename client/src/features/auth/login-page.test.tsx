import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type InitialEntry, Route, Routes } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { makeProfile, makeSession, renderWithApp } from '../../test-utils';
import { LoginPage } from './login-page';

function renderLogin(session = makeSession(null), route: InitialEntry = '/login') {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Dashboard page</h1>} />
      <Route path="/trips" element={<h1>Trips page</h1>} />
      <Route path="/register" element={<h1>Register page</h1>} />
    </Routes>,
    { route, session },
  );
}

describe('LoginPage', () => {
  it('requires email and password', async () => {
    const session = makeSession(null);
    renderLogin(session);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
    expect(session.login).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Email/), 'someone@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
  });

  it("shows the server's message when sign-in is refused", async () => {
    const login = jest.fn(async () => {
      throw new ApiError('Your account is awaiting admin approval.', 403, { message: 'Your account is awaiting admin approval.' });
    });
    renderLogin(makeSession(null, { login }));
    await userEvent.type(screen.getByLabelText(/Email/), 'pending@demo.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is awaiting admin approval.');
    expect(login).toHaveBeenCalledWith('pending@demo.test', 'demo1234');
  });

  it('falls back to "Login failed. Please try again." without a server message', async () => {
    const login = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin(makeSession(null, { login }));
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@demo.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('lands finance on All Trips after signing in', async () => {
    const profile = makeProfile('finance');
    renderLogin(makeSession(null, { login: jest.fn(async () => profile) }));
    await userEvent.type(screen.getByLabelText(/Email/), 'finance@demo.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Trips page' })).toBeInTheDocument();
  });

  it('says single-sign-on buttons are placeholders', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(screen.getByRole('status')).toHaveTextContent("Sign-in isn't configured yet. This button is a placeholder.");
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('status')).toHaveTextContent("Sign-in isn't configured yet. This button is a placeholder.");
    expect(screen.getByText('Single sign-on may need to be enabled by your school admin.')).toBeInTheDocument();
  });

  it('links to registration', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('confirms a registration passed on from the register page', () => {
    renderLogin(makeSession(null), { pathname: '/login', state: { registered: true } });
    expect(screen.getByText('Registration successful! Wait for admin approval before logging in.')).toBeInTheDocument();
  });
});
