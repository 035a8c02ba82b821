import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's text tones, computed as the browser will see them: Mantine's CSS variables with ours on top,
 * every var() followed to its colour, then the WCAG 2.1 contrast ratio worked out here from scratch.
 */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const base = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const schemes = {
  light: { ...base.variables, ...base.light, ...ours.variables, ...ours.light },
  dark: { ...base.variables, ...base.dark, ...ours.variables, ...ours.dark },
};
type Scheme = keyof typeof schemes;

function resolve(scheme: Scheme, value: string): string {
  const v = value.match(/^var\((--[\w-]+)\)$/);
  if (!v) return value;
  const next = schemes[scheme][v[1] as keyof (typeof schemes)[Scheme]];
  if (next === undefined) throw new Error(`${v[1]} is not defined in the ${scheme} scheme`);
  return resolve(scheme, String(next));
}
const color = (scheme: Scheme, name: string) => resolve(scheme, `var(--mantine-color-${name})`);

function rgb(c: string): [number, number, number] {
  const short = c.match(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/i);
  if (short) return rgb(`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`);
  const h = c.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (h) return [parseInt(h[1], 16), parseInt(h[2], 16), parseInt(h[3], 16)];
  const r = c.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (r) return [Number(r[1]), Number(r[2]), Number(r[3])];
  throw new Error(`not a colour: ${c}`);
}
function relativeLuminance(c: string): number {
  const [r, g, b] = rgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function ratio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
function hue(c: string): number {
  const [r, g, b] = rgb(c).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/**
 * Every colour a status, a button or a badge uses (the trip statuses' colours, those of a request at its school among
 * them: violet, orange, pink, cyan; teal approve, grape roles, orange requests).
 */
const STATUS_COLORS = ['yellow', 'blue', 'green', 'red', 'gray', 'orange', 'teal', 'grape', 'cyan', 'violet', 'pink'];

describe('theme contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it('was below AA with Mantine defaults where the audit said, so these checks can fail', () => {
    const plain = { ...base.variables, ...base.light };
    const value = (name: string) => String(plain[`--mantine-color-${name}` as keyof typeof plain]);
    expect(ratio(value('gray-6'), '#ffffff')).toBeLessThan(4.5); // dimmed #868e96, 3.3:1
    expect(ratio(value('blue-6'), '#ffffff')).toBeLessThan(4.5); // link and primary #228be6, 3.6:1
    expect(ratio(value('yellow-9'), value('yellow-1'))).toBeLessThan(4.5); // light yellow badge, 2.7:1
  });

  it.each<[Scheme, string, string[]]>([
    ['light', 'dimmed', ['body', 'gray-0', 'gray-1', 'blue-light']],
    ['light', 'placeholder', ['body', 'gray-0']],
    ['light', 'anchor', ['body', 'gray-0', 'gray-1', 'blue-light']],
    ['light', 'error', ['body', 'gray-0']],
    ['light', 'text', ['body', 'gray-0', 'gray-1', 'blue-light']],
    ['dark', 'dimmed', ['body', 'dark-6', 'dark-5', 'dark-8', 'blue-light', 'blue-light-hover']],
    ['dark', 'placeholder', ['body', 'dark-6']],
    ['dark', 'anchor', ['body', 'dark-6', 'dark-5', 'blue-light']],
    ['dark', 'error', ['body', 'dark-6', 'dark-5']],
    ['dark', 'text', ['body', 'dark-6', 'dark-5', 'blue-light']],
  ])('%s: %s text reads at 4.5:1 on %j', (scheme, fg, bgs) => {
    for (const bg of bgs) {
      expect({ fg, bg, ok: ratio(color(scheme, fg), color(scheme, bg)) >= 4.5 }).toEqual({ fg, bg, ok: true });
    }
  });

  it.each(STATUS_COLORS.flatMap((c) => (['light', 'dark'] as const).map((s) => [s, c] as const)))(
    '%s: %s badges and buttons read at 4.5:1 (light, filled, outline and plain text)',
    (scheme, c) => {
      const pairs: [string, string, string][] = [
        ['light badge', color(scheme, `${c}-light-color`), color(scheme, `${c}-light`)],
        ['light badge, hovered', color(scheme, `${c}-light-color`), color(scheme, `${c}-light-hover`)],
        ['filled', color(scheme, 'white'), color(scheme, `${c}-filled`)],
        ['filled, hovered', color(scheme, 'white'), color(scheme, `${c}-filled-hover`)],
        ['outline', color(scheme, `${c}-outline`), color(scheme, 'body')],
        ['text', color(scheme, `${c}-text`), color(scheme, 'body')],
      ];
      for (const [what, fg, bg] of pairs) {
        expect({ what, fg, bg, ok: ratio(fg, bg) >= 4.5 }).toEqual({ what, fg, bg, ok: true });
      }
    },
  );

  it.each(['yellow', 'blue', 'green', 'red', 'orange', 'teal'])('keeps %s recognisable: its text tones stay on its own hue', (c) => {
    const own = hue(color('light', `${c}-6`));
    for (const scheme of ['light', 'dark'] as const) {
      for (const tone of [`${c}-light-color`, `${c}-filled`, `${c}-text`]) {
        const shift = Math.abs(((hue(color(scheme, tone)) - own + 540) % 360) - 180);
        expect({ scheme, tone, shiftUnder20: shift < 20 }).toEqual({ scheme, tone, shiftUnder20: true });
      }
    }
  });

  it('keeps the status dots and pale badge backgrounds on Mantine’s own shades', () => {
    expect(color('light', 'yellow-6')).toBe(DEFAULT_THEME.colors.yellow[6]);
    expect(color('light', 'yellow-light')).toBe(DEFAULT_THEME.colors.yellow[1]);
    expect(color('light', 'green-light')).toBe(DEFAULT_THEME.colors.green[1]);
  });
});
