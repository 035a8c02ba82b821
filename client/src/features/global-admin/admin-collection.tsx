import type { TenantDto } from '@contracts/wire';
import { Button, Group, Paper, SimpleGrid, type SimpleGridProps, Table, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { Children, createContext, Fragment, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { EmptyState } from '../../components/empty-state';
import { CardList } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';

/**
 * The shape the three Global Admin sections share: a titled panel holding a table of records (or why
 * there is none), inline Edit with Save and Cancel per row, and an Add form under it. Each section says only
 * what is its own: columns, cells, fields and rules. What the actions do is in admin-actions.ts.
 */

/** `label` in a list of choices, e.g. the tenants of the Add forms' Tenant select. */
export const tenantOptions = (tenants: TenantDto[]) => tenants.map((t) => ({ value: String(t.id), label: t.name }));

/** A text field in a row being edited, named for screen readers by `label`. */
export function FieldCell({
  label,
  value,
  onChange,
  ...rest
}: { label: string; value: string; onChange: (value: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  return (
    <Table.Td>
      <TextInput size="xs" aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />
    </Table.Td>
  );
}

/**
 * On a phone, the section's column titles: each record is then a card holding a table of two columns, a row per
 * column of the wide table (its title, then its cell), so its cells, fields and buttons stay in view. Null: a table row.
 */
const CardColumns = createContext<string[] | null>(null);

/** The cells of `node`, fragments opened: one table cell each. */
function cellsOf(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement(child) && child.type === Fragment ? cellsOf((child as ReactElement<{ children?: ReactNode }>).props.children) : [child],
  );
}

/**
 * One record: a table row of its cells, or on a phone a card (CardColumns). `record` names it for tests and the page
 * (`data-record`), `selected` marks the chosen one.
 */
export function RecordRow({
  record,
  selected,
  bg,
  children,
}: {
  record: string;
  selected?: boolean;
  bg?: string;
  /** the record's cells (Table.Td), in the section's column order */
  children: ReactNode;
}) {
  const columns = useContext(CardColumns);
  const marks = { 'data-record': record, 'data-selected': selected || undefined };
  if (!columns) {
    return (
      <Table.Tr {...marks} bg={bg} aria-selected={selected}>
        {children}
      </Table.Tr>
    );
  }
  return (
    <Paper component="li" withBorder radius="sm" p={4} bg={bg} {...marks}>
      <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
        <Table.Tbody>
          {cellsOf(children).map((cell, i) => (
            <Table.Tr key={i}>
              {/* the wide table's unnamed column is its buttons' */}
              <Table.Th scope="row" w={104} fz="xs" c="dimmed" tt="uppercase" aria-label={columns[i] ? undefined : 'Actions'}>
                {columns[i]}
              </Table.Th>
              {cell}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * A record's row: its cells, or while editing its fields; then the Updated time; then its actions, or Save and
 * Cancel while editing.
 */
export function EditableRow({
  edit,
  updatedAt,
  fields,
  cells,
  actions,
  onSave,
  record,
  selected,
  bg,
}: {
  edit: { editing: boolean; busy: boolean; stop: () => void };
  updatedAt: string;
  fields: ReactNode;
  cells: ReactNode;
  actions: ReactNode;
  onSave: () => void;
  record: string;
  selected?: boolean;
  bg?: string;
}) {
  const updated = <TimeCell at={updatedAt} />;
  if (edit.editing) {
    return (
      <RecordRow record={record}>
        {fields}
        {updated}
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Button size="compact-sm" onClick={onSave} loading={edit.busy}>
              Save
            </Button>
            <Button size="compact-sm" variant="default" onClick={edit.stop} disabled={edit.busy}>
              Cancel
            </Button>
          </Group>
        </Table.Td>
      </RecordRow>
    );
  }
  return (
    <RecordRow record={record} selected={selected} bg={bg}>
      {cells}
      {updated}
      <Table.Td>{actions}</Table.Td>
    </RecordRow>
  );
}

/** A record's time (Updated, Created), muted. */
export function TimeCell({ at }: { at: string }) {
  return (
    <Table.Td>
      <Text size="sm" c="dimmed">
        {formatDateTime(at)}
      </Text>
    </Table.Td>
  );
}

/** The Edit button of a row, named after its record. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="default" onClick={onClick} aria-label={`Edit ${name}`}>
      Edit
    </Button>
  );
}

/** An Add form: its title, an optional hint, the first problem found, the fields, and the create button. */
export function AdminForm({
  title,
  hint,
  state: { problem, busy },
  submitLabel,
  onSubmit,
  cols,
  inlineSubmit = false,
  children,
}: {
  title: string;
  hint?: string;
  state: { problem?: string | null; busy: boolean };
  submitLabel: string;
  onSubmit: () => void;
  cols: SimpleGridProps['cols'];
  /** the button in the fields' grid, beside them, rather than under them */
  inlineSubmit?: boolean;
  children: ReactNode;
}) {
  const submit = (
    <Button type="submit" loading={busy}>
      {submitLabel}
    </Button>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Title order={4} size="h5" mb={hint ? undefined : 'xs'}>
        {title}
      </Title>
      {hint ? (
        <Text size="xs" c="dimmed" mb="xs">
          {hint}
        </Text>
      ) : null}
      {problem ? (
        <Text c="red" size="sm" mb="xs" role="alert">
          {problem}
        </Text>
      ) : null}
      <SimpleGrid cols={cols} spacing="sm" verticalSpacing="xs">
        {children}
        {inlineSubmit ? (
          <Group align="flex-start" pt={{ base: 0, sm: 25 }}>
            {submit}
          </Group>
        ) : null}
      </SimpleGrid>
      {inlineSubmit ? null : (
        <Group justify="flex-end" mt="sm">
          {submit}
        </Group>
      )}
    </form>
  );
}

/** What is fixed about a section's table: its title (and the words of its states), columns and narrowest width. */
export interface CollectionTable {
  /** e.g. "Organizations" */
  plural: string;
  /** column titles; an empty one is the unnamed Actions column */
  columns: string[];
  minWidth: number;
}

/** A section's records as shown: sorted, with their loading state. */
export interface CollectionList<T> {
  records: T[];
  loading: boolean;
  failed: boolean;
}

/**
 * The panel: title (and the chosen tenant's name beside it), then the table, or "Choose a tenant …" when the
 * section needs one and none is chosen, "Loading...", "{Plural} could not be loaded." or the empty state
 * "No {plural} yet"; the Add form, if any, below.
 */
export function AdminCollection<T>({
  plural,
  columns,
  minWidth,
  tenant,
  list: { records, loading, failed },
  row,
  form,
}: CollectionTable & {
  /** undefined: the section does not belong to one tenant (Tenants); null: none chosen yet */
  tenant?: TenantDto | null;
  list: CollectionList<T>;
  row: (record: T) => ReactNode;
  form?: ReactNode;
}) {
  const lower = plural.toLowerCase();
  // on a phone, a card per record: the table's last columns (the buttons) sat behind a sideways scroll
  const cards = useCards();
  let body: ReactNode;
  if (tenant === null) body = <EmptyState>{`Choose a tenant to see its ${lower}.`}</EmptyState>;
  else if (loading) {
    body = (
      <Text c="dimmed" py="md">
        Loading...
      </Text>
    );
  } else if (records.length === 0 && failed) body = <LoadFailed title={`${plural} could not be loaded.`} />;
  else if (records.length === 0) body = <EmptyState>{`No ${lower} yet`}</EmptyState>;
  else if (cards) {
    body = (
      <CardColumns.Provider value={columns}>
        <CardList label={plural}>{records.map(row)}</CardList>
      </CardColumns.Provider>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column ? <Table.Th key={column}>{column}</Table.Th> : <Table.Th key="actions" aria-label="Actions" />,
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{records.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {plural}
        </Title>
        {tenant ? (
          <Text size="sm" c="dimmed">
            {tenant.name}
          </Text>
        ) : null}
      </Group>
      {body}
      {form ? (
        <Paper withBorder p="sm" mt="md" bg="var(--mantine-color-default-hover)">
          {form}
        </Paper>
      ) : null}
    </Paper>
  );
}
