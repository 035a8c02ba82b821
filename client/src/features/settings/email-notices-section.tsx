import { EMAIL_NOTICE_LABELS, EMAIL_NOTICES, type EmailNotice, type EmailNoticePrefs } from '@contracts/notices';
import type { Role } from '@contracts/roles';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../api/http';
import { toast } from '../../shared/toast';
import { authApi, type MeDto } from '../auth/auth.api';
import { useSession } from '../auth/session-context';

/** What becomes of a request: at its school (an approval policy's steps), then at the bus company. */
const REQUESTER_NOTICES: readonly EmailNotice[] = [
  'requestApproved',
  'changesRequested',
  'requestDenied',
  'requestWithdrawn',
  'tripAccepted',
  'tripRejected',
  'tripConfirmed',
  'cancellationApproved',
];

/**
 * The notices that concern each role (docs/domain.md, "Notifications"): the people who request trips hear what became
 * of them, school staff also of a request waiting for their approval (a policy may name them), a bus company of an
 * accepted trip still without a bus, an admin of everything; finance and drivers of none.
 */
const NOTICES_FOR_ROLE: Readonly<Record<Role, readonly EmailNotice[]>> = {
  admin: EMAIL_NOTICES,
  school_staff: ['approvalWaiting', ...REQUESTER_NOTICES],
  trip_manager: REQUESTER_NOTICES,
  bus_company: ['needsBus'],
  finance: [],
  driver: [],
};

/** The notices a user with these roles may choose to take by e-mail, in the contract's order. */
function noticesFor(roles: readonly Role[]): EmailNotice[] {
  return EMAIL_NOTICES.filter((notice) => roles.some((role) => NOTICES_FOR_ROLE[role].includes(notice)));
}

type SaveStatus = 'saving' | 'saved' | null;

/**
 * The user's choice, saved a notice at a time as it is ticked: shown at once, put back (with a toast) when the server
 * refuses. The session's profile may have come from GET /users/{id}, which need not carry the choice, so it is asked of
 * GET /users/me when missing; a server that knows no such choice leaves it null.
 */
function useEmailNotices() {
  const { profile, setProfile } = useSession();
  const [prefs, setPrefs] = useState<EmailNoticePrefs | null>((profile as MeDto | null)?.emailNotices ?? null);
  const [status, setStatus] = useState<SaveStatus>(null);
  const saving = useRef(0);

  useEffect(() => {
    if (prefs) return;
    let current = true;
    authApi
      .me()
      .then((me) => current && me.emailNotices && setPrefs(me.emailNotices))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [prefs]);

  const toggle = async (notice: EmailNotice, on: boolean) => {
    setPrefs((p) => p && { ...p, [notice]: on });
    saving.current += 1;
    setStatus('saving');
    try {
      const updated = await authApi.updateMe({ emailNotices: { [notice]: on } });
      setProfile(updated);
      // "Saved" only once every tick has been answered
      if (--saving.current === 0) setStatus('saved');
    } catch (e) {
      saving.current -= 1;
      // only this notice goes back: another one ticked meanwhile keeps its own answer
      setPrefs((p) => p && { ...p, [notice]: !on });
      setStatus(null);
      toast.error(errorText(e), { title: 'Could not save your e-mail notices' });
    }
  };

  return { prefs, status, toggle };
}

function EmailNoticesForm({ notices, email }: { notices: EmailNotice[]; email: string }) {
  const { prefs, status, toggle } = useEmailNotices();
  const titleId = useId();
  if (!prefs) return null;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'md', sm: 'xl' }} maw={720} mt="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title id={titleId} order={3} size="h4">
            E-mail notices
          </Title>
          <Text size="sm" c="dimmed">
            Which of these also come to {email} by e-mail. Each change is saved at once.
          </Text>
        </Stack>
        <Stack gap="sm">
          {notices.map((notice) => (
            <Checkbox
              key={notice}
              label={EMAIL_NOTICE_LABELS[notice].label}
              description={EMAIL_NOTICE_LABELS[notice].description}
              checked={prefs[notice]}
              onChange={(e) => void toggle(notice, e.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Text role="status" size="sm" c="dimmed" mih="1.5em">
          {status === 'saving' ? 'Saving…' : status === 'saved' ? 'E-mail notices saved.' : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Account Settings' choice of which notices also come by e-mail; not shown to a user none of them concerns. */
export function EmailNoticesSection() {
  const { profile, roles } = useSession();
  const notices = noticesFor(roles);
  if (!profile || notices.length === 0) return null;
  return <EmailNoticesForm notices={notices} email={profile.email} />;
}
