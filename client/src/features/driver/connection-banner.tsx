import { Box, Paper, Text } from '@mantine/core';
import { IconCircleCheck, IconWifiOff } from '@tabler/icons-react';
import dayjs from 'dayjs';

/** When the kept day was read: the time today, else the day and time. */
const readAt = (at: string) => dayjs(at).format(dayjs(at).isSame(dayjs(), 'day') ? 'hh:mm A' : 'ddd D MMM, hh:mm A');

/**
 * Tells the driver where their taps stand, politely (a live region: read out when it changes): without a signal, that
 * taps are kept and go out later; once every waiting tap is sent, that it is.
 */
export function ConnectionBanner({
  offline,
  waiting,
  allSent,
  keptAt,
}: {
  offline: boolean;
  waiting: number;
  allSent: boolean;
  /** When the day on screen was read, if it is the phone's kept copy. */
  keptAt: string | null;
}) {
  return (
    <Box role="status" aria-live="polite" aria-label="Connection">
      {offline ? (
        <Paper p="md" radius="md" bg="var(--mantine-color-yellow-light)" withBorder>
          <Box style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <IconWifiOff size={28} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Text fz="lg" fw={700}>
                You are offline. Taps are saved and will be sent when the signal returns.
              </Text>
              {waiting > 0 ? (
                <Text fz="lg">{waiting === 1 ? '1 tap is waiting to send.' : `${waiting} taps are waiting to send.`}</Text>
              ) : null}
              {keptAt ? <Text fz="lg">Your day as it was at {readAt(keptAt)}.</Text> : null}
            </div>
          </Box>
        </Paper>
      ) : allSent ? (
        <Paper p="md" radius="md" bg="var(--mantine-color-green-light)" withBorder>
          <Box style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <IconCircleCheck size={28} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="lg" fw={700}>
              Everything is sent.
            </Text>
          </Box>
        </Paper>
      ) : null}
    </Box>
  );
}
