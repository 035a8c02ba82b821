import { Anchor, Badge, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useApprovalCount } from './approvals.api';

/** The sidebar's badge on Approvals: how many wait for the user, once there are any (live from `approvals:count`). */
export function ApprovalCountBadge() {
  const { data } = useApprovalCount();
  const waiting = data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <Badge size="sm" color="violet" circle={waiting < 10} aria-label={`${waiting} waiting for approval`}>
      {waiting}
    </Badge>
  );
}

/**
 * The dashboard's "Waiting for your approval" card, linking to Approvals: shown only while something waits for the
 * user, so staff who approve nothing never see an empty card.
 */
export function WaitingForApprovalCard() {
  const { data } = useApprovalCount();
  const waiting = data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-labelledby="waiting-for-approval">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="violet" size="lg" radius="md">
            <IconChecklist size={20} />
          </ThemeIcon>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="waiting-for-approval">
              Waiting for your approval
            </Text>
            <Text fw={700} fz={28} lh={1.2} data-testid="stat-Waiting for your approval">
              {waiting}
            </Text>
          </div>
        </Group>
        <Anchor component={Link} to="/approvals" size="sm">
          Review requests
        </Anchor>
      </Group>
    </Paper>
  );
}
