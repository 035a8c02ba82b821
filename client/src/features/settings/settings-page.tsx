import { Messages } from '@contracts/messages';
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, errorText } from '../../api/http';
import { roleLabel } from '../../shared/access';
import { toast } from '../../shared/toast';
import { PageHeader } from '../../components/page-header';
import { authApi } from '../auth/auth.api';
import { useSession } from '../auth/session-context';
import { EmailNoticesSection } from './email-notices-section';

interface Fields {
  name: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
type Errors = Partial<Record<keyof Fields, string>>;

const empty = { currentPassword: '', password: '', confirmPassword: '' };

/** The account settings rules: a name; a new password needs the current one (the server checks it) and its confirmation. */
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
  // a change forgets that field's message; a submit checks them all again
  const form = useForm<Fields>({ initialValues: { name: profile?.name ?? '', ...empty }, validate: validateSettings });

  const save = form.onSubmit(async (fields) => {
    try {
      // the settings screen saves for real (PATCH /users/me)
      const updated = await authApi.updateMe({
        name: fields.name.trim(),
        ...(fields.password
          ? { currentPassword: fields.currentPassword, password: fields.password, confirmPassword: fields.confirmPassword }
          : {}),
      });
      setProfile(updated);
      form.setValues({ name: updated.name, ...empty });
      toast.success(fields.password ? 'Profile and password updated.' : 'Profile updated.');
    } catch (e) {
      // A wrong current password is shown at that field; anything else as a notification.
      if (e instanceof ApiError && (e.body as { field?: unknown } | null)?.field === 'currentPassword') {
        form.setErrors({ currentPassword: errorText(e) });
      } else toast.error(errorText(e), { title: 'Could not save your profile' });
    }
  });

  return (
    <>
      <PageHeader title="Account Settings" description="Your name and password. Email and role are managed by an administrator." />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
        <form onSubmit={save} noValidate>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Email" value={profile?.email ?? ''} readOnly variant="filled" />
              <TextInput label="Role" value={roleLabel(profile?.role)} readOnly variant="filled" />
            </SimpleGrid>
            <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} withAsterisk />
            <Title order={4} size="h5" mt="xs">
              Change password
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                description="Needed only to set a new password."
                {...form.getInputProps('currentPassword')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                description="Leave blank to keep your current password."
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                description="Type the new password again."
                {...form.getInputProps('confirmPassword')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <EmailNoticesSection />
    </>
  );
}
