/**
 * The notices that also go by e-mail (docs/domain.md, "Notifications"), for people away from the console: which there
 * are, what Account Settings calls them, and each user's choice. Plain TypeScript, shared by the server and the client.
 */

/** The notices a user may take by e-mail, each on by default. */
export const EMAIL_NOTICES = [
  'approvalWaiting',
  'requestApproved',
  'changesRequested',
  'requestDenied',
  'requestWithdrawn',
  'tripAccepted',
  'tripRejected',
  'tripConfirmed',
  'cancellationApproved',
  'needsBus',
] as const;
export type EmailNotice = (typeof EMAIL_NOTICES)[number];

/** Which notices a user takes by e-mail (GET /users/me `emailNotices`; PATCH /users/me `{emailNotices: {…}}`). */
export type EmailNoticePrefs = Record<EmailNotice, boolean>;

/** What Account Settings shows for each, and who gets it. */
export const EMAIL_NOTICE_LABELS: Readonly<Record<EmailNotice, { label: string; description: string }>> = {
  approvalWaiting: {
    label: 'A request waits for my approval',
    description: 'A trip request (or a change to one) of your school needs your approval, and a reminder when it still waits.',
  },
  requestApproved: {
    label: 'My request was approved',
    description: 'Your school approved a trip you requested, or your change to one, and sent it to the bus company.',
  },
  changesRequested: { label: 'Changes were requested', description: 'An approver at your school asks you to change a trip you requested.' },
  requestDenied: {
    label: 'My request was denied',
    description: 'An approver at your school denied a trip you requested, or your change to one.',
  },
  requestWithdrawn: { label: 'My request expired', description: 'A trip you requested waited too long for approval and was withdrawn.' },
  tripAccepted: { label: 'My request was accepted', description: 'A bus company accepted a trip you requested.' },
  tripRejected: { label: 'My request was rejected', description: 'A bus company rejected a trip you requested.' },
  tripConfirmed: { label: 'Buses were assigned', description: 'A trip you requested is confirmed, with its buses and drivers.' },
  cancellationApproved: { label: 'A cancellation was approved', description: 'The bus company approved cancelling a trip you requested.' },
  needsBus: { label: 'A trip needs a bus', description: 'An accepted trip of your company still has no bus close to departure.' },
};

/** Every notice on: a new account's choice, and what a user who never chose gets. */
export const defaultEmailNotices = (): EmailNoticePrefs => Object.fromEntries(EMAIL_NOTICES.map((n) => [n, true])) as EmailNoticePrefs;
