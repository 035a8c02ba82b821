import { ActionIcon, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { StatusDot } from '../../components/status-dot';
import { cssColor, FILTER_STATUSES, statusColor } from './trip-view';

const STATUS_OPTIONS = FILTER_STATUSES.map((status) => ({ value: status, label: status }));

/** The All Trips filter bar's state, as the page keeps it (the server filters, sorts and pages the list). */
export interface TripFilters {
  search: string;
  /** YYYY-MM, or null for every month */
  month: string | null;
  status: string | null;
}

export const NO_FILTERS: TripFilters = { search: '', month: null, status: null };

/** The trips filter bar: search, Month, Status with coloured dots, "Reset filters", "Export to CSV". */
export function TripsFilterBar({
  filters,
  onChange,
  months,
  onReset,
  onExport,
  exportDisabled,
}: {
  filters: TripFilters;
  onChange: (next: TripFilters) => void;
  months: { value: string; label: string }[];
  onReset: () => void;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search trips"
        placeholder="Search destination, notes, or type"
        leftSection={<IconSearch size={16} />}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })}
        style={{ flex: '1 1 260px', minWidth: 200 }}
      />
      <Select
        aria-label="Month"
        placeholder="All months"
        data={months}
        value={filters.month}
        onChange={(month) => onChange({ ...filters, month })}
        clearable
        style={{ flex: '1 1 150px', maxWidth: 220 }}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={280}
      />
      <Select
        aria-label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        clearable
        style={{ flex: '1 1 150px', maxWidth: 220 }}
        leftSection={filters.status ? <StatusDot color={cssColor(statusColor(filters.status, 'filter'))} /> : undefined}
        renderOption={({ option }) => (
          <Group gap={8} wrap="nowrap">
            <StatusDot color={cssColor(statusColor(option.value, 'filter'))} />
            {option.label}
          </Group>
        )}
      />
      <Group gap={6} wrap="nowrap">
        <Tooltip label="Reset filters" openDelay={300}>
          <ActionIcon variant="default" size={36} title="Reset filters" aria-label="Reset filters" onClick={onReset}>
            <IconFilterOff size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Export to CSV" openDelay={300}>
          <ActionIcon
            variant="light"
            size={36}
            title="Export to CSV"
            aria-label="Export to CSV"
            onClick={onExport}
            disabled={exportDisabled}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
