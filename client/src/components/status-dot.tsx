import { Box } from '@mantine/core';

/** A small coloured dot (the status filter's and the calendar's dots); `color` is any CSS colour. */
export function StatusDot({ color, size = 10, label }: { color: string; size?: number; label?: string }) {
  return (
    <Box
      component="span"
      aria-label={label}
      role={label ? 'img' : undefined}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
        boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
      }}
    />
  );
}
