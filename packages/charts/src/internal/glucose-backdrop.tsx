import type { GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { GLUCOSE_RANGE_COLORS, TARGET_BAND_FILL } from '../clinical';
import type { ChartTheme } from '../theme';
import type { GlucoseUnit } from '../units';
import { formatGlucose } from '../units';
import type { GlucoseTick } from './glucose-axis';
import type { LinearScale } from './scales';
import type { BoundMark } from './series';
import { chartFont, tickLabelProps } from './text';
import type { TimeTick } from './time';

type Linear = LinearScale;

/** Target band between the low and high thresholds, with dashed threshold lines. */
export function TargetBand({ y, ranges, width, compact = false }: { y: Linear; ranges: GlucoseRanges; width: number; compact?: boolean }) {
  const top = y(ranges.high);
  const bottom = y(ranges.low);
  return (
    <g aria-hidden="true">
      <rect x={0} y={top} width={width} height={Math.max(0, bottom - top)} fill={TARGET_BAND_FILL} />
      <line x1={0} x2={width} y1={top} y2={top} stroke={GLUCOSE_RANGE_COLORS.high} strokeWidth={1} strokeDasharray="4 3" />
      <line x1={0} x2={width} y1={bottom} y2={bottom} stroke={GLUCOSE_RANGE_COLORS.low} strokeWidth={1} strokeDasharray="4 3" />
      {compact ? null : (
        <>
          <line x1={0} x2={width} y1={y(ranges.veryHigh)} y2={y(ranges.veryHigh)} stroke={GLUCOSE_RANGE_COLORS.veryHigh} strokeWidth={1} strokeDasharray="1 3" />
          <line x1={0} x2={width} y1={y(ranges.veryLow)} y2={y(ranges.veryLow)} stroke={GLUCOSE_RANGE_COLORS.veryLow} strokeWidth={1} strokeDasharray="1 3" />
        </>
      )}
    </g>
  );
}

/** Vertical gradient that colours a trace by range (hard stops at the thresholds). */
export function RangeGradient({ id, y, ranges }: { id: string; y: Linear; ranges: GlucoseRanges }) {
  const [d0, d1] = y.domain() as [number, number];
  const y1 = y(d1);
  const y2 = y(d0);
  const span = y2 - y1 || 1;
  const at = (mgdl: number) => Math.min(1, Math.max(0, (y(mgdl) - y1) / span));
  // From the top (high glucose) down.
  const bands: [string, number][] = [
    [GLUCOSE_RANGE_COLORS.veryHigh, at(ranges.veryHigh)],
    [GLUCOSE_RANGE_COLORS.high, at(ranges.high)],
    [GLUCOSE_RANGE_COLORS.target, at(ranges.low)],
    [GLUCOSE_RANGE_COLORS.low, at(ranges.veryLow)],
    [GLUCOSE_RANGE_COLORS.veryLow, 1],
  ];
  let previous = 0;
  const stops: { offset: number; color: string }[] = [];
  for (const [color, end] of bands) {
    stops.push({ offset: previous, color }, { offset: end, color });
    previous = end;
  }
  return (
    <linearGradient id={id} gradientUnits="userSpaceOnUse" x1={0} x2={0} y1={y1} y2={y2}>
      {stops.map((s, i) => (
        <stop key={i} offset={s.offset} stopColor={s.color} />
      ))}
    </linearGradient>
  );
}

/** Glucose axis with threshold ticks, on the left (ltr) or the right (rtl) of the plot. */
export function GlucoseAxis({
  y,
  ticks,
  unit,
  locale,
  theme,
  side,
  plotWidth,
  unitLabel,
  outerPx,
}: {
  /** Distance from the plot edge to the chart edge on the axis side; the unit label ends there. */
  outerPx?: number;
  y: Linear;
  ticks: GlucoseTick[];
  unit: GlucoseUnit;
  locale: string;
  theme: ChartTheme;
  side: 'left' | 'right';
  plotWidth: number;
  unitLabel?: string;
}) {
  const Axis = side === 'left' ? AxisLeft : AxisRight;
  const [, top] = y.range() as [number, number];
  return (
    <>
      <Axis
        scale={y}
        left={side === 'left' ? 0 : plotWidth}
        tickValues={ticks.map((t) => t.mgdl)}
        tickFormat={(v) => formatGlucose(Number(v), unit, locale)}
        stroke={theme.axis}
        tickStroke={theme.axis}
        tickLength={4}
        hideAxisLine
        tickLabelProps={(value) => {
          // A threshold's label may sit a little off its tick, clear of a close neighbour's (3.0 under 3.9).
          const shift = ticks.find((t) => t.mgdl === Number(value))?.labelDy ?? 0;
          return tickLabelProps(theme, side === 'left' ? 'end' : 'start', shift === 0 ? '0.33em' : `${(0.33 * theme.fontSize + shift).toFixed(1)}px`);
        }}
      />
      {unitLabel ? (
        <text
          x={outerPx === undefined ? (side === 'left' ? -6 : plotWidth + 6) : side === 'left' ? -outerPx + 2 : plotWidth + outerPx - 2}
          y={top - 8}
          textAnchor={outerPx === undefined ? (side === 'left' ? 'end' : 'start') : side === 'left' ? 'start' : 'end'}
          fill={theme.mutedText}
          style={chartFont(theme)}
        >
          {unitLabel}
        </text>
      ) : null}
    </>
  );
}

/** Time axis along the bottom, with vertical grid lines (stronger at local midnights). */
export function TimeAxis({
  x,
  ticks,
  plotHeight,
  theme,
}: {
  x: Linear;
  ticks: TimeTick[];
  plotHeight: number;
  theme: ChartTheme;
}) {
  const labels = new Map(ticks.map((t) => [t.time, t.label]));
  return (
    <>
      <g aria-hidden="true">
        {ticks.map((t) => (
          <line
            key={t.time}
            x1={x(t.time)}
            x2={x(t.time)}
            y1={0}
            y2={plotHeight}
            stroke={t.midnight ? theme.axis : theme.grid}
            strokeWidth={1}
            strokeDasharray={t.midnight ? undefined : '2 3'}
          />
        ))}
      </g>
      <AxisBottom
        scale={x}
        top={plotHeight}
        tickValues={ticks.map((t) => t.time)}
        tickFormat={(v) => labels.get(Number(v)) ?? ''}
        stroke={theme.axis}
        tickStroke={theme.axis}
        tickLength={4}
        tickLabelProps={tickLabelProps(theme, 'middle')}
      />
    </>
  );
}

/**
 * LO/HI marks: a triangle pointing off the sensor's span and the device's word, once per run
 * (runs closer than `mergePx` share one mark).
 */
export function BoundMarks({
  bounds,
  y,
  theme,
  lo,
  hi,
  mergePx = 28,
  compact = false,
}: {
  bounds: BoundMark[];
  y: Linear;
  theme: ChartTheme;
  lo: string;
  hi: string;
  mergePx?: number;
  compact?: boolean;
}) {
  const marks: BoundMark[] = [];
  for (const b of bounds) {
    const last = marks[marks.length - 1];
    const [b0, b1] = b.x0 <= b.x1 ? [b.x0, b.x1] : [b.x1, b.x0];
    if (last && last.kind === b.kind && b0 - Math.max(last.x0, last.x1) < mergePx) {
      last.x1 = Math.max(last.x1, b1);
      last.x0 = Math.min(last.x0, b0);
    } else marks.push({ ...b, x0: b0, x1: b1 });
  }
  const size = compact ? 4 : 5;
  return (
    <g aria-hidden="true">
      {marks.map((m, i) => {
        const isLo = m.kind === 'lo';
        const yb = y(isLo ? SENSOR_MIN_MGDL : SENSOR_MAX_MGDL);
        const color = isLo ? GLUCOSE_RANGE_COLORS.veryLow : GLUCOSE_RANGE_COLORS.veryHigh;
        const cx = (m.x0 + m.x1) / 2;
        // Triangle points away from the span: down under LO, up over HI.
        const tip = isLo ? yb + size * 1.6 : yb - size * 1.6;
        const base = isLo ? yb + 1 : yb - 1;
        return (
          <g key={i}>
            <line x1={m.x0} x2={m.x1} y1={yb} y2={yb} stroke={color} strokeWidth={3} strokeLinecap="round" />
            <path d={`M${cx - size},${base}L${cx + size},${base}L${cx},${tip}Z`} fill={color} stroke={theme.background} strokeWidth={0.75} />
            {compact ? null : (
              <text
                x={cx + size + 2}
                y={isLo ? tip : tip + theme.fontSize * 0.7}
                style={chartFont(theme, theme.fontSize - 1, 700)}
                fill={color}
                stroke={theme.background}
                strokeWidth={3}
                paintOrder="stroke"
              >
                {isLo ? lo : hi}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
