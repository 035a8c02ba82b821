import type { ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Modal } from './error-boundaries';

/** Mantine's `sm` breakpoint: below it the console lays out for a phone (390 px wide and up). */
export const PHONE_QUERY = '(max-width: 48em)';

/** True on a phone-sized screen. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}

/** Mantine's `xs` breakpoint: below it a table of many columns becomes one card per row (a phone held upright). */
export const CARDS_QUERY = '(max-width: 36em)';

/** True where a wide table turns into cards. */
export function useCards(): boolean {
  return useMediaQuery(CARDS_QUERY) ?? false;
}

/** The console's modal: a dialog on a desktop, the whole screen on a phone (forms there need every pixel). */
export function ResponsiveModal(props: ModalProps) {
  const phone = usePhone();
  return <Modal fullScreen={phone} {...props} />;
}
