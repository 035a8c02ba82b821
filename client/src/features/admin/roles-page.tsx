import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { errorText, http, isNotFound, request } from '../../api/http';
import { setQueryData, useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { roleLabel } from '../../shared/access';
import { toast } from '../../shared/toast';
import { LoadFailed } from '../../components/load-failed';
import { CardList, RecordCard } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { useTenants } from '../global-admin/global-admin.api';
import { defaultPermissionMatrix, PERMISSION_KEYS, type PermissionKey, type PermissionMatrixDto } from '@contracts/permissions';
import { addRole, PERMISSION_LABELS, type PermissionMatrix, toMatrix } from './permission-matrix';

interface LoadedMatrix {
  roles: PermissionMatrix;
  /** null while nobody has saved the tenant's matrix (the server answers its defaults) */
  updated_at: string | null;
}

const toLoaded = (answer: unknown): LoadedMatrix | null => {
  const roles = toMatrix(answer);
  if (!roles) return null;
  return { roles, updated_at: (answer as Partial<PermissionMatrixDto>).updated_at ?? null };
};

/** GET/PUT /permissions, per tenant; a platform admin names the tenant with tenant_id. */
export const permissionsApi = {
  get: async (tenantId: number | null) => toLoaded(await http.get('/permissions', { tenant_id: tenantId })),
  save: async (roles: PermissionMatrix, tenantId: number | null) =>
    toLoaded(await request('PUT', '/permissions', { body: { roles }, query: { tenant_id: tenantId } })),
};

/** The editable matrix with its add-role input; `onSave` stores it. */
/** What the screen says of itself: an unticked box does not stop anyone, and the admin must not be told it does. */
const ROLES_DESCRIPTION =
  "Your organization's record of what each role is meant to do, shared by its admins. It does not change what anyone can do: the trip rules decide that.";

export function PermissionMatrixEditor({
  initial,
  onSave,
  saving,
}: {
  initial: PermissionMatrix;
  onSave: (matrix: PermissionMatrix) => void;
  saving?: boolean;
}) {
  const [draft, setDraft] = useState<PermissionMatrix>(initial);
  const [newRole, setNewRole] = useState('');
  const [roleError, setRoleError] = useState<string | null>(null);
  useEffect(() => setDraft(initial), [initial]);

  const cards = useCards();
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);

  const toggle = (role: string, permission: PermissionKey, value: boolean) =>
    setDraft((m) => ({ ...m, [role]: { ...m[role], [permission]: value } }));

  const submitRole = (event: FormEvent) => {
    event.preventDefault();
    const result = addRole(draft, newRole);
    if ('error' in result) {
      setRoleError(result.error);
      return;
    }
    setDraft(result.matrix);
    setNewRole('');
    setRoleError(null);
  };

  return (
    <Stack gap="md">
      {cards ? (
        // On a phone a card per role, its permissions a labelled box each: the table of seven columns scrolled sideways.
        <CardList label="Roles">
          {Object.entries(draft).map(([role, perms]) => (
            <RecordCard key={role} title={roleLabel(role)} lines={[role]}>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
                {PERMISSION_KEYS.map((p) => (
                  <Checkbox
                    key={p}
                    label={PERMISSION_LABELS[p]}
                    checked={perms[p]}
                    disabled={role === 'driver'}
                    onChange={(e) => toggle(role, p, e.currentTarget.checked)}
                    aria-label={`${role} ${PERMISSION_LABELS[p]}`}
                  />
                ))}
              </SimpleGrid>
            </RecordCard>
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                {PERMISSION_KEYS.map((p) => (
                  <Table.Th key={p} ta="center" title={p}>
                    {PERMISSION_LABELS[p]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(draft).map(([role, perms]) => (
                <Table.Tr key={role}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {roleLabel(role)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {role}
                    </Text>
                  </Table.Td>
                  {PERMISSION_KEYS.map((p) => (
                    <Table.Td key={p}>
                      <Group justify="center">
                        <Checkbox
                          checked={perms[p]}
                          // A driver sees their own day and nothing else of the console, whatever the matrix says.
                          disabled={role === 'driver'}
                          onChange={(e) => toggle(role, p, e.currentTarget.checked)}
                          aria-label={`${role} ${PERMISSION_LABELS[p]}`}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" align="flex-start" gap="md">
        <form onSubmit={submitRole} noValidate style={{ flex: '1 1 320px', maxWidth: 480 }}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label="New role name"
              placeholder="New role name, e.g. transport coordinator"
              value={newRole}
              onChange={(e) => {
                setNewRole(e.currentTarget.value);
                setRoleError(null);
              }}
              error={roleError}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" leftSection={<IconPlus size={16} />}>
              Add Role
            </Button>
          </Group>
        </form>
        <Button onClick={() => onSave(draft)} loading={saving} disabled={!dirty}>
          Save Changes
        </Button>
      </Group>
    </Stack>
  );
}

export function RolesPage() {
  const { profile } = useSession();
  const isPlatformAdmin = profile?.role === 'admin' && profile.tenant_id === null;
  const tenants = useTenants(isPlatformAdmin);
  const [pickedTenant, setPickedTenant] = useState<string | null>(null);
  const tenantId = isPlatformAdmin ? (pickedTenant ? Number(pickedTenant) : (tenants.data?.[0]?.id ?? null)) : null;
  const waitingForTenant = isPlatformAdmin && tenantId === null;

  const key = [...queryKeys.permissions, tenantId];
  const { data, error, loading, refetch } = useQuery(key, () => permissionsApi.get(tenantId), { enabled: !waitingForTenant });
  const [saving, setSaving] = useState(false);

  // the default matrix when the server has none to give
  const initial = useMemo(() => data?.roles ?? defaultPermissionMatrix(), [data]);

  const save = async (matrix: PermissionMatrix) => {
    setSaving(true);
    try {
      const saved = await permissionsApi.save(matrix, tenantId);
      setQueryData<LoadedMatrix>(key, saved ?? { roles: matrix, updated_at: new Date().toISOString() });
      toast.success('Roles saved.');
    } catch (e) {
      toast.error(errorText(e), { title: 'Could not save roles' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Role Permissions"
        // The matrix is the organization's record, shared by its admins; what a role may do with a trip is the trip rules'
        // (docs/domain.md, "Role permissions"). The old words, "Changes apply to everyone", promised an effect it has not.
        description={ROLES_DESCRIPTION}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          {isPlatformAdmin ? (
            <Select
              label="Tenant"
              data={(tenants.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={tenantId ? String(tenantId) : null}
              onChange={setPickedTenant}
              allowDeselect={false}
              maw={320}
              placeholder={tenants.error ? 'Tenants could not be loaded' : 'Choose a tenant'}
            />
          ) : null}
          {error && isNotFound(error) ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              No saved permissions were found, so the default matrix is shown.
            </Alert>
          ) : error ? (
            <LoadFailed title="Could not load the saved permissions. The default matrix is shown." error={error} onRetry={refetch} />
          ) : data && data.updated_at === null ? (
            <Text size="sm" c="dimmed">
              These are the default permissions; nobody has changed them yet.
            </Text>
          ) : null}
          {(isPlatformAdmin && tenants.loading) || (loading && !waitingForTenant) ? (
            <LoadingScreen text="Loading, please wait..." minHeight="200px" />
          ) : (
            <PermissionMatrixEditor initial={initial} onSave={(m) => void save(m)} saving={saving} />
          )}
        </Stack>
      </Paper>
    </>
  );
}
