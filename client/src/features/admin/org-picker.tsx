import { ORG_TYPE_FOR_ROLE, type Role } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { Select, Text } from '@mantine/core';
import { useOrgs } from '../global-admin/global-admin.api';

/** School staff and dispatchers work for an organization of the kind their role works in (a school, a bus company). */
export function OrgPicker({
  user,
  role,
  value,
  onChange,
  label,
}: {
  user: ProfileDto;
  /** The role the user has or is being given: it says which kind of organization fits. */
  role: Role;
  value: string | null;
  onChange: (value: string | null) => void;
  /** a visible label (a phone's card has no column heading above it) */
  label?: string;
}) {
  const named = (text: string) => (label ? `${label}: ${text}` : text);
  const type = ORG_TYPE_FOR_ROLE[role];
  const { data, error } = useOrgs(type && user.tenant_id !== null ? user.tenant_id : null);
  if (!type) {
    return (
      <Text size="sm" c="dimmed">
        {named('Not needed')}
      </Text>
    );
  }
  if (error || !data) return <Text size="sm">{named(user.active_org?.name ?? '—')}</Text>;
  const options = data.filter((org) => org.type === type).map((org) => ({ value: String(org.id), label: org.name }));
  return (
    <Select
      aria-label={`Organization of ${user.name}`}
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      placeholder="Choose organization"
      clearable
      size="xs"
      miw={180}
    />
  );
}
