import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Light or dark; `size` in pixels where the button must be a large touch target (the driver's page). */
export function ThemeToggle({ size = 'lg' }: { size?: 'lg' | number }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`} openDelay={400}>
      <ActionIcon variant="subtle" color="gray" size={size} aria-label={`Switch to ${next} theme`} onClick={() => setColorScheme(next)}>
        {scheme === 'dark' ? <IconSun size={20} stroke={1.6} /> : <IconMoon size={20} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}
