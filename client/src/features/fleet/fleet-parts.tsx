import type { DriverDto } from '@contracts/fleet-wire';
import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { licenceWarning } from '../dispatch/board-layout';

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** "Expired" or "Expires soon" beside a driver whose licence needs renewing; nothing otherwise. */
export function LicenceBadge({ driver }: { driver: DriverDto }) {
  if (!licenceWarning(driver)) return null;
  return (
    <Badge size="xs" color={driver.licenceStatus === 'expired' ? 'red' : 'orange'} variant="light">
      {driver.licenceStatus === 'expired' ? 'Expired' : 'Expires soon'}
    </Badge>
  );
}

/** Edit, and Deactivate or Reactivate, named for the bus or driver they act on; `extra` comes first (a driver's Invite). */
export function RowActions({
  name,
  active,
  onEdit,
  onToggle,
  extra,
}: {
  name: string;
  active: boolean;
  onEdit: () => void;
  onToggle: () => void;
  extra?: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {extra}
      <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color={active ? 'red' : 'blue'}
        onClick={onToggle}
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}
      >
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

export function Section({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
