import type { DriverInviteDto } from '@contracts/driver-wire';
import type { DriverDto } from '@contracts/fleet-wire';
import { Button, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../components/format';
import { ResponsiveModal } from '../../components/responsive';
import { fleetApi, markDriverInvited } from './fleet.api';
import { fleetFailed } from './fleet-toasts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An invitation still to be used: the driver has no account and the link has not expired. */
export function openInvitation(driver: DriverDto, now = Date.now()): string | null {
  if (driver.account || !driver.inviteExpiresAt) return null;
  return Date.parse(driver.inviteExpiresAt) > now ? driver.inviteExpiresAt : null;
}

/** Where a driver's sign-in stands, for their row: their account, an open invitation, or nothing yet. */
export function accountLine(driver: DriverDto): string {
  if (driver.account) return `Account: ${driver.account.email}`;
  const expires = openInvitation(driver);
  return expires ? `Invited, link expires ${formatDateTime(expires)}` : 'No account';
}

/** The link as a QR code a driver scans with their phone: an SVG, drawn once the QR library has loaded. */
function InviteQr({ url, name }: { url: string; name: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => current && setSvg(drawn))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <Image
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={`QR code of the sign-up link for ${name}`}
      w={220}
      h={220}
      mx="auto"
      bg="white"
    />
  );
}

function InviteLink({ invite }: { invite: DriverInviteDto }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label="Sign-up link" value={invite.url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={invite.url}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <InviteQr url={invite.url} name={invite.driverName} />
      <Text size="sm">The link works once and expires on {formatDateTime(invite.expiresAt)}.</Text>
      {invite.emailed && invite.email ? <Text size="sm">The link was also e-mailed to {invite.email}.</Text> : null}
    </Stack>
  );
}

/**
 * Invite (or invite again) a driver to their phone page (docs/domain.md, "Drivers"): an optional e-mail, then the
 * one-time link to copy or to scan, and when it expires. A new link voids the one before.
 */
export function InviteDialog({ driver, onClose }: { driver: DriverDto | null; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<DriverInviteDto | null>(null);

  const send = async () => {
    if (!driver) return;
    const address = email.trim();
    if (address && !EMAIL.test(address)) return setProblem('Enter a valid email address.');
    setBusy(true);
    try {
      const answer = await fleetApi.inviteDriver(driver.id, address ? { email: address } : {});
      markDriverInvited(driver.id, answer.expiresAt);
      setInvite(answer);
    } catch (e) {
      fleetFailed('Failed to invite driver', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveModal
      opened={driver !== null}
      onClose={onClose}
      title={driver ? `Invite ${driver.name}` : 'Invite'}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invite ? (
        <Stack gap="md">
          <InviteLink invite={invite} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {driver && openInvitation(driver)
                ? 'A new link replaces the one sent before, which stops working.'
                : 'The driver opens the link on their phone to set up their account.'}
            </Text>
            <TextInput
              label="Email (optional)"
              description="The link is e-mailed there too, and the driver signs in with it (they may change it)."
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Create link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </ResponsiveModal>
  );
}
