import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type MantineTheme,
  Menu,
  toRgba,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // menus, modals and toasts appear without moving for people who ask their system for less motion
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // Mantine parks focus on a role="presentation" placeholder inside role="menu", which a menu may not contain
    // (axe aria-required-children); without it, opening a menu focuses its first item, as the ARIA menu pattern says.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});

/** Light by default; the user's choice is remembered in local storage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'console-color-scheme' });

/** WCAG 2.1 AA (1.4.3): normal text needs 4.5:1 against what it sits on. A little above, so rounding never drops under. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours (hex or rgba). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * `color`, darkened (or lightened) in small steps only as far as it takes to read at TEXT_CONTRAST on every one
 * of `backgrounds`: the palette's own hue, just deep enough.
 */
export function readableOn(color: string, backgrounds: string[], toward: 'dark' | 'light'): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = hex(toward === 'dark' ? darken(color, step * 0.05) : lighten(color, step * 0.05));
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= TEXT_CONTRAST)) return candidate;
  }
  return toward === 'dark' ? '#000000' : '#ffffff';
}

/**
 * Mantine's default tones fall under 4.5:1 in many places (dimmed grey and primary blue on white, the light
 * badges' dark shade on their pale shade, white on teal and green buttons, red errors on dark surfaces). Here, in
 * one place, every tone that carries text is moved along its own hue just far enough, in both schemes, so each
 * colour stays itself (Pending yellow, Accepted blue, Confirmed green, ...) and reads at AA. Backgrounds and the
 * status dots keep Mantine's shades. Verified by computing the ratios: theme.test.ts.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const c = t.colors;
  const white = t.white;
  const primary = c[t.primaryColor];
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};

  // light scheme: body white, surfaces gray-0/gray-1, selections on the primary colour's pale shades
  const lightSurfaces = [white, c.gray[0], c.gray[1]];
  // dark scheme: body dark-7, surfaces dark-6, hovered rows dark-5 (menu items dark-4), selections on the primary colour's dark tint
  const darkSurfaces = [c.dark[7], c.dark[6], c.dark[5], c.dark[4], c.dark[8]];
  const darkTint = (shades: readonly string[]) => [hex(darken(shades[9], 0.5)), hex(darken(shades[9], 0.3))];

  for (const [name, shades] of Object.entries(c)) {
    // filled buttons and badges carry white text
    const filledLight = readableOn(shades[6], [white], 'dark');
    const filledDark = readableOn(shades[8], [white], 'dark');
    const textLight = readableOn(shades[7], lightSurfaces, 'dark');
    const textDark = readableOn(shades[4], darkSurfaces, 'light');
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filledLight,
      [`--mantine-color-${name}-filled-hover`]: hex(darken(filledLight, 0.1)),
      [`--mantine-color-${name}-text`]: textLight,
      [`--mantine-color-${name}-outline`]: textLight,
      // light variant: pale shade behind, this hue's deep shade on it (and on its hover shade)
      [`--mantine-color-${name}-light-color`]: readableOn(shades[9], [shades[1], shades[2], white], 'dark'),
    });
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: filledDark,
      [`--mantine-color-${name}-filled-hover`]: hex(darken(filledDark, 0.1)),
      [`--mantine-color-${name}-text`]: textDark,
      [`--mantine-color-${name}-outline`]: textDark,
      [`--mantine-color-${name}-light-color`]: readableOn(shades[0], darkTint(shades), 'light'),
    });
  }

  const dimmedLight = readableOn(c.gray[6], [...lightSurfaces, primary[1]], 'dark');
  const dimmedDark = readableOn(c.dark[2], [...darkSurfaces, ...darkTint(primary)], 'light');
  // links also sit on the primary colour's selections and on today's cell in the calendar (its light shade)
  const anchorLight = readableOn(light[`--mantine-color-${t.primaryColor}-text`], [...lightSurfaces, primary[1]], 'dark');
  const anchorDark = readableOn(dark[`--mantine-color-${t.primaryColor}-text`], [...darkSurfaces, ...darkTint(primary)], 'light');
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': dimmedLight,
      '--mantine-color-placeholder': dimmedLight,
      '--mantine-color-anchor': anchorLight,
      '--mantine-color-error': light['--mantine-color-red-text'],
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': dimmedDark,
      '--mantine-color-placeholder': dimmedDark,
      '--mantine-color-anchor': anchorDark,
      '--mantine-color-error': dark['--mantine-color-red-text'],
    },
  };
};
