import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@contracts/client-errors';
import { Button, Group, Modal as MantineModal, type ModalProps, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorInfo, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { getToken, http } from '../api/http';

/**
 * Error boundaries: a render error inside one screen or one modal replaces that screen or modal with a message,
 * and everything around it (the shell, the sidebar, the live connection, other screens' state) stays as it was.
 * The error goes to the server's log through POST /api/client-errors (signed-in users only). The screen's boundary
 * (it needs the session for its way out) is app/screen-boundary.tsx; the modal's is here.
 */

export const SCREEN_FAILED = 'Something went wrong on this screen.';
const REPORTED = 'The error has been reported. Reload the page to try again.';

const cap = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/** Sends the error to the server's log; a signed-out visitor's error stays in the browser's console. */
export function reportClientError(error: unknown, info: Pick<ErrorInfo, 'componentStack'>): void {
  if (!getToken()) return;
  const err = error instanceof Error ? error : new Error(String(error));
  const report: ClientErrorReport = {
    message: cap(err.message || err.name, CLIENT_ERROR_LIMITS.message) || 'Unknown error',
    stack: cap(err.stack, CLIENT_ERROR_LIMITS.stack),
    componentStack: cap(info.componentStack, CLIENT_ERROR_LIMITS.componentStack),
    path: cap(window.location.pathname, CLIENT_ERROR_LIMITS.path) || '/',
  };
  // the report is best effort: a failure to send it must not become a second error
  http.post('/client-errors', report).catch(() => undefined);
}

const reload = () => window.location.reload();

/** The message a broken screen or modal shows in its place, with Reload and a way out (`action`). */
export function FailedNotice({ action, large }: { action: ReactNode; large: boolean }) {
  return (
    <Stack align="center" gap="md" ta="center" py={large ? undefined : 'md'} role={large ? undefined : 'alert'}>
      <ThemeIcon size={large ? 56 : 48} radius="xl" color="red" variant="light" aria-hidden>
        <IconAlertTriangle size={large ? 30 : 26} />
      </ThemeIcon>
      {large ? (
        <Title order={2}>{SCREEN_FAILED}</Title>
      ) : (
        <Text fw={700} size="lg">
          {SCREEN_FAILED}
        </Text>
      )}
      <Text c="dimmed">{REPORTED}</Text>
      <Group justify="center">
        <Button onClick={reload}>Reload</Button>
        {action}
      </Group>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Focus back to the opener

/**
 * What opened a modal, and where focus may go when that element has left the page by the time the modal closes: a
 * menu item's menu button (the menu closed as the modal opened), an element just like it (the list re-rendered its
 * row), or, when the opener sat in another modal that has closed since, that modal's own opener.
 */
interface Opener {
  element: HTMLElement;
  menuButton: HTMLElement | null;
  outer: Opener | null;
}

/** The modals open right now (their root's id) and what opened each. */
const openModals = new Map<string, Opener | null>();
/** The element that last had focus: the opener when it was gone (and focus on the body) before the modal opened. */
let lastFocused: Opener | null = null;

function openerOf(element: HTMLElement): Opener {
  const menu = element.closest('[role="menu"][aria-labelledby]');
  const menuButton = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : null;
  let outer: Opener | null = null;
  for (const [id, opener] of openModals) {
    if (document.getElementById(id)?.contains(element)) outer = opener;
  }
  return { element, menuButton, outer };
}

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = openerOf(event.target);
  });
}

function currentOpener(): Opener | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return openerOf(active);
  return lastFocused && !lastFocused.element.isConnected ? lastFocused : null;
}

const dataOf = (el: Element) =>
  Array.from(el.attributes)
    .filter((a) => a.name.startsWith('data-') || a.name === 'aria-label' || a.name === 'name')
    .map((a) => `${a.name}=${a.value}`)
    .join('&');

/** The one element now on the page that looks like `gone` (same tag, id, label, text and data), if exactly one does. */
function twinOf(gone: HTMLElement): HTMLElement | null {
  if (gone.id) {
    const byId = document.getElementById(gone.id);
    return byId?.tagName === gone.tagName ? byId : null;
  }
  const text = gone.textContent?.trim() ?? '';
  const data = dataOf(gone);
  // the attributes first: they are cheap to compare, a container's whole text is not
  const twins = Array.from(document.querySelectorAll<HTMLElement>(gone.tagName)).filter(
    (el) => dataOf(el) === data && (el.textContent?.trim() ?? '') === text,
  );
  return twins.length === 1 ? twins[0] : null;
}

