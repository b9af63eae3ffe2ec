import type { AgpBin, AgpProfile, GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { AGP_MIN_DAYS, DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import { AxisBottom } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Area, LinePath } from '@visx/shape';
import { AGP_COLORS } from '../clinical';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { GLUCOSE_AXIS_MIN_MGDL, glucoseAxisMax, glucoseTicks } from '../internal/glucose-axis';
import { GlucoseAxis, TargetBand } from '../internal/glucose-backdrop';
import { chartFont, fillTemplate, tickLabelProps } from '../internal/text';
import { dateTimeFormat, estimateTextWidth } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { formatGlucose } from '../units';

/** Text of the AGP chart, already translated. */
export interface AgpChartLabels {
  title: string;
  /** Screen-reader summary; placeholder {days}. */
  summary: string;
  time: string;
  p5: string;
  p25: string;
  median: string;
  p75: string;
  p95: string;
  noData: string;
  /** Shown when fewer than 5 days feed the profile; placeholders {days}, {minDays}. */
  fewDays: string;
}

/** English defaults of the AGP chart's labels. */
export const DEFAULT_AGP_CHART_LABELS: Readonly<AgpChartLabels> = Object.freeze({
  title: 'Ambulatory glucose profile',
  summary: 'Median and percentiles of glucose by time of day over {days} days.',
  time: 'Time of day',
  p5: '5%',
  p25: '25%',
  median: 'Median',
  p75: '75%',
  p95: '95%',
  noData: 'No data',
  fewDays: 'Only {days} days of data: the AGP needs at least {minDays} days to be representative.',
});

export interface AgpChartProps {
  /** From glucose-metrics' agpProfile(). */
  profile: AgpProfile;
  unit: GlucoseUnit;
  /** @default DEFAULT_RANGES */
  ranges?: GlucoseRanges;
  width?: number;
  /** @default 280 */
  height?: number;
  /** @default 'en' */
  locale?: string;
  /** @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  /** @default direction */
  timeDirection?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<AgpChartLabels>;
  /**
   * Width of the centred moving average applied to each percentile curve, minutes, across midnight
   * (glucose-metrics returns raw slot percentiles; the AGP report draws smoothed curves). Slots
   * without data stay empty. 0 draws the raw curves. @default 60
   */
  smoothingMinutes?: number;
  /** Static SVG for print (the AGP chart has no hover state; kept for a uniform API). */
  print?: boolean;
}

const PERCENTILE_KEYS = ['p5', 'p25', 'p50', 'p75', 'p95'] as const;

/** Circular, null-aware moving average of each percentile over `windowMinutes`. */
export function smoothAgpBins(bins: readonly AgpBin[], binMinutes: number, windowMinutes: number): AgpBin[] {
  const half = Math.floor(windowMinutes / binMinutes / 2);
  if (half < 1 || bins.length < 3) return bins.map((b) => ({ ...b }));
  const n = bins.length;
  return bins.map((bin, i) => {
    if (bin.p50 === null) return { ...bin };
    const out: AgpBin = { ...bin };
    for (const key of PERCENTILE_KEYS) {
      let sum = 0;
      let count = 0;
      for (let k = -half; k <= half; k++) {
        const v = bins[(((i + k) % n) + n) % n]![key];
        if (v !== null) {
          sum += v;
          count++;
        }
      }
      out[key] = count ? sum / count : null;
    }
    return out;
  });
}

const DAY_MIN = 1440;

/** Clock label of a minute of the day ("3 AM", "15:00"), in the locale's style. */
function clockOfMinute(minute: number, locale: string): string {
  return dateTimeFormat(locale, 'UTC', { hour: 'numeric' }).format((minute % DAY_MIN) * 60_000);
}

/**
 * The AGP percentile chart over one day, midnight to midnight: the 5–95 % band with dashed
 * edges, the 25–75 % band, the median, the target band and the thresholds. Slots without
 * enough data leave a gap.
 *
 * Needs at least 5 days of readings to mean anything (IDC); the portal says so instead of drawing less.
 *
 * @example
 * const profile = agpProfile(readings, { timeZone });
 * <AgpChart profile={profile} unit="mmol/L" ranges={settings.ranges} locale={intlLocale(lang)} direction={dir} labels={labels.agp} />
 */
export function AgpChart(props: AgpChartProps) {
  const { profile, unit, ranges = DEFAULT_RANGES, width, height = 280, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const timeDirection = props.timeDirection ?? direction;
  const labels = { ...DEFAULT_AGP_CHART_LABELS, ...props.labels };
  const sortedBins = [...profile.bins].sort((a, b) => a.minuteOfDay - b.minuteOfDay);
  const bins = smoothAgpBins(sortedBins, profile.binMinutes, props.smoothingMinutes ?? 60);
  const last = bins[bins.length - 1];
  // The day wraps: the slot at 24:00 is also the one at 00:00.
  if (last && last.minuteOfDay === DAY_MIN && bins[0]?.minuteOfDay !== 0) bins.unshift({ ...last, minuteOfDay: 0 });
  const hasData = bins.some((b) => b.p50 !== null);
  const dataMax = Math.max(0, ...bins.map((b) => b.p95 ?? 0));
  const yMax = glucoseAxisMax(dataMax, unit, ranges);
  const fmt = (v: number | null) => (v === null ? labels.noData : `${formatGlucose(v, unit, locale)}`);
  const hourly = bins.filter((b) => b.minuteOfDay % 60 === 0 && b.minuteOfDay < DAY_MIN);
  const table = {
    caption: `${labels.title}. ${fillTemplate(labels.summary, { days: profile.days })} (${unit})`,
    columns: [labels.time, labels.p5, labels.p25, labels.median, labels.p75, labels.p95],
    rows: hourly.map((b) => [clockOfMinute(b.minuteOfDay, locale), fmt(b.p5), fmt(b.p25), fmt(b.p50), fmt(b.p75), fmt(b.p95)]),
  };
  const fewDays =
    profile.days > 0 && profile.days < AGP_MIN_DAYS ? (
      <p style={{ margin: '4px 0 0', fontFamily: theme.fontFamily, fontSize: theme.fontSize + 1, color: theme.text }}>
        {fillTemplate(labels.fewDays, { days: profile.days, minDays: AGP_MIN_DAYS })}
      </p>
    ) : null;

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} footer={fewDays} className="cgm-agp-chart">
      {(w) => {
        const axisSide = direction === 'rtl' ? 'right' : 'left';
        const top = 18;
        const bottom = 26;
        const plotHeight = Math.max(40, height - top - bottom);
        const y = scaleLinear<number>({ domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], range: [plotHeight, 0] });
        const yTicks = glucoseTicks({ ranges, unit, domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], pxPerMgdl: plotHeight / (yMax - GLUCOSE_AXIS_MIN_MGDL), minSpacingPx: theme.fontSize + 3 });
        const yLabelWidth = Math.max(estimateTextWidth(unit, theme.fontSize), ...yTicks.map((t) => estimateTextWidth(formatGlucose(t.mgdl, unit, locale), theme.fontSize))) + 8;
        const half = estimateTextWidth(clockOfMinute(720, locale), theme.fontSize) / 2 + 4;
        const endSide = timeDirection === 'rtl' ? 'left' : 'right';
        // Bold labels in wide fallback fonts run to ~0.8 em a glyph: measure generously, never clip.
        const percentileWidth = hasData ? Math.max(...[labels.p5, labels.p25, labels.median, labels.p75, labels.p95].map((l) => l.length * theme.fontSize * 0.8)) + 12 : 0;
        const side = (s: 'left' | 'right') => Math.max(half, 12, (axisSide === s ? yLabelWidth : 0) + (endSide === s ? percentileWidth : 0));
        const margin = { left: side('left'), right: side('right') };
        const plotWidth = Math.max(40, w - margin.left - margin.right);
        const x = scaleLinear<number>({ domain: [0, DAY_MIN], range: timeDirection === 'rtl' ? [plotWidth, 0] : [0, plotWidth] });
        const stepHours = plotWidth / (2 * half + 10) >= 8 ? 3 : 6;
        const tickMinutes = Array.from({ length: 24 / stepHours + 1 }, (_, i) => i * stepHours * 60);
        const xOf = (b: AgpBin) => x(b.minuteOfDay);
        const def = (key: 'p5' | 'p25' | 'p50' | 'p75' | 'p95') => (b: AgpBin) => b[key] !== null;
        const yOf = (key: 'p5' | 'p25' | 'p50' | 'p75' | 'p95') => (b: AgpBin) => y(b[key] ?? 0);
        return (
          <svg width={w} height={height} role="img" aria-label={`${labels.title}. ${fillTemplate(labels.summary, { days: profile.days })}`} style={chartSvgStyle(theme)}>
            <Group left={margin.left} top={top}>
              <TargetBand y={y} ranges={ranges} width={plotWidth} />
              {tickMinutes.map((m) => (
                <line key={m} x1={x(m)} x2={x(m)} y1={0} y2={plotHeight} stroke={m % DAY_MIN === 0 ? theme.axis : theme.grid} strokeDasharray={m % DAY_MIN === 0 ? undefined : '2 3'} />
              ))}
              <Area data={bins} x={xOf} y0={yOf('p5')} y1={yOf('p95')} defined={(b) => b.p5 !== null && b.p95 !== null} fill={AGP_COLORS.outerBand} />
              <Area data={bins} x={xOf} y0={yOf('p25')} y1={yOf('p75')} defined={(b) => b.p25 !== null && b.p75 !== null} fill={AGP_COLORS.innerBand} />
              <LinePath data={bins} x={xOf} y={yOf('p5')} defined={def('p5')} stroke={AGP_COLORS.outerLine} strokeWidth={1.25} strokeDasharray="4 3" fill="none" />
              <LinePath data={bins} x={xOf} y={yOf('p95')} defined={def('p95')} stroke={AGP_COLORS.outerLine} strokeWidth={1.25} strokeDasharray="4 3" fill="none" />
              <LinePath data={bins} x={xOf} y={yOf('p50')} defined={def('p50')} stroke={AGP_COLORS.casing} strokeWidth={5} strokeLinejoin="round" fill="none" />
              <LinePath data={bins} x={xOf} y={yOf('p50')} defined={def('p50')} stroke={AGP_COLORS.median} strokeWidth={2.5} strokeLinejoin="round" fill="none" className="cgm-agp-median" />
              <GlucoseAxis y={y} ticks={yTicks} unit={unit} locale={locale} theme={theme} side={axisSide} plotWidth={plotWidth} unitLabel={unit} outerPx={axisSide === 'left' ? margin.left : margin.right} />
              <AxisBottom
                scale={x}
                top={plotHeight}
                tickValues={tickMinutes}
                tickFormat={(m) => clockOfMinute(Number(m), locale)}
                stroke={theme.axis}
                tickStroke={theme.axis}
                tickLength={4}
                tickLabelProps={tickLabelProps(theme, 'middle')}
              />
              {hasData ? null : (
                <text x={plotWidth / 2} y={plotHeight / 2} textAnchor="middle" fill={theme.text} style={chartFont(theme, theme.fontSize + 2)}>
                  {labels.noData}
                </text>
              )}
              {hasData ? <PercentileLabels bins={bins} y={y} labels={labels} theme={theme} placement={percentileLabelPlacement({ plotWidth, timeDirection, axisSide, axisLabelWidth: yLabelWidth })} /> : null}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

/**
 * Where the percentile names go, in plot coordinates: just past the end of the day (the right
 * edge when time runs left to right), and past the glucose axis's tick labels when the axis is on
 * that same edge (a right-to-left page with time left to right), so they never overlap it.
 * `axisLabelWidth` is the room the chart keeps for those tick labels.
 */
export function percentileLabelPlacement(options: {
  plotWidth: number;
  timeDirection: 'ltr' | 'rtl';
  axisSide: 'left' | 'right';
  axisLabelWidth: number;
}): { x: number; anchor: 'start' | 'end' } {
  const { plotWidth, timeDirection, axisSide, axisLabelWidth } = options;
  const endSide = timeDirection === 'rtl' ? 'left' : 'right';
  const offset = 6 + (axisSide === endSide ? axisLabelWidth : 0);
  return endSide === 'right' ? { x: plotWidth + offset, anchor: 'start' } : { x: -offset, anchor: 'end' };
}

/** Percentile names at the end of the day, as on the AGP report, spread so they never overlap. */
function PercentileLabels({
  bins,
  y,
  labels,
  theme,
  placement,
}: {
  bins: AgpBin[];
  y: (v: number) => number;
  labels: AgpChartLabels;
  theme: ChartTheme;
  placement: { x: number; anchor: 'start' | 'end' };
}) {
  const lastDefined = [...bins].reverse().find((b) => b.p5 !== null && b.p95 !== null && b.p50 !== null && b.p25 !== null && b.p75 !== null);
  if (!lastDefined) return null;
  const keys = ['p95', 'p75', 'p50', 'p25', 'p5'] as const;
  const names = { p95: labels.p95, p75: labels.p75, p50: labels.median, p25: labels.p25, p5: labels.p5 };
  const gap = theme.fontSize + 3;
  const ys: number[] = [];
  for (const key of keys) {
    const want = y(lastDefined[key]!);
    ys.push(ys.length ? Math.max(want, ys[ys.length - 1]! + gap) : want);
  }
  return (
    <g className="cgm-agp-percentile-labels">
      {keys.map((key, i) => (
        <text key={key} x={placement.x} y={ys[i]! + 3} textAnchor={placement.anchor} fill={theme.text} stroke={theme.background} strokeWidth={3} paintOrder="stroke" style={chartFont(theme, theme.fontSize - 1, key === 'p50' ? 700 : 400)}>
          {names[key]}
        </text>
      ))}
    </g>
  );
}
