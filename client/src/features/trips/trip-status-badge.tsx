import { Badge } from '@mantine/core';
import { statusColor } from './trip-view';

/** A trip's status in its colour (Pending yellow, Accepted blue, Confirmed green, ...: statusColor in trip-view.ts). */
export function TripStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    // max-content: a narrow table column must not cut the status short
    <Badge
      color={statusColor(status)}
      variant="light"
      size={size}
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      data-status={status}
    >
      {status}
    </Badge>
  );
}
