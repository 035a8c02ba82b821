import type { InvoiceStatus } from '@contracts/invoices';
import { Badge } from '@mantine/core';

/**
 * Each status in its colour. Light badges: the theme deepens every colour's text on its pale shade to read at AA in
 * both schemes (app/theme.ts, checked in theme.test.ts).
 */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  Overdue: 'red',
  Due: 'orange',
  Paid: 'green',
  Credited: 'gray',
  'Credit note': 'violet',
  Issued: 'blue',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge
      color={INVOICE_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      size="sm"
      // max-content: a narrow table column must not cut the status short
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      data-status={status}
    >
      {status}
    </Badge>
  );
}
