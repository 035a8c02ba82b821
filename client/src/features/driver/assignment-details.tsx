import type { DriverAssignmentDto } from '@contracts/driver-wire';
import { formatDay } from '@contracts/calendar';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/** One line of a trip's facts: a bold label, then the value, in the page's large type. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
      <Text component="dt" fw={700} fz="lg">
        {label}
      </Text>
      <Text component="dd" fz="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whom the bus carries: students and staff as the school booked them. */
function passengersLine(a: DriverAssignmentDto): string {
  const staff = a.staff ?? 0;
  return `${count(a.students, 'student', 'students')} + ${count(staff, 'staff member', 'staff')} (${a.students + staff} in all)`;
}

/** The school's passenger list behind a button: names, and where each gets on and off. */
function PassengerList({ assignment }: { assignment: DriverAssignmentDto }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const passengers = assignment.passengers;
  if (passengers.length === 0) {
    return <Text fz="lg">The school has not sent a passenger list.</Text>;
  }
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="lg"
        mih={56}
        fullWidth
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide passenger list' : `Passenger list (${passengers.length})`}
      </Button>
      {open ? (
        <Stack
          component="ol"
          id={listId}
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Passengers to ${assignment.destination}`}
        >
          {passengers.map((p, i) => (
            <Paper component="li" key={`${i}-${p.fullName}`} withBorder p="sm">
              <Text fz="lg" fw={700}>
                {p.fullName}
              </Text>
              <Text fz="lg">
                On at {p.pickupPoint ?? assignment.origin} · off at {p.dropoffPoint ?? assignment.destination}
              </Text>
              {p.notes ? <Text fz="lg">{p.notes}</Text> : null}
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * Everything a driver needs of a trip, on a phone in the sun: the bus, when and where to pick up, where to, when back,
 * whom to call at the school, how many travel and what they need.
 */
export function AssignmentDetails({ assignment: a, today }: { assignment: DriverAssignmentDto; today: string }) {
  const day = a.departureDate === today ? 'Today' : formatDay(a.departureDate);
  const back = a.returnDate === a.departureDate ? a.returnTime : `${a.returnTime} on ${formatDay(a.returnDate)}`;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fz="lg" fw={700}>
          {day}
        </Text>
        {a.status !== 'Confirmed' ? (
          <Badge size="lg" color={a.status === 'Canceled' ? 'red' : 'orange'} variant="light">
            {a.status}
          </Badge>
        ) : null}
      </Group>
      <Stack component="dl" gap={6} m={0}>
        <Fact label="Bus">
          {a.busName ?? a.busType} · {a.busPlate ?? 'no plate'}
        </Fact>
        <Fact label="Pickup">
          {a.departureTime} at {a.origin}
        </Fact>
        <Fact label="Destination">{a.destination}</Fact>
        <Fact label="Return">{back}</Fact>
        <Fact label="School">{a.schoolName}</Fact>
        <Fact label="Contact">
          {a.schoolContact.name} ·{' '}
          <Anchor href={`mailto:${a.schoolContact.email}`} fz="lg" underline="always">
            {a.schoolContact.email}
          </Anchor>
        </Fact>
        <Fact label="Passengers">{passengersLine(a)}</Fact>
        <Fact label="Booster seats">{a.boosterSeatCount}</Fact>
        {a.notes ? <Fact label="Notes">{a.notes}</Fact> : null}
      </Stack>
      <PassengerList assignment={a} />
    </Stack>
  );
}
