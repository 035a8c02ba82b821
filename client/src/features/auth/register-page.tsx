import { Messages } from '@contracts/messages';
import { type Role, SELF_REGISTER_ROLES } from '@contracts/roles';
import { Alert, Anchor, Button, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandWindows, IconInfoCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, serverMessage } from '../../api/http';
import { roleLabel } from '../../shared/access';
import { authApi } from './auth.api';
import { AuthLayout } from './auth-layout';
import type { LoginLocationState } from './login-page';
import { loginWithMicrosoftToken, microsoftSettings, preloadMicrosoftSignIn, SSO_PLACEHOLDER, SsoError, signInWithMicrosoft } from './sso';

interface Fields {
  name: string;
  email: string;
  password: string;
  role: Role;
}
type Errors = Partial<Record<keyof Fields, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The registration rules: name, email and password are required (messages as the server words them). */
export function validateRegistration(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.name.trim()) errors.name = Messages.nameRequired;
  if (!fields.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL.test(fields.email.trim())) errors.email = 'Enter a valid email address.';
  if (!fields.password) errors.password = 'Password is required.';
  else if (fields.password.length < 8) errors.password = Messages.passwordTooShort;
  return errors;
}

const ROLE_OPTIONS = SELF_REGISTER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // an invite link /register?tenant=slug joins that tenant
  const tenant = params.get('tenant')?.trim() || undefined;

  // a change forgets that field's message; a submit checks them all again
  const form = useForm<Fields>({
    initialValues: { name: '', email: '', password: '', role: 'school_staff' },
    validate: validateRegistration,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const microsoft = useMemo(() => microsoftSettings(), []);

  useEffect(() => {
    if (microsoft) preloadMicrosoftSignIn(microsoft);
  }, [microsoft]);

  // only the name and email come from the Microsoft account; the server says where that account stands.
  const prefillFromMicrosoft = async () => {
    setFailure(null);
    if (!microsoft) return setNotice(SSO_PLACEHOLDER);
    setNotice(null);
    let account;
    try {
      account = await signInWithMicrosoft(microsoft);
    } catch (e) {
      if (e instanceof SsoError && e.kind !== 'failed') setNotice(e.message);
      else setFailure(e instanceof SsoError ? e.message : Messages.signInFailed);
      return;
    }
    form.setFieldValue('name', (name) => account.name || name);
    form.setFieldValue('email', (email) => account.email || email);
    let standing = '';
    try {
      await loginWithMicrosoftToken(account.accessToken);
      // an approved account already: nothing to register (the session it offered is not kept)
      return setNotice(`${Messages.microsoftAccountDetected} ${Messages.emailTaken} Sign in instead.`);
    } catch (e) {
      if (e instanceof ApiError) standing = e.message;
    }
    setNotice([Messages.microsoftAccountDetected, standing, Messages.mayNeedApproval].filter(Boolean).join(' '));
  };

  const submit = form.onSubmit(
    async (fields) => {
      setNotice(null);
      setFailure(null);
      try {
        await authApi.register({
          name: fields.name.trim(),
          email: fields.email.trim(),
          password: fields.password,
          role: fields.role,
          tenant,
        });
        void navigate(
          { pathname: '/login', search: tenant ? `?tenant=${encodeURIComponent(tenant)}` : '' },
          { state: { registered: true } satisfies LoginLocationState },
        );
      } catch (e) {
        setFailure(serverMessage(e) ?? 'Registration failed.');
      }
    },
    () => setNotice(null),
  );

  return (
    <AuthLayout title="Create an account" subtitle="An administrator approves new accounts before they can sign in.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status">
              {notice}
            </Alert>
          ) : null}
          {tenant ? (
            <Text size="sm" c="dimmed">
              Joining organization: <b>{tenant}</b>
            </Text>
          ) : null}
          <Button variant="default" leftSection={<IconBrandWindows size={18} />} onClick={() => void prefillFromMicrosoft()} fullWidth>
            Prefill from Microsoft account
          </Button>
          <TextInput label="Full name" autoComplete="name" {...form.getInputProps('name')} withAsterisk />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} withAsterisk />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters."
            {...form.getInputProps('password')}
            withAsterisk
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={form.values.role}
            onChange={(value) => value && form.setFieldValue('role', value as Role)}
            allowDeselect={false}
            withCheckIcon={false}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
