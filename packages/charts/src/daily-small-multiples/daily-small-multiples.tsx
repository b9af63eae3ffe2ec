import type { DailyProfile, GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { DEFAULT_RANGES, SENSOR_MAX_MGDL } from '@cgm-portal/glucose-metrics';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { useMemo } from 'react';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { GLUCOSE_AXIS_MIN_MGDL } from '../internal/glucose-axis';
import { BoundMarks, RangeGradient, TargetBand } from '../internal/glucose-backdrop';
import { toSeries, traceGeometry } from '../internal/series';
import { useSvgId } from '../internal/svg-id';
import { chartFont } from '../internal/text';
import { estimateTextWidth, formatLocalDate, MINUTE_MS } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { formatGlucose, isHi, isLo } from '../units';

/** One day of the small multiples: what glucose-metrics' dailyProfiles() gives. */
export type SmallMultipleDay = Pick<DailyProfile, 'date' | 'start' | 'end' | 'readings'>;

/** Text of the daily small multiples, already translated. */
export interface DailySmallMultiplesLabels {
  title: string;
  date: string;
  readings: string;
  lowest: string;
  highest: string;
  noData: string;
  lo: string;
  hi: string;
}

/** The day labels' forms, longest first: "Wed 25", then "W 25", then "25". */
const DAY_LABEL_FORMATS: readonly Intl.DateTimeFormatOptions[] = [{ weekday: 'short', day: 'numeric' }, { weekday: 'narrow', day: 'numeric' }, { day: 'numeric' }];

/**
 * The longest day-label form whose every label fits over its cell, so labels never run into
 * each other on a phone ("الأربعاء، 25" is wider than a seventh of 360 px). One form for all
 * the days, so the row reads evenly. Widths are estimates, taken 15 % generous for wide scripts.
 */
export function dayLabelFormat(dates: readonly string[], locale: string, cellWidth: number, widthOf: (text: string) => number): Intl.DateTimeFormatOptions {
  const fits = (format: Intl.DateTimeFormatOptions) => dates.every((date) => widthOf(formatLocalDate(date, locale, format)) * 1.15 <= cellWidth);
  return DAY_LABEL_FORMATS.find(fits) ?? DAY_LABEL_FORMATS[DAY_LABEL_FORMATS.length - 1]!;
}

/** English defaults of the daily small multiples' labels. */
export const DEFAULT_DAILY_SMALL_MULTIPLES_LABELS: Readonly<DailySmallMultiplesLabels> = Object.freeze({
  title: 'Daily glucose profiles',
  date: 'Date',
  readings: 'Readings',
  lowest: 'Lowest',
  highest: 'Highest',
  noData: 'No data',
  lo: 'LO',
  hi: 'HI',
});

export interface DailySmallMultiplesProps {
  /** Local days, oldest first (14 for the AGP report). */
  days: readonly SmallMultipleDay[];
  unit: GlucoseUnit;
  /** @default DEFAULT_RANGES */
  ranges?: GlucoseRanges;
  /** Days per row. @default 7 (one week per row: 14 days make two rows, as in the AGP report) */
  columns?: number;
  /** Height of one day's plot, px. @default 72 */
  cellHeight?: number;
  /** @default 5 */
  sensorIntervalMinutes?: number;
  /** @default 1.5 × sensorIntervalMinutes */
  maxGapMinutes?: number;
  width?: number;
  /** @default 'en' */
  locale?: string;
  /** @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  /** @default direction */
  timeDirection?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<DailySmallMultiplesLabels>;
  /** Static SVG for print (no hover state here; kept for a uniform API). */
  print?: boolean;
}

const HEADER = 16;
const ROW_GAP = 8;

/** One small glucose trace per day, a week per row, sharing one glucose scale; gaps break the line. *
 * Pass the days as glucose-metrics' dailyProfiles() cuts them in the member's time zone.
 *
 * @example
 * <DailySmallMultiples days={dailyProfiles(readings, { timeZone })} unit="mg/dL" locale="de" labels={labels.daily} />
 */
export function DailySmallMultiples(props: DailySmallMultiplesProps) {
  const { days, unit, ranges = DEFAULT_RANGES, columns = 7, cellHeight = 72, sensorIntervalMinutes = 5, width, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const timeDirection = props.timeDirection ?? direction;
  const maxGapMs = (props.maxGapMinutes ?? sensorIntervalMinutes * 1.5) * MINUTE_MS;
  const labels = { ...DEFAULT_DAILY_SMALL_MULTIPLES_LABELS, ...props.labels };
  const gradientId = useSvgId('multiples-range');
  const series = useMemo(() => days.map((d) => toSeries(d.readings)), [days]);
  const value = (v: number) => (isLo(v) ? labels.lo : isHi(v) ? labels.hi : formatGlucose(v, unit, locale));
  const table = {
    caption: `${labels.title} (${unit})`,
    columns: [labels.date, labels.readings, labels.lowest, labels.highest],
    rows: days.map((d) => {
      if (d.readings.length === 0) return [formatLocalDate(d.date, locale, { dateStyle: 'medium' }), '0', labels.noData, labels.noData];
      let lo = Infinity;
      let hi = -Infinity;
      for (const r of d.readings) {
        if (r.mgdl < lo) lo = r.mgdl;
        if (r.mgdl > hi) hi = r.mgdl;
      }
      return [formatLocalDate(d.date, locale, { dateStyle: 'medium' }), String(d.readings.length), value(lo), value(hi)];
    }),
  };
  const rowsCount = Math.max(1, Math.ceil(days.length / columns));
  const height = rowsCount * (HEADER + cellHeight + ROW_GAP);

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-daily-small-multiples">
      {(w) => {
        const rtl = direction === 'rtl';
        const axisW = Math.max(...[ranges.low, ranges.high].map((v) => estimateTextWidth(formatGlucose(v, unit, locale), theme.fontSize))) + 8;
        const gridW = w - axisW - 2;
        const cellW = gridW / columns;
        const plotW = cellW - 4;
        const dateFormat = dayLabelFormat(
          days.map((d) => d.date),
          locale,
          plotW,
          (text) => estimateTextWidth(text, theme.fontSize),
        );
        const dateText = (date: string) => formatLocalDate(date, locale, dateFormat);
        const y = scaleLinear<number>({ domain: [GLUCOSE_AXIS_MIN_MGDL, SENSOR_MAX_MGDL], range: [cellHeight, 0] });
        return (
          <svg width={w} height={height} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <defs>
              <RangeGradient id={gradientId} y={y} ranges={ranges} />
            </defs>
            {Array.from({ length: rowsCount }, (_, row) => {
              const rowY = row * (HEADER + cellHeight + ROW_GAP) + HEADER;
              // Anchored on the chart's outer edge on right-to-left pages so the label never clips.
              const axisX = rtl ? w - 2 : axisW - 4;
              return (
                <g key={`axis${row}`} aria-hidden="true">
                  {[ranges.low, ranges.high].map((v) => (
                    <text key={v} x={axisX} y={rowY + y(v)} dy="0.33em" textAnchor="end" fill={theme.text} style={chartFont(theme, theme.fontSize - 1)}>
                      {formatGlucose(v, unit, locale)}
                    </text>
                  ))}
                </g>
              );
            })}
            {days.map((day, k) => {
              const row = Math.floor(k / columns);
              const col = k % columns;
              // Days run the way time runs: right to left on mirrored pages.
              const visualCol = timeDirection === 'rtl' ? columns - 1 - col : col;
              const left = (rtl ? 0 : axisW) + visualCol * cellW + 2;
              const top = row * (HEADER + cellHeight + ROW_GAP);
              const x = scaleLinear<number>({ domain: [day.start, day.end], range: timeDirection === 'rtl' ? [plotW, 0] : [0, plotW] });
              const geometry = traceGeometry(series[k]!, { maxGapMs, from: day.start, to: day.end, x, y });
              return (
                <Group key={day.date} left={left} top={top}>
                  <text x={plotW / 2} y={HEADER - 4} textAnchor="middle" fill={theme.text} style={chartFont(theme)}>
                    {dateText(day.date)}
                  </text>
                  <Group top={HEADER}>
                    <rect width={plotW} height={cellHeight} fill={theme.background} stroke={theme.grid} />
                    <TargetBand y={y} ranges={ranges} width={plotW} compact />
                    <line x1={plotW / 2} x2={plotW / 2} y1={0} y2={cellHeight} stroke={theme.grid} strokeDasharray="2 3" />
                    <path className="cgm-day-trace" d={geometry.path} fill="none" stroke={`url(#${gradientId})`} strokeWidth={1.5} strokeLinejoin="round" />
                    {geometry.isolated.map((p) => (
                      <circle key={p.index} cx={p.x} cy={p.y} r={1.75} fill={theme.text} />
                    ))}
                    <BoundMarks bounds={geometry.bounds} y={y} theme={theme} lo={labels.lo} hi={labels.hi} compact />
                    {day.readings.length === 0 ? (
                      <text x={plotW / 2} y={cellHeight / 2} dy="0.33em" textAnchor="middle" fill={theme.mutedText} style={chartFont(theme, theme.fontSize - 1)}>
                        {labels.noData}
                      </text>
                    ) : null}
                  </Group>
                </Group>
              );
            })}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
