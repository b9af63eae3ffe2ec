import type { DailyProfile, GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import { AxisBottom } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { DateTime } from 'luxon';
import { GLUCOSE_RANGE_COLORS, glucoseRangeOf } from '../clinical';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { GLUCOSE_AXIS_MIN_MGDL, glucoseAxisMax, glucoseTicks } from '../internal/glucose-axis';
import { BoundMarks, GlucoseAxis, TargetBand } from '../internal/glucose-backdrop';
import type { BoundMark } from '../internal/series';
import { chartFont, tickLabelProps } from '../internal/text';
import { estimateTextWidth, formatLocalDate } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { clampToSensor, formatGlucose, isHi, isLo } from '../units';

/** One day of the multi-day trend, mg/dL. */
export interface DailyTrendPoint {
  /** Local date, yyyy-MM-dd. */
  date: string;
  /** The day's value (e.g. mean glucose); null for a day without data. */
  mgdl: number | null;
  /** Optional spread drawn as a whisker (e.g. the day's lowest and highest reading). */
  lowMgdl?: number | null;
  highMgdl?: number | null;
}

/** Daily mean with lowest/highest from glucose-metrics' dailyProfiles(). */
export function dailyTrendFromProfiles(profiles: readonly Pick<DailyProfile, 'date' | 'summary'>[]): DailyTrendPoint[] {
  return profiles.map((p) => ({ date: p.date, mgdl: p.summary.mean, lowMgdl: p.summary.min, highMgdl: p.summary.max }));
}

/** Text of the multi-day trend, already translated. */
export interface DailyTrendChartLabels {
  title: string;
  date: string;
  /** Name of the daily value, e.g. "Mean glucose". */
  value: string;
  lowest: string;
  highest: string;
  noData: string;
  lo: string;
  hi: string;
}

/** English defaults of the multi-day trend's labels. */
export const DEFAULT_DAILY_TREND_CHART_LABELS: Readonly<DailyTrendChartLabels> = Object.freeze({
  title: 'Daily glucose trend',
  date: 'Date',
  value: 'Mean glucose',
  lowest: 'Lowest',
  highest: 'Highest',
  noData: 'No data',
  lo: 'LO',
  hi: 'HI',
});

export interface DailyTrendChartProps {
  days: readonly DailyTrendPoint[];
  unit: GlucoseUnit;
  /** @default DEFAULT_RANGES */
  ranges?: GlucoseRanges;
  width?: number;
  /** @default 220 */
  height?: number;
  /** @default 'en' */
  locale?: string;
  /** @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  /** @default direction */
  timeDirection?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<DailyTrendChartLabels>;
  /** Static SVG for print (no hover state here; kept for a uniform API). */
  print?: boolean;
}

/** Every calendar date from the first to the last given, so missing days become gaps. */
function calendar(days: readonly DailyTrendPoint[]): DailyTrendPoint[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const byDate = new Map(sorted.map((d) => [d.date, d]));
  const out: DailyTrendPoint[] = [];
  let t = DateTime.fromISO(sorted[0]!.date, { zone: 'UTC' });
  const last = DateTime.fromISO(sorted[sorted.length - 1]!.date, { zone: 'UTC' });
  while (t <= last) {
    const date = t.toISODate()!;
    out.push(byDate.get(date) ?? { date, mgdl: null });
    t = t.plus({ days: 1 });
  }
  return out;
}

/** One value per day (e.g. mean glucose) over weeks or months, with the day's spread; days without data break the line. *
 * @example
 * <DailyTrendChart days={dailyStatistics(readings, { timeZone })} unit="mmol/L" locale={intlLocale(lang)} labels={labels.trend} />
 */
export function DailyTrendChart(props: DailyTrendChartProps) {
  const { unit, ranges = DEFAULT_RANGES, width, height = 220, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const timeDirection = props.timeDirection ?? direction;
  const labels = { ...DEFAULT_DAILY_TREND_CHART_LABELS, ...props.labels };
  const days = calendar(props.days);
  const fmt = (v: number | null | undefined) => (v == null ? labels.noData : isLo(v) ? labels.lo : isHi(v) ? labels.hi : formatGlucose(v, unit, locale));
  const dateLabel = (date: string) => formatLocalDate(date, locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const table = {
    caption: `${labels.title} (${unit})`,
    columns: [labels.date, labels.value, labels.lowest, labels.highest],
    rows: days.map((d) => [dateLabel(d.date), fmt(d.mgdl), fmt(d.lowMgdl), fmt(d.highMgdl)]),
  };
  const dataMax = Math.max(0, ...days.map((d) => clampToSensor(d.highMgdl ?? d.mgdl ?? 0)));
  const yMax = glucoseAxisMax(dataMax, unit, ranges);

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-daily-trend">
      {(w) => {
        const top = 18;
        const bottom = 26;
        const plotHeight = Math.max(40, height - top - bottom);
        const axisSide = direction === 'rtl' ? 'right' : 'left';
        const y = scaleLinear<number>({ domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], range: [plotHeight, 0] });
        const yTicks = glucoseTicks({ ranges, unit, domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], pxPerMgdl: plotHeight / (yMax - GLUCOSE_AXIS_MIN_MGDL), minSpacingPx: theme.fontSize + 3 });
        const yLabelWidth = Math.max(estimateTextWidth(unit, theme.fontSize), ...yTicks.map((t) => estimateTextWidth(formatGlucose(t.mgdl, unit, locale), theme.fontSize))) + 8;
        const tickText = (date: string) => formatLocalDate(date, locale, { day: 'numeric', month: 'short' });
        const half = estimateTextWidth(tickText('2026-12-28'), theme.fontSize) / 2 + 4;
        const margin = axisSide === 'left' ? { left: Math.max(yLabelWidth, half), right: Math.max(half, 12) } : { left: Math.max(half, 12), right: Math.max(yLabelWidth, half) };
        const plotWidth = Math.max(40, w - margin.left - margin.right);
        const n = Math.max(1, days.length);
        const x = scaleLinear<number>({ domain: [-0.5, n - 0.5], range: timeDirection === 'rtl' ? [plotWidth, 0] : [0, plotWidth] });
        const every = Math.max(1, Math.ceil((2 * half + 10) / (plotWidth / n)));
        const step = every <= 1 ? 1 : every <= 2 ? 2 : every <= 7 ? 7 : Math.ceil(every / 7) * 7;
        const tickIdx = days.map((_, i) => i).filter((i) => i % step === 0);
        const indexed = days.map((d, i) => ({ ...d, i }));
        const bounds: BoundMark[] = [];
        indexed.forEach((d) => {
          if (d.lowMgdl != null && isLo(d.lowMgdl)) bounds.push({ kind: 'lo', x0: x(d.i), x1: x(d.i), index: d.i });
          if (d.highMgdl != null && isHi(d.highMgdl)) bounds.push({ kind: 'hi', x0: x(d.i), x1: x(d.i), index: d.i });
        });
        const dotR = Math.max(2, Math.min(4, plotWidth / n / 4));
        return (
          <svg width={w} height={height} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <Group left={margin.left} top={top}>
              <TargetBand y={y} ranges={ranges} width={plotWidth} />
              <GlucoseAxis y={y} ticks={yTicks} unit={unit} locale={locale} theme={theme} side={axisSide} plotWidth={plotWidth} unitLabel={unit} outerPx={axisSide === 'left' ? margin.left : margin.right} />
              <AxisBottom
                scale={x}
                top={plotHeight}
                tickValues={tickIdx}
                tickFormat={(i) => (days[Number(i)] ? tickText(days[Number(i)]!.date) : '')}
                stroke={theme.axis}
                tickStroke={theme.axis}
                tickLength={4}
                tickLabelProps={tickLabelProps(theme, 'middle')}
              />
              {indexed.map((d) =>
                d.lowMgdl != null && d.highMgdl != null ? (
                  <line key={`w${d.i}`} x1={x(d.i)} x2={x(d.i)} y1={y(clampToSensor(d.lowMgdl))} y2={y(clampToSensor(d.highMgdl))} stroke={theme.axis} strokeWidth={1.5} strokeLinecap="round" />
                ) : null,
              )}
              <LinePath className="cgm-trend-line" data={indexed} x={(d) => x(d.i)} y={(d) => y(clampToSensor(d.mgdl ?? 0))} defined={(d) => d.mgdl !== null} stroke={theme.series} strokeWidth={2} fill="none" />
              {indexed.map((d) =>
                d.mgdl !== null ? (
                  <circle key={`d${d.i}`} cx={x(d.i)} cy={y(clampToSensor(d.mgdl))} r={dotR} fill={GLUCOSE_RANGE_COLORS[glucoseRangeOf(d.mgdl, ranges)]} stroke={theme.background} strokeWidth={1} />
                ) : null,
              )}
              <BoundMarks bounds={bounds} y={y} theme={theme} lo={labels.lo} hi={labels.hi} mergePx={0} compact={plotWidth / n < 24} />
              {days.some((d) => d.mgdl !== null) ? null : (
                <text x={plotWidth / 2} y={plotHeight / 2} textAnchor="middle" fill={theme.text} style={chartFont(theme, theme.fontSize + 2)}>
                  {labels.noData}
                </text>
              )}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}
