import type { GlucoseRanges, ReadingsInput } from '@cgm-portal/glucose-metrics';
import { DEFAULT_RANGES } from '@cgm-portal/glucose-metrics';
import { localPoint } from '@visx/event';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { GLUCOSE_RANGE_COLORS, glucoseRangeOf } from '../clinical';
import type { GlucoseChartEvent, GlucoseEventType } from '../event-markers/event-markers';
import { DEFAULT_EVENT_LABELS, EVENT_TYPES, EventGlyph, EventLegend } from '../event-markers/event-markers';
import type { DataTableSpec } from '../internal/chart-frame';
import { ChartFrame, chartSvgStyle, visuallyHidden } from '../internal/chart-frame';
import { GLUCOSE_AXIS_MIN_MGDL, glucoseAxisMax, glucoseTicks } from '../internal/glucose-axis';
import { BoundMarks, GlucoseAxis, RangeGradient, TargetBand, TimeAxis } from '../internal/glucose-backdrop';
import type { Series } from '../internal/series';
import { lowerBound, toSeries, traceGeometry } from '../internal/series';
import { useSvgId } from '../internal/svg-id';
import { chartFont, fillTemplate } from '../internal/text';
import { estimateTextWidth, formatClock, formatDateTime, MINUTE_MS, timeTicks } from '../internal/time';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { clampToSensor, formatGlucose, isHi, isLo } from '../units';

/** Text of the glucose trace, already translated. */
export interface GlucoseTraceLabels {
  /** Accessible name of the chart. */
  title: string;
  /** Screen-reader summary; placeholders {count}, {gaps}, {start}, {end}. */
  summary: string;
  /** Said when the chart gets keyboard focus. */
  keyboardHint: string;
  time: string;
  lowest: string;
  highest: string;
  readings: string;
  /** Device word for readings under the sensor's span. */
  lo: string;
  /** Device word for readings over the sensor's span. */
  hi: string;
  noData: string;
  /** Caption of the events table. */
  eventsCaption: string;
  event: string;
  detail: string;
  events: Record<GlucoseEventType, string>;
}

/** English defaults of the glucose trace's labels. */
export const DEFAULT_GLUCOSE_TRACE_LABELS: Readonly<GlucoseTraceLabels> = Object.freeze({
  title: 'Glucose trace',
  summary: '{count} readings from {start} to {end}; {gaps} gaps without sensor data.',
  keyboardHint: 'Use the arrow keys to move between readings.',
  time: 'Time',
  lowest: 'Lowest',
  highest: 'Highest',
  readings: 'Readings',
  lo: 'LO',
  hi: 'HI',
  noData: 'No sensor data',
  eventsCaption: 'Events',
  event: 'Event',
  detail: 'Detail',
  events: DEFAULT_EVENT_LABELS,
});

export interface GlucoseTraceProps {
  /** Time-sorted readings in mg/dL; may extend beyond the window. */
  readings: ReadingsInput;
  /** Start of the window, epoch ms (e.g. now − 4 h, or a day's local midnight). */
  start: number;
  /** End of the window, epoch ms. */
  end: number;
  unit: GlucoseUnit;
  /** IANA zone the axis is cut in (the member's, not the browser's). */
  timeZone: string;
  /** @default DEFAULT_RANGES (54/70/180/250 mg/dL) */
  ranges?: GlucoseRanges;
  events?: readonly GlucoseChartEvent[];
  /** Nominal sensor interval. @default 5 */
  sensorIntervalMinutes?: number;
  /** A longer silence between readings breaks the line. @default 1.5 × sensorIntervalMinutes */
  maxGapMinutes?: number;
  /** Fixed width in px; without it the chart fills its container. */
  width?: number;
  /** @default 260 */
  height?: number;
  /** BCP 47 locale for numbers and times. @default 'en' */
  locale?: string;
  /** Page direction. @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  /** Which way time runs. @default the page direction (right-to-left pages mirror the time axis) */
  timeDirection?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<GlucoseTraceLabels>;
  /** Static SVG for print/PDF: no hover, no focus, no tooltip. */
  print?: boolean;
}

type Active = { kind: 'reading'; index: number } | { kind: 'gap'; time: number };

const EVENT_STRIP = 16;
const EVENT_SIZE = 12;
/** Rows of event markers before they are allowed to overlap. */
const MAX_EVENT_ROWS = 3;

