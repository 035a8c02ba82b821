import { Alert, Button, Group, Text } from '@mantine/core';
import { errorText } from '../api/http';

interface LoadFailedProps {
  /** The screen's own words for the failure, e.g. "Failed to load trips". */
  title: string;
  /** The error, whose message is shown under the title. */
  error?: unknown;
  /** Shown as a Retry button when given. */
  onRetry?: () => unknown;
}

/** The one way a screen or a section says its data did not load: a red notice, the reason, and Retry where it helps. */
export function LoadFailed({ title, error, onRetry }: LoadFailedProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" gap="xs">
        {error !== undefined ? <Text size="sm">{errorText(error)}</Text> : null}
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={() => void onRetry()}>
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