/** Not inside a modal that is closing (still fading out): focus there would be lost a moment later. */
const settled = (el: HTMLElement) => {
  const modal = el.closest('.mantine-Modal-root');
  return !modal || openModals.has(modal.id);
};

function focusOpener(opener: Opener | null): void {
  for (let o = opener; o; o = o.outer) {
    const { element, menuButton } = o;
    for (const candidate of [element, menuButton, () => twinOf(element)]) {
      const el = typeof candidate === 'function' ? candidate() : candidate;
      if (!el?.isConnected || !settled(el)) continue;
      el.focus({ preventScroll: true });
      if (document.activeElement === el) return;
    }
  }
}

/** How long the modal below a closed one may still be moving the focus to its first control. */
const STACK_SETTLE_MS = 1_000;

/**
 * The modal below a closed one in a stack moves the focus to its first control when its focus trap wakes, a timer that
 * may fire after the focus went back to the opener (on a busy machine, after the closing modal's transition). For a
 * moment the opener keeps it: a move inside that modal goes back to it, until the user clicks or types.
 */
function keepFocus(below: Element, kept: HTMLElement): void {
  const onFocus = (event: FocusEvent) => {
    if (event.target !== kept && below.contains(event.target as Node) && kept.isConnected) kept.focus({ preventScroll: true });
  };
  const release = () => {
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('pointerdown', release, true);
    document.removeEventListener('keydown', release, true);
    window.clearTimeout(timer);
  };
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('pointerdown', release, true);
  document.addEventListener('keydown', release, true);
  const timer = window.setTimeout(release, STACK_SETTLE_MS);
}

/**
 * Focus goes back to the control that opened the modal when it closes. Mantine's own return keeps the element that
 * had focus at opening and fails in practice: a menu item that opened the modal is gone with its menu, a row that
 * re-rendered holds a new button, a modal of a Modal.Stack re-records it whenever another modal opens above it, and a
 * modal mounted already open (or unmounted while open) never records or returns at all. Here the opener is recorded
 * once per opening, with the places focus may go when it has left, and given back on close or unmount, unless
 * something else (another modal) has taken the focus meanwhile.
 */
function useReturnFocus(id: string, opened: boolean, enabled: boolean): void {
  // read at close: a change while open must not count as a close and an opening
  const enabledNow = useRef(enabled);
  enabledNow.current = enabled;
  // a layout effect: it runs before the modal's focus trap moves the focus inside (a timer)
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = currentOpener();
    openModals.set(id, opener);
    return () => {
      openModals.delete(id);
      if (!enabledNow.current) return;
      const root = document.getElementById(id);
      const atClose = document.activeElement;
      window.setTimeout(() => {
        // opened again meanwhile (React's development double effects do this)
        if (openModals.has(id)) return;
        const now = document.activeElement;
        const adrift = !now || now === document.body || now === atClose || !now.isConnected || Boolean(root?.contains(now));
        // a modal below in a stack takes the focus back to its first control: the opener in it is the better place
        const below = opener?.element.closest('.mantine-Modal-root');
        if (adrift || (now && below?.contains(now))) {
          focusOpener(opener);
          if (below && document.activeElement instanceof HTMLElement && below.contains(document.activeElement)) {
            keepFocus(below, document.activeElement);
          }
        }
      }, 10);
    };
  }, [id, opened]);
}

/**
 * Mantine's Modal with an error boundary around its content: a render error shows the message inside the modal
 * (Close goes back to the screen under it), never blanking the screen. Every modal of the console is this one; on
 * close it gives the focus back to the control that opened it (useReturnFocus).
 */
function BoundedModal({ children, id, returnFocus = true, ...props }: ModalProps) {
  const generated = useId();
  const modalId = id ?? `modal-${generated.replace(/[^\w-]/g, '')}`;
  useReturnFocus(modalId, props.opened, returnFocus && props.trapFocus !== false);
  return (
    <MantineModal {...props} id={modalId} returnFocus={false}>
      <ErrorBoundary
        fallbackRender={() => (
          <FailedNotice
            large={false}
            action={
              <Button variant="default" onClick={props.onClose}>
                Close
              </Button>
            }
          />
        )}
        onError={reportClientError}
        resetKeys={[props.opened]}
      >
        {children}
      </ErrorBoundary>
    </MantineModal>
  );
}

export const Modal = Object.assign(BoundedModal, { Stack: MantineModal.Stack });
