import type { ScrollAreaProps } from '@mantine/core';

/**
 * For `Table.ScrollContainer scrollAreaProps`: a table that may scroll sideways (on a phone) and holds nothing
 * focusable is reachable by keyboard, as a named region (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function scrollRegion(label: string): ScrollAreaProps {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}
