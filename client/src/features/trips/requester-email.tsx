import { Anchor, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** How long "Copied!" (1.2 s) and "Retry" (1.5 s) show before the copy button reads as before. */
export const COPIED_RESET_MS = 1200;
export const RETRY_RESET_MS = 1500;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // pages served over plain http have no Clipboard API
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!ok) throw new Error('Copy is not available');
}

/** The requester's e-mail in a popover, with a copy action that shows "Copied!" or "Retry". */
export function RequesterEmail({ name, email }: { name: string; email: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [opened, setOpened] = useState(false);
  // While the popover is open, Escape closes it and not the modal around it (Mantine's modal skips events from such targets).
  const keepEscape = opened ? { 'data-mantine-stop-propagation': 'true' } : {};
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    let next: 'copied' | 'failed';
    try {
      await copyText(email);
      next = 'copied';
    } catch {
      next = 'failed';
    }
    setState(next);
    timer.current = setTimeout(() => setState('idle'), next === 'copied' ? COPIED_RESET_MS : RETRY_RESET_MS);
  };

  if (!email) return <Text size="sm">{name || '—'}</Text>;
  return (
    <Popover position="bottom-start" withArrow shadow="md" width={280} trapFocus opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Anchor
          component="button"
          type="button"
          size="sm"
          title={`E-mail of ${name || 'the requester'}`}
          onClick={() => setOpened((o) => !o)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && opened) setOpened(false);
          }}
          {...keepEscape}
        >
          {name || email}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Requester e-mail
          </Text>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Anchor href={`mailto:${email}`} size="sm" style={{ wordBreak: 'break-all' }} {...keepEscape}>
              {email}
            </Anchor>
            <Button
              size="compact-xs"
              variant={state === 'idle' ? 'light' : 'filled'}
              color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : undefined}
              leftSection={
                state === 'copied' ? <IconCheck size={12} /> : state === 'failed' ? <IconRefresh size={12} /> : <IconCopy size={12} />
              }
              onClick={() => void copy()}
              aria-live="polite"
              {...keepEscape}
            >
              {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Retry' : 'Copy'}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
