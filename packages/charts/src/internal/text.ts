import type { CSSProperties } from 'react';
import type { ChartTheme } from '../theme';

/** Fills "{name}" placeholders of an already-translated template. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** Like fillTemplate, but values may be React nodes (e.g. <bdi> around numbers); returns the parts. */
export function fillTemplateParts<T>(template: string, values: Record<string, T>): (string | T)[] {
  const parts: (string | T)[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const key = match[1]!;
    if (!(key in values)) continue;
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push(values[key]!);
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

/**
 * Font of an SVG text as an inline style. Presentation attributes (font-size="11") lose to any
 * stylesheet rule, and Chakra's reset `* { font: inherit }` turns every chart label into 16 px
 * body text; an inline style keeps the size the layout was computed for, on screen and in print.
 * Every chart text takes its font this way, through chartFont or tickLabelProps.
 */
export function svgFont(fontSize: number, fontFamily: string, fontWeight?: number): CSSProperties {
  return fontWeight === undefined ? { fontSize, fontFamily } : { fontSize, fontFamily, fontWeight };
}

type ThemeFont = Pick<ChartTheme, 'fontSize' | 'fontFamily'>;

/** Inline font of a chart text in the theme's family: `size` px (the theme's tick size unless given). */
export function chartFont(theme: ThemeFont, size: number = theme.fontSize, weight?: number): CSSProperties {
  return svgFont(size, theme.fontFamily, weight);
}

/**
 * Tick labels of a visx axis in the theme's text colour and font. The font is inline (visx passes
 * `style` on to the <text>); the same size and family also go in as props, or visx's defaults
 * (10 px Arial) would stay in the attributes that readers of the bare SVG see.
 */
export function tickLabelProps<A extends 'start' | 'middle' | 'end'>(theme: ThemeFont & Pick<ChartTheme, 'text'>, textAnchor: A, dy?: string) {
  const font = { fontSize: theme.fontSize, fontFamily: theme.fontFamily, style: chartFont(theme) };
  return { fill: theme.text, textAnchor, ...font, ...(dy === undefined ? {} : { dy }) };
}
