import type { GlucoseRanges, RangePercentages } from '@cgm-portal/glucose-metrics';
import { DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import type { GlucoseRangeKey, GoalSet, RangeGoal } from '../clinical';
import { CONSENSUS_GOALS, GLUCOSE_RANGE_COLORS, RANGE_KEYS, goalValue, isGoalMet } from '../clinical';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { RangePatterns, rangePatternUrl } from '../internal/range-patterns';
import { useSvgId } from '../internal/svg-id';
import { chartFont, fillTemplate } from '../internal/text';
import { estimateTextWidth } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { formatGlucose, formatPercent, isolateLtr, isolateText } from '../units';

/** Text of the time-in-ranges bar, already translated. */
export interface TimeInRangesBarLabels {
  title: string;
  veryLow: string;
  low: string;
  target: string;
  high: string;
  veryHigh: string;
  range: string;
  percent: string;
  /** Heading of the goal list for type 1 and type 2 diabetes. */
  standardGoals: string;
  /** Heading of the goal list for older or high-risk people. */
  olderHighRiskGoals: string;
  /** Placeholder {value}, e.g. "70 mg/dL". */
  below: string;
  /** Placeholder {value}. */
  above: string;
  met: string;
  notMet: string;
  /** A goal's bound, "{value}" the percent number: "Greater than {value}%". */
  greaterThan: string;
  lessThan: string;
  noData: string;
}

/** English defaults of the time-in-ranges bar's labels. */
export const DEFAULT_TIME_IN_RANGES_BAR_LABELS: Readonly<TimeInRangesBarLabels> = Object.freeze({
  title: 'Time in ranges',
  veryLow: 'Very low',
  low: 'Low',
  target: 'Target range',
  high: 'High',
  veryHigh: 'Very high',
  range: 'Range',
  percent: 'Percent of time',
  standardGoals: 'Goals for type 1 and type 2 diabetes',
  olderHighRiskGoals: 'Goals for older or high-risk people',
  below: 'Below {value}',
  above: 'Above {value}',
  met: 'Goal met',
  notMet: 'Goal not met',
  greaterThan: 'Greater than {value}%',
  lessThan: 'Less than {value}%',
  noData: 'No data',
});

export interface TimeInRangesBarProps {
  /** From glucose-metrics' timeInRanges(); percent, sum 100. Null when there is no data. */
  percentages: RangePercentages | null;
  unit: GlucoseUnit;
  /** @default DEFAULT_RANGES */
  ranges?: GlucoseRanges;
  /** Consensus goals, each written once beside the range it concerns; 'none' hides them. @default 'standard' */
  goals?: GoalSet | 'none';
  width?: number;
  /** @default 240 */
  height?: number;
  /** @default 'en' */
  locale?: string;
  /** @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<TimeInRangesBarLabels>;
  /** Static SVG for print (no hover state here; kept for a uniform API). */
  print?: boolean;
}

const BAR_WIDTH = 36;
/** Smallest drawn height of a non-zero range, px, so a 0.3 % sliver stays visible. */
const MIN_SEGMENT_PX = 3;
/** Room between the bar and the percents for the leader lines, px. */
const LABEL_GAP_PX = 14;
/** Kept free at both edges of the chart, px. */
const EDGE_PX = 2;
/** Smallest the name and bounds text is scaled to in a very narrow chart. */
const MIN_TEXT_SCALE = 0.6;

/** Where the labels beside the bar go, horizontally. */
export interface TimeInRangesLabelLayout {
  /** Left edge of the bar. */
  barX: number;
  /** Anchor of each percent: its start in ltr, its end in rtl. */
  percentX: number;
  /** Anchor of each range name (and its bounds). */
  nameX: number;
  anchor: 'start' | 'end';
  /** Room between nameX and the far edge of the chart, px. */
  textWidth: number;
  /** The bounds go on a line of their own under the name, as name and bounds do not fit on one. */
  stacked: boolean;
  /** Factor on the name and bounds font size so the longest line still fits (1 when it does). */
  textScale: number;
}

/**
 * Horizontal layout of the time-in-ranges bar: the bar at the start edge (the right one in
 * rtl), then the percents, then each range's name and bounds. Names and bounds share a line
 * when the widest pair fits before the far edge, else the bounds go under the name, and text
 * that still does not fit is scaled down: no label runs past either edge at narrow widths.
 * Widths are estimates of the drawn text in px.
 */
export function timeInRangesLabelLayout(options: {
  width: number;
  direction: 'ltr' | 'rtl';
  percentWidth: number;
  labels: readonly { name: number; bounds: number }[];
}): TimeInRangesLabelLayout {
  const { width, direction, percentWidth, labels } = options;
  const percentOffset = EDGE_PX + BAR_WIDTH + LABEL_GAP_PX;
  const textWidth = Math.max(0, width - percentOffset - percentWidth - EDGE_PX);
  const inline = Math.max(0, ...labels.map((l) => l.name + l.bounds));
  const stacked = inline > textWidth;
  const widest = stacked ? Math.max(0, ...labels.map((l) => Math.max(l.name, l.bounds))) : inline;
  const textScale = widest > textWidth ? Math.max(MIN_TEXT_SCALE, textWidth / widest) : 1;
  const common = { textWidth, stacked, textScale };
  if (direction === 'rtl') {
    return { ...common, barX: width - EDGE_PX - BAR_WIDTH, percentX: width - percentOffset, nameX: width - percentOffset - percentWidth, anchor: 'end' };
  }
  return { ...common, barX: EDGE_PX, percentX: percentOffset, nameX: percentOffset + percentWidth, anchor: 'start' };
}

/**
 * Centres of the label rows, bottom row first: each at its segment's middle (`mids`), pushed
 * apart to `gap` px and kept between `minY` and `maxY` (svg y grows downwards).
 */
export function spreadLabelRows(mids: readonly number[], gap: number, minY: number, maxY: number): number[] {
  const ys = mids.map((m) => Math.min(m, maxY));
  for (let i = 1; i < ys.length; i++) ys[i] = Math.min(ys[i]!, ys[i - 1]! - gap);
  const last = ys.length - 1;
  if (last >= 0 && ys[last]! < minY) {
    ys[last] = minY;
    for (let i = last - 1; i >= 0; i--) ys[i] = Math.max(ys[i]!, ys[i + 1]! + gap);
  }
  return ys;
}

/** Heights of the segments (px), proportional, with non-zero ones at least MIN_SEGMENT_PX. */
export function segmentHeights(percentages: RangePercentages, total: number): Record<GlucoseRangeKey, number> {
  const sum = RANGE_KEYS.reduce((s, k) => s + percentages[k], 0) || 1;
  const raw = RANGE_KEYS.map((k) => (percentages[k] / sum) * total);
  const small = raw.map((h) => h > 0 && h < MIN_SEGMENT_PX);
  const fixed = small.filter(Boolean).length * MIN_SEGMENT_PX;
  const rest = raw.reduce((s, h, i) => s + (small[i] ? 0 : h), 0) || 1;
  const scale = (total - fixed) / rest;
  const out = {} as Record<GlucoseRangeKey, number>;
  RANGE_KEYS.forEach((k, i) => (out[k] = small[i] ? MIN_SEGMENT_PX : raw[i]! * scale));
  return out;
}

/** Threshold text of each range in the display unit, as the AGP report writes it ("<54", "54–69"). */
export function rangeBoundsText(ranges: GlucoseRanges, unit: GlucoseUnit, locale: string): Record<GlucoseRangeKey, string> {
  const f = (v: number) => formatGlucose(v, unit, locale);
  // Inclusive bounds of whole display units: 54–69 mg/dL is 3.0–3.8 mmol/L.
  const step = unit === 'mmol/L' ? 1.8 : 1;
  return {
    veryLow: `<${f(ranges.veryLow)}`,
    low: `${f(ranges.veryLow)}–${f(ranges.low - step)}`,
    target: `${f(ranges.low)}–${f(ranges.high)}`,
    high: `${f(ranges.high + step)}–${f(ranges.veryHigh)}`,
    veryHigh: `>${f(ranges.veryHigh)}`,
  };
}

/**
 * The row each consensus goal is written beside, so every goal appears once: a one-range goal
 * beside its range, "below 70" (low + very low) beside low, "above 180" beside high.
 */
export function goalRows(goals: readonly RangeGoal[]): Partial<Record<GlucoseRangeKey, RangeGoal>> {
  const rows: Partial<Record<GlucoseRangeKey, RangeGoal>> = {};
  for (const goal of goals) {
    const key = goal.ranges.length === 1 ? goal.ranges[0]! : goal.ranges.includes('low') ? 'low' : 'high';
    rows[key] = goal;
  }
  return rows;
}

/**
 * Stacked bar of the five glucose ranges (very low at the bottom), each with its percent, name
 * and bounds and a texture besides its colour. Each consensus goal is written once, under the
 * range it concerns, with ✓ or ✗ and "Goal met" / "Goal not met": no separate goal list or legend
 * repeats the ranges. Shares under 0.5 % keep a 3 px sliver.
 *
 * @example
 * <TimeInRangesBar percentages={timeInRanges(readings)} unit="mmol/L" ranges={ranges} locale="fr" />
 */
export function TimeInRangesBar(props: TimeInRangesBarProps) {
  const { percentages, unit, ranges = DEFAULT_RANGES, goals = 'standard', width, height = 240, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const labels = { ...DEFAULT_TIME_IN_RANGES_BAR_LABELS, ...props.labels };
  const patternId = useSvgId('tir-pattern');
  const bounds = rangeBoundsText(ranges, unit, locale);
  const pctText = (v: number) => `${formatPercent(v, locale)}%`;
  const goalOf = goalRows(goals === 'none' ? [] : CONSENSUS_GOALS[goals]);
  /** The goal written under a range's name: its verdict by sign and words, its bound, and for "below 70" / "above 180" the combined share. */
  const goalText = (key: GlucoseRangeKey): { text: string; share: string | null; verdict: string; met: boolean } | null => {
    const goal = goalOf[key];
    if (!goal || !percentages) return null;
    const met = isGoalMet(goal, percentages);
    const bound = fillTemplate(goal.comparator === '>' ? labels.greaterThan : labels.lessThan, { value: formatPercent(goal.percent, locale) });
    const verdict = `${met ? '✓' : '✗'} ${met ? labels.met : labels.notMet} · ${isolateText(bound)}`;
    if (goal.ranges.length === 1) return { text: verdict, share: null, verdict, met };
    const threshold = goal.ranges.includes('low') ? ranges.low : ranges.high;
    const name = fillTemplate(goal.ranges.includes('low') ? labels.below : labels.above, { value: isolateLtr(`${formatGlucose(threshold, unit, locale)} ${unit}`) });
    // The combined share with enough digits never to contradict its verdict (1.2 % is not "1 %" against "<1 %").
    const share = `${name}: ${isolateLtr(`${formatPercent(goalValue(goal, percentages), locale, [goal.percent])}%`)}`;
    return { text: `${share} · ${verdict}`, share, verdict, met };
  };
  const withGoals = goals !== 'none' && percentages !== null;
  const table = {
    caption: labels.title,
    columns: [labels.range, `${unit}`, labels.percent, ...(withGoals ? [goals === 'olderHighRisk' ? labels.olderHighRiskGoals : labels.standardGoals] : [])],
    rows: [...RANGE_KEYS].reverse().map((k) => [
      labels[k],
      isolateLtr(bounds[k]),
      percentages ? isolateLtr(pctText(percentages[k])) : labels.noData,
      ...(withGoals ? [goalText(k)?.text ?? ''] : []),
    ]),
  };

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-time-in-ranges-bar">
      {(w) => {
        const top = 8;
        const rtl = direction === 'rtl';
        const nameSize = theme.fontSize + 1;
        const boundsText = (key: GlucoseRangeKey) => `${bounds[key]} ${unit}`;
        // Estimates run a little generous; 10 % more covers wide fallback fonts (Arabic, Persian).
        const pctWidth = Math.max(...RANGE_KEYS.map((k) => estimateTextWidth(percentages ? pctText(percentages[k]) : '', nameSize))) * 1.1 + 12;
        const layout = timeInRangesLabelLayout({
          width: w,
          direction,
          percentWidth: pctWidth,
          labels: percentages ? RANGE_KEYS.map((k) => ({ name: estimateTextWidth(labels[k], nameSize) * 1.1, bounds: estimateTextWidth(` ${boundsText(k)}`, theme.fontSize) * 1.1 })) : [],
        });
        const { barX, percentX: labelX, nameX, anchor, stacked, textScale, textWidth } = layout;
        // The labels are sentences in the page's language: in right-to-left they are laid out
        // right to left (the root svg is ltr for visx), anchored at their start, which is the
        // layout's right edge. Left to right, the bidi algorithm would read an Arabic goal line
        // from its end.
        const textProps = rtl ? ({ textAnchor: 'start', direction: 'rtl' } as const) : ({ textAnchor: anchor } as const);
        const goalTexts = RANGE_KEYS.map((k) => goalText(k));
        const widthOf = (text: string) => estimateTextWidth(text, theme.fontSize) * 1.1;
        // A combined goal ("below 70: 2 %" and its verdict) takes two lines when one does not fit.
        const splitGoals = goalTexts.some((g) => g && widthOf(g.text) > textWidth);
        const goalLines = goalTexts.map((g) => (g ? (splitGoals && g.share ? [g.share, g.verdict] : [g.text]) : []));
        const goalWidest = Math.max(0, ...goalLines.flat().map(widthOf));
        const goalScale = goalWidest > textWidth ? Math.max(MIN_TEXT_SCALE, textWidth / goalWidest) : 1;
        // Each label row: the name (and bounds, or bounds on a line of their own), then the goal, if any.
        const lineHeight = theme.fontSize + 3;
        const linesPerRow = (stacked ? 2 : 1) + Math.max(0, ...goalLines.map((l) => l.length));
        const rowGap = linesPerRow * lineHeight + 4;
        const halfRow = (linesPerRow * lineHeight) / 2;
        // Tall enough for every label row; the bar keeps the height asked for when that is more.
        const chartHeight = Math.max(height, RANGE_KEYS.length * rowGap + 2 * top);
        const plotHeight = chartHeight - 2 * top;
        const heights = percentages ? segmentHeights(percentages, plotHeight) : null;
        const rows: { key: GlucoseRangeKey; mid: number; y0: number; h: number }[] = [];
        let yCursor = top + plotHeight;
        for (const key of RANGE_KEYS) {
          const h = heights ? heights[key] : 0;
          rows.push({ key, y0: yCursor - h, h, mid: yCursor - h / 2 });
          yCursor -= h;
        }
        const ys = spreadLabelRows(
          rows.map((r) => r.mid),
          rowGap,
          top + halfRow,
          chartHeight - top - halfRow,
        );
        const nameFont = nameSize * textScale;
        const boundsFont = theme.fontSize * textScale;
        const goalFont = theme.fontSize * goalScale;
        return (
          <svg width={w} height={chartHeight} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <defs>
              <RangePatterns prefix={patternId} />
            </defs>
            {percentages ? null : (
              <>
                <rect x={barX} y={top} width={BAR_WIDTH} height={plotHeight} fill="none" stroke={theme.axis} strokeDasharray="3 3" />
                <text x={labelX} y={top + plotHeight / 2} {...textProps} fill={theme.text} style={chartFont(theme, nameSize)}>
                  {labels.noData}
                </text>
              </>
            )}
            {percentages
              ? rows.map((r, i) => {
                  const pattern = rangePatternUrl(patternId, r.key);
                  const firstLine = ys[i]! - halfRow + lineHeight / 2;
                  const lineY = (n: number) => firstLine + n * lineHeight;
                  const linkX = rtl ? barX - 2 : barX + BAR_WIDTH + 2;
                  const goal = goalTexts[i];
                  return (
                    <g key={r.key} data-range={r.key}>
                      {r.h > 0 ? <rect x={barX} y={r.y0} width={BAR_WIDTH} height={r.h} fill={GLUCOSE_RANGE_COLORS[r.key]} stroke={theme.background} strokeWidth={0.5} /> : null}
                      {r.h > 0 && pattern ? <rect x={barX} y={r.y0} width={BAR_WIDTH} height={r.h} fill={pattern} /> : null}
                      <path d={`M${linkX},${r.mid}L${rtl ? linkX - 5 : linkX + 5},${r.mid}L${rtl ? labelX + 4 : labelX - 4},${lineY(0)}`} stroke={theme.axis} fill="none" strokeWidth={0.75} />
                      <text x={labelX} y={lineY(0)} dy="0.35em" {...textProps} fill={theme.text} style={chartFont(theme, nameSize, 700)} data-range-percent>
                        {pctText(percentages[r.key])}
                      </text>
                      {stacked ? (
                        <>
                          <text x={nameX} y={lineY(0)} dy="0.35em" {...textProps} fill={theme.text} style={chartFont(theme, nameFont)}>
                            {labels[r.key]}
                          </text>
                          <text x={nameX} y={lineY(1)} dy="0.35em" {...textProps} fill={theme.mutedText} style={chartFont(theme, boundsFont)}>
                            {isolateLtr(boundsText(r.key))}
                          </text>
                        </>
                      ) : (
                        <text x={nameX} y={lineY(0)} dy="0.35em" {...textProps} fill={theme.text} style={chartFont(theme, nameFont)}>
                          {labels[r.key]}
                          <tspan fill={theme.mutedText} style={chartFont(theme, boundsFont)}>{` ${isolateLtr(boundsText(r.key))}`}</tspan>
                        </text>
                      )}
                      {goal ? (
                        <text {...textProps} fill={goal.met ? theme.mutedText : theme.text} style={chartFont(theme, goalFont, goal.met ? undefined : 700)} data-goal={goal.met ? 'met' : 'not-met'}>
                          {goalLines[i]!.map((line, n) => (
                            <tspan key={n} x={nameX} y={lineY((stacked ? 2 : 1) + n)} dy="0.35em">
                              {n > 0 ? ` ${line}` : line}
                            </tspan>
                          ))}
                        </text>
                      ) : null}
                    </g>
                  );
                })
              : null}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
