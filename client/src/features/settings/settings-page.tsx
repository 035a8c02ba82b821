import { Messages } from '@contracts/messages';
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../api/http';
import { roleLabel } from '../../app/access';
import { toast } from '../../app/toast';
import { PageHeader } from '../../components/page-header';
import { authApi } from '../auth/auth.api';
import { useSession } from '../auth/session-context';

interface Fields {
  name: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
type Errors = Partial<Record<keyof Fields, string>>;

const empty = { currentPassword: '', password: '', confirmPassword: '' };

/** spec §5 Account settings; a new password also needs the current one (issue 14, checked by the server). */
export function validateSettings(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.name.trim()) errors.name = Messages.nameRequired;
  if (fields.password) {
    if (!fields.currentPassword) errors.currentPassword = Messages.currentPasswordRequired;
    if (fields.password !== fields.confirmPassword) errors.confirmPassword = Messages.passwordsDoNotMatch;
    else if (fields.password.length < 8) errors.password = Messages.passwordTooShort;
  } else if (fields.confirmPassword) {
    errors.confirmPassword = Messages.passwordsDoNotMatch;
  }
  return errors;
}

export function SettingsPage() {
  const { profile, setProfile } = useSession();
  const [fields, setFields] = useState<Fields>({ name: profile?.name ?? '', ...empty });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      // DESIGN §5: the settings screen saves for real (PATCH /users/me), not the spec's simulation
      const updated = await authApi.updateMe({
        name: fields.name.trim(),
        ...(fields.password
          ? { currentPassword: fields.currentPassword, password: fields.password, confirmPassword: fields.confirmPassword }
          : {}),
      });
      setProfile(updated);
      setFields({ name: updated.name, ...empty });
      toast.success(fields.password ? 'Profile and password updated.' : 'Profile updated.');
    } catch (e) {
      // A wrong current password is shown at that field; anything else as a notification.
      if (e instanceof ApiError && (e.body as { field?: unknown } | null)?.field === 'currentPassword') {
        setErrors({ currentPassword: errorText(e) });
      } else toast.error(errorText(e), { title: 'Could not save your profile' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Account Settings" description="Your name and password. Email and role are managed by an administrator." />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Email" value={profile?.email ?? ''} readOnly variant="filled" />
              <TextInput label="Role" value={roleLabel(profile?.role)} readOnly variant="filled" />
            </SimpleGrid>
            <TextInput
              label="Name"
              autoComplete="name"
              value={fields.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              withAsterisk
            />
            <Title order={4} size="h5" mt="xs">
              Change password
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                description="Needed only to set a new password."
                value={fields.currentPassword}
                onChange={(e) => set('currentPassword', e.currentTarget.value)}
                error={errors.currentPassword}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                description="Leave blank to keep your current password."
                value={fields.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                error={errors.password}
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                description="Type the new password again."
                value={fields.confirmPassword}
                onChange={(e) => set('confirmPassword', e.currentTarget.value)}
                error={errors.confirmPassword}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
