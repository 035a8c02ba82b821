import type { DriverInviteInfoDto, DriverSignUpBody } from '@contracts/driver-wire';
import { Messages } from '@contracts/messages';
import type { LoginResponse } from '@contracts/wire';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { http, serverMessage, setToken } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import { LoadingScreen } from '../../components/loading-screen';
import { AuthLayout } from './auth-layout';
import { useSession } from './session-context';

/** A driver's one-time sign-up link (docs/domain.md, "Drivers"): no sign-in needed to read or use it. */
const inviteApi = {
  info: (token: string) => http.get<DriverInviteInfoDto>(`/driver-invites/${encodeURIComponent(token)}`),
  signUp: (token: string, body: DriverSignUpBody) => http.post<LoginResponse>(`/driver-invites/${encodeURIComponent(token)}`, body),
};

interface Fields {
  email: string;
  password: string;
  confirm: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up rules, in the words the server and the register page use. */
export function validateDriverSignUp(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!fields.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL.test(fields.email.trim())) errors.email = 'Enter a valid email address.';
  if (!fields.password) errors.password = 'Password is required.';
  else if (fields.password.length < 8) errors.password = Messages.passwordTooShort;
  if (fields.confirm !== fields.password) errors.confirm = Messages.passwordsDoNotMatch;
  return errors;
}

/** A link that no longer works (expired, used, unknown): the server's words, and the way to sign in. */
function InviteRefused({ message }: { message: string }) {
  return (
    <AuthLayout title="Set up your driver account">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {message}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}

function SignUpForm({ token, invite }: { token: string; invite: DriverInviteInfoDto }) {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Fields>({
    initialValues: { email: invite.email ?? '', password: '', confirm: '' },
    validate: validateDriverSignUp,
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const { token: session } = await inviteApi.signUp(token, { email: email.trim(), password });
      // signed in as the login page does: the token kept, then the profile read
      setToken(session);
      await refresh();
      void navigate('/today', { replace: true });
    } catch (e) {
      setFailure(serverMessage(e) ?? 'The account could not be set up. Please try again.');
    }
  });

  return (
    <AuthLayout title="Set up your driver account" subtitle={`For ${invite.driverName} of ${invite.companyName}.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              <Text size="sm">{failure}</Text>
              <Anchor component={Link} to="/login" size="sm" underline="always">
                Sign in
              </Anchor>
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" size="md" {...form.getInputProps('email')} withAsterisk />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters."
            size="md"
            {...form.getInputProps('password')}
            withAsterisk
          />
          <PasswordInput label="Confirm password" autoComplete="new-password" size="md" {...form.getInputProps('confirm')} withAsterisk />
          <Button type="submit" loading={form.submitting} fullWidth size="lg">
            Set up my account
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            This link works once, until {dayjs(invite.expiresAt).format('ddd D MMM YYYY, hh:mm A')}.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** `/join/:token`: a driver makes their account from the link their dispatcher sent, then lands on their day. */
export function JoinPage() {
  const { token = '' } = useParams();
  const invite = useQuery(['driver-invite', token], () => inviteApi.info(token));
  if (invite.loading) return <LoadingScreen text="Loading your invitation..." minHeight="100vh" />;
  if (!invite.data) {
    return (
      <InviteRefused
        message={serverMessage(invite.error) ?? 'The invitation could not be read. Check your signal and open the link again.'}
      />
    );
  }
  return <SignUpForm token={token} invite={invite.data} />;
}
