import type { TripDto } from '@contracts/trip-wire';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useOrgs } from '../global-admin/global-admin.api';
import { Modal } from '../../components/error-boundaries';

/**
 * An admin who accepts a trip names the bus company that takes the trip; the server picks the school's
 * only partner by itself, so this opens only when the school has several partners (or none).
 */
export function ChooseCompanyModal({
  layer,
  onClose,
  onChosen,
  stackId,
}: {
  layer: { tripId: number; base: TripDto } | null;
  onClose: () => void;
  onChosen: (trip: TripDto, busCompanyOrgId: number) => void;
  stackId?: string;
}) {
  const { data, loading } = useOrgs(layer ? layer.base.tenantId : null);
  const [company, setCompany] = useState<string | null>(null);
  const options = (data ?? []).filter((o) => o.type === 'bus_company').map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <Modal opened={layer !== null} onClose={onClose} stackId={stackId} title="Accept Trip" centered styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="sm">
        <Text size="sm">Which bus company takes this trip?</Text>
        <Select
          label="Bus company"
          required
          data={options}
          value={company}
          onChange={setCompany}
          placeholder={loading ? 'Loading...' : 'Choose a bus company'}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!company || !layer} onClick={() => layer && company && onChosen(layer.base, Number(company))}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
