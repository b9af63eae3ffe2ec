/**
 * Non-clinical look of the charts: text, axes, font, accent. A variant (brand) passes its own;
 * range colours are not part of it (see clinical.ts).
 */
export interface ChartTheme {
  /** Chart background, also the halo behind labels. */
  background: string;
  /** Main text (tick labels, tooltip). Needs 4.5:1 on `background`. */
  text: string;
  /** Secondary text (axis titles, dates). Needs 4.5:1 on `background`. */
  mutedText: string;
  /** Grid and axis lines. */
  axis: string;
  grid: string;
  /** Trace colour where range colouring does not apply (session bars, trend line). */
  series: string;
  /** Focus ring, hover cursor. */
  accent: string;
  tooltipBackground: string;
  tooltipText: string;
  fontFamily: string;
  /** Tick label size in px. */
  fontSize: number;
}

/** The default neutral theme (light background). */
export const defaultChartTheme: Readonly<ChartTheme> = Object.freeze({
  background: '#ffffff',
  text: '#1f2933',
  mutedText: '#5b6470',
  axis: '#6b7280',
  grid: '#e5e7eb',
  series: '#1f5fbf',
  accent: '#2563eb',
  tooltipBackground: '#1f2933',
  tooltipText: '#ffffff',
  fontFamily: "system-ui, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC', sans-serif",
  fontSize: 11,
});

/** A theme built from the defaults and a variant's overrides. */
export function createChartTheme(overrides: Partial<ChartTheme> = {}): ChartTheme {
  return { ...defaultChartTheme, ...overrides };
}
