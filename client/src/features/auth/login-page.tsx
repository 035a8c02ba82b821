import { Messages } from '@contracts/messages';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, serverMessage, setToken } from '../../api/http';
import { type FromState, landingFor, rolesOf } from '../../shared/access';
import { AuthLayout } from './auth-layout';
import { useSession } from './session-context';
import { loginWithMicrosoftToken, microsoftSettings, preloadMicrosoftSignIn, SSO_PLACEHOLDER, SsoError, signInWithMicrosoft } from './sso';

export interface LoginLocationState extends FromState {
  /** set by the register page after a successful registration */
  registered?: boolean;
}

export function LoginPage() {
  const { login, refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;

  // a missing field is marked (no message of its own: the alert says what is missing) until the next submit
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: (email) => !email.trim(), password: (password) => !password },
    clearInputErrorOnChange: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [microsoftBusy, setMicrosoftBusy] = useState(false);
  const microsoft = useMemo(() => microsoftSettings(), []);

  useEffect(() => {
    if (microsoft) preloadMicrosoftSignIn(microsoft);
  }, [microsoft]);

  const submit = form.onSubmit(
    async ({ email, password }) => {
      setNotice(null);
      setError(null);
      try {
        const profile = await login(email.trim(), password);
        void navigate(landingFor(rolesOf(profile), state.from), { replace: true });
      } catch (e) {
        setError(serverMessage(e) ?? 'Login failed. Please try again.');
      }
    },
    () => {
      setNotice(null);
      setError(Messages.loginRequired);
    },
  );

  const ssoPlaceholder = () => {
    setError(null);
    setNotice(SSO_PLACEHOLDER);
  };

  // the Microsoft access token goes to /auth/login-microsoft; its token is kept like a password sign-in's.
  const signInWithMicrosoftAccount = async () => {
    if (!microsoft) return ssoPlaceholder();
    setError(null);
    setNotice(null);
    setMicrosoftBusy(true);
    try {
      const account = await signInWithMicrosoft(microsoft);
      const { token } = await loginWithMicrosoftToken(account.accessToken);
      setToken(token);
      const profile = await refresh();
      if (!profile) throw new Error('Login failed. Please try again.');
      void navigate(landingFor(rolesOf(profile), state.from), { replace: true });
    } catch (e) {
      if (e instanceof SsoError && e.kind !== 'failed') setNotice(e.message);
      else setError(e instanceof SsoError || e instanceof ApiError ? e.message : 'Login failed. Please try again.');
      // a second click while the popup is open is refused by signInWithMicrosoft, not by this flag
      if (!(e instanceof SsoError && e.kind === 'busy')) setMicrosoftBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Use your school or company account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {state.registered ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Registration received">
              Registration successful! Wait for admin approval before logging in.
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status">
              {notice}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@school.org"
            {...form.getInputProps('email')}
            withAsterisk
            autoFocus
          />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} withAsterisk />
          <Button type="submit" loading={form.submitting} fullWidth>
            Sign in
          </Button>

          <Divider label="or" labelPosition="center" />

          <Button
            variant="default"
            leftSection={<IconBrandWindows size={18} />}
            onClick={() => void signInWithMicrosoftAccount()}
            aria-busy={microsoftBusy}
            fullWidth
          >
            Sign in with Microsoft
          </Button>
          <Button variant="default" leftSection={<IconBrandGoogle size={18} />} onClick={ssoPlaceholder} fullWidth>
            Sign in with Google
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Single sign-on may need to be enabled by your school admin.
          </Text>

          <Text size="sm" ta="center">
            No account yet?{' '}
            <Anchor component={Link} to={{ pathname: '/register', search: location.search }} underline="always">
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
