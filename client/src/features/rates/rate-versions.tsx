import { DEFAULT_DUE_DAYS, type RateCardDto } from '@contracts/rates';
import { Button, Collapse, List, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { formatDateTime } from '../../components/format';
import { useRateVersions } from './rates.api';

/** "Version 3 · changed by Dev Desert on 26 Nov 2026, 09:12 AM": who made a version, and when. */
export const versionLine = (card: RateCardDto) =>
  `Version ${card.version} · changed by ${card.createdBy.name} on ${formatDateTime(card.createdAt)}`;

const summary = (card: RateCardDto) =>
  `${card.lines.length} bus type${card.lines.length === 1 ? '' : 's'}, VAT ${card.vatBasisPoints / 100} %, ${card.currency}, ${card.dueDays ?? DEFAULT_DUE_DAYS} days to pay`;

/** The versions before the current one, newest first, loaded when first opened. */
export function RateVersions({ companyId, currentVersion }: { companyId: number | null; currentVersion: number }) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        px={0}
        w="fit-content"
        leftSection={opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((o) => !o)}
      >
        Earlier versions
      </Button>
      <Collapse expanded={opened} id={id}>
        {opened ? <VersionList companyId={companyId} currentVersion={currentVersion} /> : null}
      </Collapse>
    </Stack>
  );
}

function VersionList({ companyId, currentVersion }: { companyId: number | null; currentVersion: number }) {
  const versions = useRateVersions(companyId);
  if (versions.loading) return <Text size="sm">Loading versions...</Text>;
  if (versions.error) return <LoadFailed title="Failed to load earlier versions" error={versions.error} onRetry={versions.refetch} />;
  const earlier = (versions.data ?? []).filter((v) => v.version < currentVersion);
  if (earlier.length === 0) return <Text size="sm">There are no earlier versions.</Text>;
  return (
    <List spacing="xs" size="sm" aria-label="Earlier versions">
      {earlier.map((v) => (
        <List.Item key={v.id}>
          <Text size="sm">{versionLine(v)}</Text>
          <Text size="xs" c="dimmed">
            {summary(v)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
