import type { GlucoseRanges, RangePercentages } from '@cgm-portal/glucose-metrics';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import type { GlucoseRangeKey, GoalSet, RangeGoal } from '../clinical';
import { CONSENSUS_GOALS, GLUCOSE_RANGE_COLORS, RANGE_KEYS, goalValue, isGoalMet } from '../clinical';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { RangePatterns, rangePatternUrl } from '../internal/range-patterns';
import { useSvgId } from '../internal/svg-id';
import { chartFont, fillTemplateParts } from '../internal/text';
import { estimateTextWidth } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { formatGlucose, formatPercent, isolateLtr } from '../units';

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
  /** Placeholder {range}, e.g. "70–180 mg/dL". */
  inRange: string;
  /** Placeholders {name}, {value}, {goal}. */
  goalLine: string;
  met: string;
  notMet: string;
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
  inRange: 'In range {range}',
  goalLine: '{name}: {value} (goal {goal})',
  met: 'met',
  notMet: 'not met',
  noData: 'No data',
});

export interface TimeInRangesBarProps {
  /** From glucose-metrics' timeInRanges(); percent, sum 100. Null when there is no data. */
  percentages: RangePercentages | null;
  unit: GlucoseUnit;
  /** @default DEFAULT_RANGES */
  ranges?: GlucoseRanges;
  /** Consensus goals to list under the bar; 'none' hides them. @default 'standard' */
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

/** Numbers, signs and units keep left-to-right order inside right-to-left text. */
function Ltr({ children }: { children: string }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/**
 * Stacked bar of the five glucose ranges (very low at the bottom), each with its percent, name
 * and bounds, a texture besides its colour, and the consensus goals listed with met/not met.
 */
export function TimeInRangesBar(props: TimeInRangesBarProps) {
  const { percentages, unit, ranges = DEFAULT_RANGES, goals = 'standard', width, height = 240, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const labels = { ...DEFAULT_TIME_IN_RANGES_BAR_LABELS, ...props.labels };
  const patternId = useSvgId('tir-pattern');
  const bounds = rangeBoundsText(ranges, unit, locale);
  const pctText = (v: number) => `${formatPercent(v, locale)}%`;
  const table = {
    caption: labels.title,
    columns: [labels.range, `${unit}`, labels.percent],
    rows: [...RANGE_KEYS].reverse().map((k) => [labels[k], isolateLtr(bounds[k]), percentages ? isolateLtr(pctText(percentages[k])) : labels.noData]),
  };
  const keyed = (parts: ReactNode[]) => parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
  const goalName = (goal: RangeGoal) => {
    const keys = goal.ranges;
    if (keys.length === 1 && keys[0] === 'target') return keyed(fillTemplateParts<ReactNode>(labels.inRange, { range: <Ltr>{`${bounds.target} ${unit}`}</Ltr> }));
    const value = keys.includes('veryLow') ? (keys.includes('low') ? ranges.low : ranges.veryLow) : keys.includes('high') ? ranges.high : ranges.veryHigh;
    return keyed(fillTemplateParts<ReactNode>(keys.includes('veryLow') ? labels.below : labels.above, { value: <Ltr>{`${formatGlucose(value, unit, locale)} ${unit}`}</Ltr> }));
  };
  const goalList =
    goals !== 'none' && percentages ? (
      <div style={{ fontFamily: theme.fontFamily, fontSize: theme.fontSize + 1, color: theme.text, marginTop: 6 }}>
        <div style={{ fontWeight: 700 }}>{goals === 'standard' ? labels.standardGoals : labels.olderHighRiskGoals}</div>
        <ul style={{ listStyle: 'none', margin: '2px 0 0', padding: 0 }}>
          {CONSENSUS_GOALS[goals].map((goal) => {
            const met = isGoalMet(goal, percentages);
            return (
              <li key={goal.ranges.join('+')} style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
                <span aria-hidden="true" style={{ fontWeight: 700, color: met ? GLUCOSE_RANGE_COLORS.target : GLUCOSE_RANGE_COLORS.veryLow }}>
                  {met ? '✓' : '✗'}
                </span>
                <span>
                  {keyed(
                    fillTemplateParts<ReactNode>(labels.goalLine, {
                      name: <span>{goalName(goal)}</span>,
                      value: <Ltr>{`${formatPercent(goalValue(goal, percentages), locale, [goal.percent])}%`}</Ltr>,
                      goal: <Ltr>{`${goal.comparator}${formatPercent(goal.percent, locale)}%`}</Ltr>,
                    }),
                  )}{' '}
                  — {met ? labels.met : labels.notMet}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    ) : null;

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} footer={goalList} className="cgm-time-in-ranges-bar">
      {(w) => {
        const top = 8;
        const plotHeight = height - 2 * top;
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
        const { barX, percentX: labelX, nameX, anchor, stacked, textScale } = layout;
        const heights = percentages ? segmentHeights(percentages, plotHeight) : null;
        const rows: { key: GlucoseRangeKey; mid: number; y0: number; h: number }[] = [];
        let yCursor = top + plotHeight;
        for (const key of RANGE_KEYS) {
          const h = heights ? heights[key] : 0;
          rows.push({ key, y0: yCursor - h, h, mid: yCursor - h / 2 });
          yCursor -= h;
        }
        // Label rows sit at their segment's middle, pushed apart to one row each (two lines when stacked).
        const lineHeight = theme.fontSize + 3;
        const rowGap = stacked ? 2 * lineHeight + 4 : theme.fontSize + 6;
        const halfRow = stacked ? lineHeight : theme.fontSize / 2;
        const ys = spreadLabelRows(
          rows.map((r) => r.mid),
          rowGap,
          top + halfRow,
          height - top - halfRow,
        );
        const nameFont = nameSize * textScale;
        const boundsFont = theme.fontSize * textScale;
        return (
          <svg width={w} height={height} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <defs>
              <RangePatterns prefix={patternId} />
            </defs>
            {percentages ? null : (
              <>
                <rect x={barX} y={top} width={BAR_WIDTH} height={plotHeight} fill="none" stroke={theme.axis} strokeDasharray="3 3" />
                <text x={labelX} y={top + plotHeight / 2} textAnchor={anchor} fill={theme.text} style={chartFont(theme, nameSize)}>
                  {labels.noData}
                </text>
              </>
            )}
            {percentages
              ? rows.map((r, i) => {
                  const pattern = rangePatternUrl(patternId, r.key);
                  const ly = ys[i]!;
                  const linkX = rtl ? barX - 2 : barX + BAR_WIDTH + 2;
                  return (
                    <g key={r.key} data-range={r.key}>
                      {r.h > 0 ? <rect x={barX} y={r.y0} width={BAR_WIDTH} height={r.h} fill={GLUCOSE_RANGE_COLORS[r.key]} stroke={theme.background} strokeWidth={0.5} /> : null}
                      {r.h > 0 && pattern ? <rect x={barX} y={r.y0} width={BAR_WIDTH} height={r.h} fill={pattern} /> : null}
                      <path d={`M${linkX},${r.mid}L${rtl ? linkX - 5 : linkX + 5},${r.mid}L${rtl ? labelX + 4 : labelX - 4},${ly}`} stroke={theme.axis} fill="none" strokeWidth={0.75} />
                      <text x={labelX} y={ly} dy="0.35em" textAnchor={anchor} fill={theme.text} style={chartFont(theme, nameSize, 700)}>
                        {pctText(percentages[r.key])}
                      </text>
                      {stacked ? (
                        <>
                          <text x={nameX} y={ly - lineHeight / 2} dy="0.35em" textAnchor={anchor} fill={theme.text} style={chartFont(theme, nameFont)}>
                            {labels[r.key]}
                          </text>
                          <text x={nameX} y={ly + lineHeight / 2} dy="0.35em" textAnchor={anchor} fill={theme.mutedText} style={chartFont(theme, boundsFont)}>
                            {isolateLtr(boundsText(r.key))}
                          </text>
                        </>
                      ) : (
                        <text x={nameX} y={ly} dy="0.35em" textAnchor={anchor} fill={theme.text} style={chartFont(theme, nameFont)}>
                          {labels[r.key]}
                          <tspan fill={theme.mutedText} style={chartFont(theme, boundsFont)}>{` ${isolateLtr(boundsText(r.key))}`}</tspan>
                        </text>
                      )}
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
