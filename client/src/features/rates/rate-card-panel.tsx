import type { RateCardDto } from '@contracts/rates';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { storeRateCard, useRateCard } from './rates.api';
import { RatesEditor } from './rates-editor';
import { RateVersions, versionLine } from './rate-versions';

/**
 * One company's rate card: its current version, the form, and the versions before it. A version saved elsewhere (a
 * live `rates:updated`) replaces an untouched form at once; while someone is typing it waits behind a notice, so their
 * work is never overwritten, and they load it when they choose.
 */
export function RateCardPanel({ companyId }: { companyId: number | null }) {
  const current = useRateCard(companyId);
  if (current.loading) return <LoadingScreen text="Loading rates..." />;
  if (current.error) return <LoadFailed title="Failed to load rates" error={current.error} onRetry={current.refetch} />;
  return <LoadedRateCard companyId={companyId} latest={current.data ?? null} />;
}

function LoadedRateCard({ companyId, latest }: { companyId: number | null; latest: RateCardDto | null }) {
  // the card the form was loaded from, while it is being edited; null: the form follows the latest version
  const [editing, setEditing] = useState<{ from: RateCardDto | null } | null>(null);
  const shown = editing ? editing.from : latest;
  const newer = editing && latest && latest.version > (shown?.version ?? 0) ? latest : null;

  const saved = (card: RateCardDto) => {
    storeRateCard(card);
    setEditing(null);
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {latest ? versionLine(latest) : 'No rate card yet'}
      </Text>
      {newer ? (
        <Alert color="blue" variant="light" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {newer.createdBy.name} saved version {newer.version} meanwhile.
            </Text>
            <Button size="xs" variant="light" onClick={() => setEditing(null)}>
              Load version {newer.version}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <RatesEditor
        key={shown?.version ?? 0}
        card={shown}
        companyId={companyId}
        onEdit={() => setEditing((now) => now ?? { from: latest })}
        onSaved={saved}
      />
      {latest ? <RateVersions companyId={companyId} currentVersion={latest.version} /> : null}
    </Stack>
  );
}
