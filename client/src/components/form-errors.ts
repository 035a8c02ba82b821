import type { FormEvent } from 'react';

/**
 * After a submit its checks refused: the first field with a message takes the focus, which brings it into view. On a
 * phone the Submit button is a long scroll below the first fields, and their messages were out of sight: the submit
 * seemed to do nothing. Pass it as Mantine's `form.onSubmit(handler, focusFirstInvalid)` (its third argument, the
 * event, names the form); the messages are drawn once the submit's handler is done, so the look waits a turn.
 */
export function focusFirstInvalid(_errors?: unknown, _values?: unknown, event?: FormEvent<HTMLFormElement>): void {
  const form = event?.currentTarget;
  if (!form) return;
  setTimeout(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  }, 0);
}
