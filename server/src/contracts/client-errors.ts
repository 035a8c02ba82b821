/**
 * A render error a console screen caught (its error boundary), sent to `POST /api/client-errors` so that the
 * server's log holds what the user saw break. Shared by the client (which sends it) and the server (which caps it).
 */
export interface ClientErrorReport {
  /** The error's own message. */
  message: string;
  /** The error's stack, as the browser gave it. */
  stack?: string;
  /** React's component stack: which components were rendering. */
  componentStack?: string;
  /** The console path the screen was on, e.g. `/admin/global`. */
  path: string;
}

/** The most each field keeps; the client trims to these before sending, the server refuses more. */
export const CLIENT_ERROR_LIMITS = { message: 1_000, stack: 8_000, componentStack: 8_000, path: 500 } as const;

/** Reports one signed-in user may send per minute (shared by every replica), so a loop of errors cannot flood the log. */
export const CLIENT_ERRORS_PER_MINUTE = 10;

export const ClientErrorMessages = {
  messageRequired: 'An error report needs a message.',
  pathRequired: 'An error report needs the path it happened on.',
  tooLong: (field: keyof typeof CLIENT_ERROR_LIMITS) =>
    `An error report's ${field} must be at most ${CLIENT_ERROR_LIMITS[field].toLocaleString('en-US')} characters.`,
  tooMany: 'Too many error reports. Please try again in a minute.',
} as const;
