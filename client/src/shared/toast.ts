import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface ToastOptions {
  title?: ReactNode;
  /** ms; the shell default is 2000, Global Admin uses 5000, bookings 1800; false: stays until closed */
  autoClose?: number | false;
}

let seq = 0;

/** A toast that closes on click, with the shell's top-center position and no progress bar. */
function show(message: ReactNode, color: string, options: ToastOptions = {}): string {
  const id = `toast-${++seq}`;
  notifications.show({
    id,
    message,
    color,
    title: options.title,
    autoClose: options.autoClose,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
    withAutoCloseProgress: false,
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
  });
  return id;
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show(message, 'teal', options),
  error: (message: ReactNode, options?: ToastOptions) => show(message, 'red', options),
  info: (message: ReactNode, options?: ToastOptions) => show(message, 'blue', options),
  /** Says something else in the toast `id` (as the show call answered it), while it is still up. */
  update: (id: string, message: ReactNode) => notifications.update({ id, message }),
};
