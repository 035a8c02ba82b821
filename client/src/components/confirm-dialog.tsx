import { Button, Group, Text } from '@mantine/core';
import { Modal } from './error-boundaries';

/** The confirm dialog: a title, a question (and a line of what it costs, say), Confirm and Cancel; Escape cancels. */
export function ConfirmDialog({
  opened,
  title,
  question,
  detail,
  onConfirm,
  onCancel,
  loading = false,
  stackId,
  danger = false,
}: {
  opened: boolean;
  title: string;
  question: string;
  detail?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** set when the dialog opens over another modal of the same Modal.Stack */
  stackId?: string;
  danger?: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      stackId={stackId}
      centered
      size="sm"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">{question}</Text>
      {detail ? (
        <Text size="sm" fw={600} mt="xs">
          {detail}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Modal>
  );
}
