/**
 * Texts about driver accounts and their invitations (docs/domain.md, "Drivers"), declared once: the fleet screen,
 * the sign-up page and the sign-in page show the server's words.
 */
export const DriverInviteMessages = {
  /** "Omar Haddad is out of service: put them back in service before inviting them." */
  inviteOutOfService: (name: string) => `${name} is out of service: put them back in service before inviting them.`,
  /** "Omar Haddad already has an account (omar@x.test)." */
  alreadyHasAccount: (name: string, email: string) => `${name} already has an account (${email}).`,
  emailInvalid: 'Enter a valid email address.',
  emailTooLong: 'Email is too long.',
  inviteNotFound: 'This invitation link is not valid: ask your dispatcher for a new link.',
  inviteExpired: 'This invitation has expired: ask your dispatcher for a new link.',
  inviteUsed: 'This invitation was already used: sign in with your e-mail and password.',
  emailTaken: 'An account with this e-mail already exists.',
  /** Sign-in and sign-up of a driver whose fleet driver was deactivated. */
  outOfService: 'Your driver account is out of service: ask your dispatcher.',
  /** PUT /users/{id}: a driver's role and company follow their fleet driver. */
  driverAccountFixed: "A driver's account belongs to their fleet driver: deactivate the driver in the Fleet instead.",
} as const;
