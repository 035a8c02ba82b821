import { Collapse, Group, Paper, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useSession } from '../auth/session-context';
import { canRequestTrips, TripRequestForm } from './trip-request-form';

const FORM_OPEN_KEY = 'trips.request-form-open';

/** Open by default for school staff (the form is their main use of All Trips); folded for the roles that request now and then. */
function readFormOpen(byDefault: boolean): boolean {
  try {
    const saved = window.localStorage.getItem(FORM_OPEN_KEY);
    return saved === null ? byDefault : saved === 'true';
  } catch {
    return byDefault;
  }
}

/**
 * The trip request form on All Trips, for school staff and the other roles that may request a trip, folded or open
 * as the user last left it. Memoised: typing in the search box does not re-render the form.
 */
export const TripRequestPanel = memo(function TripRequestPanel() {
  const { profile } = useSession();
  const [open, setOpen] = useState(() => readFormOpen(profile?.role === 'school_staff'));
  if (!profile || !canRequestTrips(profile)) return null;
  const toggle = () => {
    setOpen((o) => {
      try {
        window.localStorage.setItem(FORM_OPEN_KEY, String(!o));
      } catch {
        // private mode: the choice lasts for this page
      }
      return !o;
    });
  };
  return (
    <Paper withBorder p="md" mb="md" radius="md">
      <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls="trip-request-form" style={{ width: '100%' }}>
        <Group gap="xs" wrap="nowrap">
          {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          <Title order={4}>Request a Trip</Title>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="trip-request-form">
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          <TripRequestForm profile={profile} />
        </div>
      </Collapse>
    </Paper>
  );
});
