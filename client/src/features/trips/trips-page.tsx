import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

/** Placeholder: the trips engineer replaces this with the trip table, filters and calendar (spec §2 All Trips). */
export function TripsPage({ title = 'All Trips' }: { title?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg">
        <Text c="dimmed">The trip list will appear here.</Text>
      </Paper>
    </>
  );
}
