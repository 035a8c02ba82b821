import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { clampPage, PAGE_SIZES, pageCount, pageJump, rangeText } from './pagination';

/**
 * The pagination bar: "{from}–{to} of {total} Trips" (or "0 of 0 Trips"), rows per page, first/previous/next/last
 * (first and last only with more than 2 pages), "current / total", and a digits-only page box with Go.
 */
export function PaginationBar({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
  noun = 'Trips',
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  noun?: string;
}) {
  const [jump, setJump] = useState('');
  const pages = pageCount(total, pageSize);
  const current = pages === 0 ? 0 : clampPage(page, total, pageSize);
  const many = pages > 2;

  const go = (event: FormEvent) => {
    event.preventDefault();
    const target = pageJump(jump, pages);
    if (target === null) return;
    onPage(target);
    setJump('');
  };

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" aria-label="Pagination" role="navigation">
      <Group gap="md" wrap="wrap">
        <Text size="sm" aria-live="polite" data-testid="page-range">
          {rangeText(total, current, pageSize, noun)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor="rows-per-page">
            Rows per page
          </Text>
          <Select
            id="rows-per-page"
            aria-label="Rows per page"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => v && onPageSize(Number(v))}
            allowDeselect={false}
            size="xs"
            w={74}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap">
        {many ? (
          <ActionIcon variant="default" aria-label="First page" title="First page" disabled={current <= 1} onClick={() => onPage(1)}>
            <IconChevronsLeft size={16} />
          </ActionIcon>
        ) : null}
        <ActionIcon
          variant="default"
          aria-label="Previous page"
          title="Previous page"
          disabled={current <= 1}
          onClick={() => onPage(current - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" px={6} miw={52} ta="center" data-testid="page-indicator">
          {current} / {pages}
        </Text>
        <ActionIcon
          variant="default"
          aria-label="Next page"
          title="Next page"
          disabled={current >= pages}
          onClick={() => onPage(current + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        {many ? (
          <ActionIcon variant="default" aria-label="Last page" title="Last page" disabled={current >= pages} onClick={() => onPage(pages)}>
            <IconChevronsRight size={16} />
          </ActionIcon>
        ) : null}
        <form onSubmit={go} style={{ display: 'flex', gap: 4, marginLeft: 6 }}>
          <TextInput
            aria-label="Page number"
            placeholder="Page"
            inputMode="numeric"
            value={jump}
            onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))}
            size="xs"
            w={64}
          />
          <Button type="submit" size="xs" variant="default" disabled={!jump}>
            Go
          </Button>
        </form>
      </Group>
    </Group>
  );
}