/** Row of each event so markers closer than `minPx` go on the next row (events sorted by time). */
function stackEvents(events: readonly GlucoseChartEvent[], px: (time: number) => number, minPx: number): number[] {
  const rowEnds: number[] = [];
  return events.map((e) => {
    const at = px(e.time);
    let row = rowEnds.findIndex((endPx) => Math.abs(at - endPx) >= minPx);
    if (row < 0) row = rowEnds.length < MAX_EVENT_ROWS ? rowEnds.length : MAX_EVENT_ROWS - 1;
    rowEnds[row] = at;
    return row;
  });
}
const TOP_PAD = 18;
const BOTTOM_AXIS = 26;

/** Candidate bin sizes of the data table, minutes. */
const TABLE_BINS = [5, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080];
const TABLE_MAX_ROWS = 100;

function traceTable(series: Series, i0: number, i1: number, start: number, end: number, p: TableParams): DataTableSpec {
  const { labels, unit, locale, timeZone } = p;
  const binMinutes = TABLE_BINS.find((b) => (end - start) / (b * MINUTE_MS) <= TABLE_MAX_ROWS) ?? 10080;
  const binMs = binMinutes * MINUTE_MS;
  const value = (mgdl: number) => (isLo(mgdl) ? labels.lo : isHi(mgdl) ? labels.hi : `${formatGlucose(mgdl, unit, locale)} ${unit}`);
  const rows: string[][] = [];
  let i = i0;
  for (let t = start; t < end; t += binMs) {
    let lo = Infinity;
    let hi = -Infinity;
    let n = 0;
    while (i < i1 && series.time[i]! < t + binMs) {
      const v = series.mgdl[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      n++;
      i++;
    }
    const when = binMinutes >= 1440 || end - start > 36 * 60 * MINUTE_MS ? formatDateTime(t, locale, timeZone) : formatClock(t, locale, timeZone);
    rows.push(n === 0 ? [when, labels.noData, labels.noData, '0'] : [when, value(lo), value(hi), String(n)]);
  }
  return { caption: labels.title, columns: [labels.time, labels.lowest, labels.highest, labels.readings], rows };
}

interface TableParams {
  labels: GlucoseTraceLabels;
  unit: GlucoseUnit;
  locale: string;
  timeZone: string;
}

/**
 * Glucose over a time window (4, 8, 12, 24 h or a whole day) with the target band, the
 * thresholds, event markers and a hover/keyboard tooltip. Gaps longer than the sensor interval
 * break the line; LO/HI readings sit on the sensor bounds and are marked.
 *
 * Words come in `labels` (translated by the caller), numbers and times follow `locale` and `timeZone`.
 *
 * @example
 * <GlucoseTrace readings={readings} start={now - 24 * HOUR} end={now} unit="mmol/L" timeZone="Europe/Paris" ranges={ranges} events={events} locale="fr" />
 */
export function GlucoseTrace(props: GlucoseTraceProps) {
  const {
    readings,
    start,
    end,
    unit,
    timeZone,
    ranges = DEFAULT_RANGES,
    events = [],
    sensorIntervalMinutes = 5,
    width,
    height = 260,
    locale = 'en',
    direction = 'ltr',
    theme = defaultChartTheme,
    print = false,
  } = props;
  const timeDirection = props.timeDirection ?? direction;
  const maxGapMs = (props.maxGapMinutes ?? sensorIntervalMinutes * 1.5) * MINUTE_MS;
  const labels = { ...DEFAULT_GLUCOSE_TRACE_LABELS, ...props.labels };
  const series = useMemo(() => toSeries(readings), [readings]);
  const i0 = lowerBound(series.time, start);
  const i1 = lowerBound(series.time, end + 1);

  // A printed page is not read by a screen reader; its hidden table was most of a long
  // report's size and print time (90 all-day traces of ~100 rows each).
  const table = useMemo(() => {
    if (print) return null;
    const gaps = countGaps(series, i0, i1, maxGapMs, start, end);
    const summary = fillTemplate(labels.summary, {
      count: i1 - i0,
      gaps,
      start: formatDateTime(start, locale, timeZone),
      end: formatDateTime(end, locale, timeZone),
    });
    const main = traceTable(series, i0, i1, start, end, { labels: { ...labels, title: `${labels.title}. ${summary}` }, unit, locale, timeZone });
    const inWindow = events.filter((e) => e.time >= start && e.time <= end);
    const eventTable: DataTableSpec | null = inWindow.length
      ? {
          caption: labels.eventsCaption,
          columns: [labels.time, labels.event, labels.detail],
          rows: inWindow.map((e) => [formatDateTime(e.time, locale, timeZone), labels.events[e.type], e.detail ?? '']),
        }
      : null;
    return eventTable ? [main, eventTable] : main;
    // labels is rebuilt each render from props.labels; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [print, series, i0, i1, maxGapMs, start, end, unit, locale, timeZone, events, JSON.stringify(props.labels)]);

  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-glucose-trace"
      footer={<EventLegend types={EVENT_TYPES.filter((t) => events.some((e) => e.type === t && e.time >= start && e.time <= end))} labels={labels.events} theme={theme} />}
    >
      {(w) => (
        <TracePlot
          {...props}
          series={series}
          i0={i0}
          i1={i1}
          width={w}
          height={height}
          ranges={ranges}
          events={events}
          locale={locale}
          direction={direction}
          timeDirection={timeDirection}
          theme={theme}
          labels={labels}
          maxGapMs={maxGapMs}
          print={print}
        />
      )}
    </ChartFrame>
  );
}

function countGaps(series: Series, i0: number, i1: number, maxGapMs: number, start: number, end: number): number {
  let gaps = 0;
  if (i1 === i0) return end > start ? 1 : 0;
  if (series.time[i0]! - start > maxGapMs) gaps++;
  for (let i = i0 + 1; i < i1; i++) if (series.time[i]! - series.time[i - 1]! > maxGapMs) gaps++;
  if (end - series.time[i1 - 1]! > maxGapMs) gaps++;
  return gaps;
}

interface TracePlotProps extends Omit<GlucoseTraceProps, 'labels' | 'width' | 'height'> {
  series: Series;
  i0: number;
  i1: number;
  width: number;
  height: number;
  ranges: GlucoseRanges;
  events: readonly GlucoseChartEvent[];
  locale: string;
  direction: 'ltr' | 'rtl';
  timeDirection: 'ltr' | 'rtl';
  theme: ChartTheme;
  labels: GlucoseTraceLabels;
  maxGapMs: number;
  print: boolean;
}

function TracePlot(p: TracePlotProps) {
  const { series, i0, i1, start, end, unit, timeZone, ranges, events, locale, direction, timeDirection, theme, labels, maxGapMs, print } = p;
  const gradientId = useSvgId('trace-range');
  const clipId = useSvgId('trace-clip');
  const svgRef = useRef<SVGSVGElement>(null);
  const [active, setActive] = useState<Active | null>(null);

  const dataMax = useMemo(() => {
    let max = 0;
    for (let i = i0; i < i1; i++) if (series.mgdl[i]! > max) max = series.mgdl[i]!;
    return max;
  }, [series, i0, i1]);
  const yMax = glucoseAxisMax(clampToSensor(dataMax), unit, ranges);

  const visibleEvents = events.filter((e) => e.time >= start && e.time <= end).sort((a, b) => a.time - b.time);
  const eventRows = visibleEvents.length ? Math.min(MAX_EVENT_ROWS, 1 + Math.max(0, ...stackEvents(visibleEvents, (t) => ((t - start) / (end - start || 1)) * Math.max(40, p.width - 80), EVENT_SIZE + 2))) : 0;
  const top = TOP_PAD + eventRows * EVENT_STRIP;
  const plotHeight = Math.max(40, p.height - top - BOTTOM_AXIS);
  const y = scaleLinear<number>({ domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], range: [plotHeight, 0] });
  const yTicks = glucoseTicks({ ranges, unit, domain: [GLUCOSE_AXIS_MIN_MGDL, yMax], pxPerMgdl: plotHeight / (yMax - GLUCOSE_AXIS_MIN_MGDL), minSpacingPx: theme.fontSize + 3 });
  const yLabelWidth = Math.max(estimateTextWidth(unit, theme.fontSize), ...yTicks.map((t) => estimateTextWidth(formatGlucose(t.mgdl, unit, locale), theme.fontSize))) + 8;

  // Time ticks need the plot width, which needs the label width: estimate with a first pass.
  const roughTicks = timeTicks(start, end, { timeZone, locale, maxTicks: Math.floor((p.width - yLabelWidth) / 70) });
  const halfLabel = Math.max(0, ...roughTicks.map((t) => estimateTextWidth(t.label, theme.fontSize))) / 2 + 4;
  const axisSide = direction === 'rtl' ? 'right' : 'left';
  const margin = axisSide === 'left' ? { left: Math.max(yLabelWidth, halfLabel), right: Math.max(12, halfLabel) } : { left: Math.max(12, halfLabel), right: Math.max(yLabelWidth, halfLabel) };
  const plotWidth = Math.max(40, p.width - margin.left - margin.right);
  const x = scaleLinear<number>({ domain: [start, end], range: timeDirection === 'rtl' ? [plotWidth, 0] : [0, plotWidth] });
  const ticks = timeTicks(start, end, { timeZone, locale, maxTicks: Math.floor(plotWidth / (halfLabel * 2 + 16)) });

  // Hover re-renders the plot; the geometry only changes with the data, window and size.
  const geometry = useMemo(
    () => traceGeometry(series, { maxGapMs, from: start, to: end, x, y }),
    // x and y are rebuilt every render from exactly these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series, maxGapMs, start, end, plotWidth, plotHeight, yMax, timeDirection],
  );
  const eventRowOf = stackEvents(visibleEvents, (t) => Math.abs(x(t)), EVENT_SIZE + 2);
  const showDots = i1 - i0 > 0 && i1 - i0 <= plotWidth / 6;

  const value = (mgdl: number) => (isLo(mgdl) ? labels.lo : isHi(mgdl) ? labels.hi : `${formatGlucose(mgdl, unit, locale)} ${unit}`);
  const activeText =
    active?.kind === 'reading'
      ? `${formatDateTime(series.time[active.index]!, locale, timeZone)}: ${value(series.mgdl[active.index]!)}`
      : active?.kind === 'gap'
        ? `${formatDateTime(active.time, locale, timeZone)}: ${labels.noData}`
        : '';

  const nearest = (t: number): Active | null => {
    if (i1 === i0) return { kind: 'gap', time: t };
    let i = lowerBound(series.time, t, i0, i1);
    if (i >= i1) i = i1 - 1;
    if (i > i0 && Math.abs(series.time[i - 1]! - t) < Math.abs(series.time[i]! - t)) i--;
    // Inside a gap the tooltip says so instead of snapping to a reading far away.
    return Math.abs(series.time[i]! - t) > maxGapMs / 2 ? { kind: 'gap', time: t } : { kind: 'reading', index: i };
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const point = svgRef.current ? localPoint(svgRef.current, event) : null;
    if (!point) return;
    const px = point.x - margin.left;
    if (px < 0 || px > plotWidth) return setActive(null);
    setActive(nearest(x.invert(px)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (i1 === i0) return;
    const forward = timeDirection === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = timeDirection === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const current = active?.kind === 'reading' ? active.index : null;
    let next: number | null = null;
    if (event.key === forward) next = current === null ? i0 : Math.min(i1 - 1, current + 1);
    else if (event.key === back) next = current === null ? i1 - 1 : Math.max(i0, current - 1);
    else if (event.key === 'PageDown') next = Math.min(i1 - 1, (current ?? i0) + 12);
    else if (event.key === 'PageUp') next = Math.max(i0, (current ?? i1 - 1) - 12);
    else if (event.key === 'Home') next = i0;
    else if (event.key === 'End') next = i1 - 1;
    else if (event.key === 'Escape') return setActive(null);
    if (next === null) return;
    event.preventDefault();
    setActive({ kind: 'reading', index: next });
  };

  const svg = (
    <svg
      ref={svgRef}
      width={p.width}
      height={p.height}
      role="group"
      aria-label={labels.title}
      style={chartSvgStyle(theme, { touchAction: 'pan-y' })}
      onPointerMove={print ? undefined : onPointerMove}
      onPointerLeave={print ? undefined : () => setActive(null)}
    >
      <defs>
        <RangeGradient id={gradientId} y={y} ranges={ranges} />
        <clipPath id={clipId}>
          <rect x={-2} y={-4} width={plotWidth + 4} height={plotHeight + 8} />
        </clipPath>
      </defs>
      <Group left={margin.left} top={top} aria-hidden="true">
        <TargetBand y={y} ranges={ranges} width={plotWidth} />
        <TimeAxis x={x} ticks={ticks} plotHeight={plotHeight} theme={theme} />
        <GlucoseAxis y={y} ticks={yTicks} unit={unit} locale={locale} theme={theme} side={axisSide} plotWidth={plotWidth} unitLabel={unit} outerPx={axisSide === 'left' ? margin.left : margin.right} />
        <g clipPath={`url(#${clipId})`}>
          <path d={geometry.path} fill="none" stroke={`url(#${gradientId})`} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
          {geometry.isolated.map((pt) => (
            <circle key={pt.index} cx={pt.x} cy={pt.y} r={2.5} fill={GLUCOSE_RANGE_COLORS[glucoseRangeOf(clampToSensor(series.mgdl[pt.index]!), ranges)]} />
          ))}
          {showDots ? <ReadingDots series={series} i0={i0} i1={i1} x={x} y={y} ranges={ranges} theme={theme} /> : null}
        </g>
        <BoundMarks bounds={geometry.bounds} y={y} theme={theme} lo={labels.lo} hi={labels.hi} />
      </Group>
      <Group left={margin.left} top={TOP_PAD + EVENT_STRIP / 2}>
        {visibleEvents.map((e, k) => (
          <EventGlyph
            key={`${e.time}-${k}`}
            type={e.type}
            x={x(e.time)}
            y={Math.min(eventRows - 1, eventRowOf[k]!) * EVENT_STRIP}
            size={EVENT_SIZE}
            theme={theme}
            label={`${labels.events[e.type]}, ${formatDateTime(e.time, locale, timeZone)}${e.detail ? `, ${e.detail}` : ''}`}
          />
        ))}
      </Group>
      {!print && active ? (
        <Group left={margin.left} top={top} aria-hidden="true">
          <Tooltip active={active} series={series} x={x} y={y} plotWidth={plotWidth} plotHeight={plotHeight} theme={theme} unit={unit} locale={locale} timeZone={timeZone} labels={labels} />
        </Group>
      ) : null}
    </svg>
  );

  if (print) return svg;
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={`${labels.title}. ${labels.keyboardHint}`}
      onKeyDown={onKeyDown}
      onBlur={() => setActive(null)}
      style={{ outlineColor: theme.accent, borderRadius: 2 }}
    >
      {svg}
      <div aria-live="polite" style={visuallyHidden}>
        {activeText}
      </div>
    </div>
  );
}

function ReadingDots({ series, i0, i1, x, y, ranges, theme }: { series: Series; i0: number; i1: number; x: (t: number) => number; y: (v: number) => number; ranges: GlucoseRanges; theme: ChartTheme }) {
  const dots = [];
  for (let i = i0; i < i1; i++) {
    const v = clampToSensor(series.mgdl[i]!);
    dots.push(<circle key={i} cx={x(series.time[i]!)} cy={y(v)} r={2.5} fill={GLUCOSE_RANGE_COLORS[glucoseRangeOf(v, ranges)]} stroke={theme.background} strokeWidth={0.75} />);
  }
  return <g>{dots}</g>;
}

function Tooltip({
  active,
  series,
  x,
  y,
  plotWidth,
  plotHeight,
  theme,
  unit,
  locale,
  timeZone,
  labels,
}: {
  active: Active;
  series: Series;
  x: (t: number) => number;
  y: (v: number) => number;
  plotWidth: number;
  plotHeight: number;
  theme: ChartTheme;
  unit: GlucoseUnit;
  locale: string;
  timeZone: string;
  labels: GlucoseTraceLabels;
}) {
  const time = active.kind === 'reading' ? series.time[active.index]! : active.time;
  const mgdl = active.kind === 'reading' ? series.mgdl[active.index]! : null;
  const cx = x(time);
  const cy = mgdl === null ? plotHeight / 2 : y(clampToSensor(mgdl));
  const line1 = mgdl === null ? labels.noData : isLo(mgdl) ? labels.lo : isHi(mgdl) ? labels.hi : `${formatGlucose(mgdl, unit, locale)} ${unit}`;
  const line2 = formatDateTime(time, locale, timeZone);
  const boxW = Math.max(estimateTextWidth(line1, theme.fontSize + 1), estimateTextWidth(line2, theme.fontSize)) + 16;
  const boxH = theme.fontSize * 2 + 18;
  const left = cx + 10 + boxW > plotWidth ? cx - 10 - boxW : cx + 10;
  const topY = Math.min(Math.max(0, cy - boxH / 2), plotHeight - boxH);
  return (
    <g style={{ pointerEvents: 'none' }}>
      <line x1={cx} x2={cx} y1={0} y2={plotHeight} stroke={theme.accent} strokeWidth={1} />
      {mgdl !== null ? <circle cx={cx} cy={cy} r={4.5} fill={theme.background} stroke={theme.accent} strokeWidth={2} /> : null}
      <rect x={left} y={topY} width={boxW} height={boxH} rx={4} fill={theme.tooltipBackground} opacity={0.95} />
      <text x={left + 8} y={topY + theme.fontSize + 6} fill={theme.tooltipText} style={chartFont(theme, theme.fontSize + 1, 700)}>
        {line1}
      </text>
      <text x={left + 8} y={topY + theme.fontSize * 2 + 11} fill={theme.tooltipText} style={chartFont(theme)}>
        {line2}
      </text>
    </g>
  );
}
