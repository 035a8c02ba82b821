import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

/** Placeholder for the finance overview (spec §2 Finance overview; DESIGN §4: built from real trips). */
export function FinancePage() {
  return (
    <>
      <PageHeader title="Finance" />
      <Paper withBorder p="lg">
        <Text c="dimmed">The finance overview will appear here.</Text>
      </Paper>
    </>
  );
}
