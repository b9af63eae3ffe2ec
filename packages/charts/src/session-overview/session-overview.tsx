import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { useSvgId } from '../internal/svg-id';
import { chartFont } from '../internal/text';
import { estimateTextWidth, formatDateTime, timeTicks } from '../internal/time';
import { TimeAxis } from '../internal/glucose-backdrop';
import type { ChartTheme } from '../theme';
import { defaultChartTheme } from '../theme';

/** State of a sensor session (spec §4 "Sensor states"). */
export type SensorSessionStatus = 'initializing' | 'active' | 'expired' | 'ended';

/** One sensor wear. */
export interface SensorSession {
  id: string;
  /** Already-formatted name, e.g. the sensor serial number. */
  label?: string;
  /** Insertion, epoch ms. */
  start: number;
  /** End of the warm-up (initializing) period, epoch ms. */
  warmupEnd?: number;
  /** End of the session, epoch ms; null while it is still running. */
  end: number | null;
  status: SensorSessionStatus;
}

/** Text of the session overview, already translated. */
export interface SessionOverviewLabels {
  title: string;
  session: string;
  start: string;
  end: string;
  status: string;
  ongoing: string;
  initializing: string;
  active: string;
  expired: string;
  ended: string;
}

/** English defaults of the session overview's labels. */
export const DEFAULT_SESSION_OVERVIEW_LABELS: Readonly<SessionOverviewLabels> = Object.freeze({
  title: 'Sensor sessions',
  session: 'Sensor',
  start: 'Start',
  end: 'End',
  status: 'Status',
  ongoing: 'Ongoing',
  initializing: 'Initializing',
  active: 'Active',
  expired: 'Expired',
  ended: 'Ended',
});

export interface SessionOverviewProps {
  sessions: readonly SensorSession[];
  /** Window shown, epoch ms. */
  start: number;
  end: number;
  /** Where running sessions stop being drawn. @default end */
  now?: number;
  timeZone: string;
  width?: number;
  /** @default 'en' */
  locale?: string;
  /** @default 'ltr' */
  direction?: 'ltr' | 'rtl';
  /** @default direction */
  timeDirection?: 'ltr' | 'rtl';
  theme?: ChartTheme;
  labels?: Partial<SessionOverviewLabels>;
  /** Static SVG for print (this chart has no hover state; kept for a uniform API). */
  print?: boolean;
}

const LANE = 36;
const BAR = 14;
const TOP = 6;
const AXIS = 26;

/** Sensor sessions on a time line: warm-up hatched, wear solid, expired sessions crossed at the end. */
export function SessionOverview(props: SessionOverviewProps) {
  const { sessions, start, end, timeZone, width, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const now = props.now ?? end;
  const timeDirection = props.timeDirection ?? direction;
  const labels = { ...DEFAULT_SESSION_OVERVIEW_LABELS, ...props.labels };
  const hatchId = useSvgId('session-hatch');
  const sorted = [...sessions].sort((a, b) => a.start - b.start);
  const statusText = (s: SensorSession) => labels[s.status];
  const labelOf = (s: SensorSession) => `${s.label ?? s.id} · ${statusText(s)}`;
  /** Greedy lanes: a session goes on the first lane where neither its bar nor its label touches another. */
  /** Left edge of a session's label: over the bar's start, kept inside the plot. */
  const labelLeft = (startX: number, textW: number, plotWidth: number) =>
    Math.min(Math.max(0, timeDirection === 'rtl' ? startX - textW : startX), plotWidth - textW);
  const layout = (x: (t: number) => number, fontSize: number, plotWidth: number) => {
    const occupied: [number, number][][] = [];
    const lanes = sorted.map((s) => {
      const a = x(s.start);
      const b = x(s.end ?? now);
      const textW = estimateTextWidth(labelOf(s), fontSize);
      const l0 = labelLeft(a, textW, plotWidth);
      const extent: [number, number] = [Math.min(a, b, l0) - 8, Math.max(a, b, l0 + textW) + 8];
      let lane = occupied.findIndex((spans) => spans.every(([l, r]) => extent[1] <= l || extent[0] >= r));
      if (lane < 0) lane = occupied.push([]) - 1;
      occupied[lane]!.push(extent);
      return lane;
    });
    return { lanes, laneCount: Math.max(1, occupied.length) };
  };
  const table = {
    caption: labels.title,
    columns: [labels.session, labels.start, labels.end, labels.status],
    rows: sorted.map((s) => [
      s.label ?? s.id,
      formatDateTime(s.start, locale, timeZone),
      s.end === null ? labels.ongoing : formatDateTime(s.end, locale, timeZone),
      statusText(s),
    ]),
  };
  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-session-overview">
      {(w) => {
        const ticksRough = timeTicks(start, end, { timeZone, locale, maxTicks: Math.floor(w / 80) });
        const half = Math.max(0, ...ticksRough.map((t) => estimateTextWidth(t.label, theme.fontSize))) / 2 + 6;
        const plotWidth = Math.max(40, w - 2 * half);
        const x = scaleLinear<number>({ domain: [start, end], range: timeDirection === 'rtl' ? [plotWidth, 0] : [0, plotWidth], clamp: true });
        const ticks = timeTicks(start, end, { timeZone, locale, maxTicks: Math.floor(plotWidth / (2 * half + 12)) });
        const span = (a: number, b: number) => ({ x: Math.min(x(a), x(b)), w: Math.abs(x(b) - x(a)) });
        const { lanes, laneCount } = layout(x, theme.fontSize, plotWidth);
        const height = TOP + laneCount * LANE + AXIS;
        return (
          <svg width={w} height={height} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <defs>
              <pattern id={hatchId} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill={theme.background} />
                <line x1={0} y1={0} x2={0} y2={6} stroke={theme.series} strokeWidth={3} />
              </pattern>
            </defs>
            <Group left={half} top={TOP}>
              <TimeAxis x={x} ticks={ticks} plotHeight={laneCount * LANE} theme={theme} />
              {sorted.map((s, k) => {
                const laneY = lanes[k]! * LANE;
                const stop = s.end ?? now;
                const warm = s.status === 'initializing' ? stop : Math.min(s.warmupEnd ?? s.start, stop);
                const barY = laneY + LANE - BAR - 4;
                const warmSpan = span(s.start, warm);
                const wearSpan = span(warm, stop);
                const endX = x(stop);
                const text = labelOf(s);
                const textW = estimateTextWidth(text, theme.fontSize);
                const textX = labelLeft(x(s.start), textW, plotWidth);
                return (
                  <g key={s.id}>
                    {wearSpan.w > 0 ? <rect x={wearSpan.x} y={barY} width={wearSpan.w} height={BAR} fill={theme.series} rx={2} /> : null}
                    {warmSpan.w > 0 ? (
                      <rect x={warmSpan.x} y={barY} width={Math.max(2, warmSpan.w)} height={BAR} fill={`url(#${hatchId})`} stroke={theme.series} strokeWidth={1} rx={2} />
                    ) : null}
                    {s.status === 'expired' ? (
                      <g transform={`translate(${endX},${barY + BAR / 2})`}>
                        <circle r={8} fill={theme.background} stroke={theme.text} strokeWidth={1.5} />
                        <path d="M-4,-4L4,4M4,-4L-4,4" stroke={theme.text} strokeWidth={2} strokeLinecap="round" />
                      </g>
                    ) : null}
                    {s.end === null ? (
                      <path
                        d={timeDirection === 'rtl' ? `M${endX},${barY - 2}l-7,${BAR / 2 + 2}l7,${BAR / 2 + 2}Z` : `M${endX},${barY - 2}l7,${BAR / 2 + 2}l-7,${BAR / 2 + 2}Z`}
                        fill={theme.series}
                      />
                    ) : null}
                    <text x={textX} y={barY - 5} fill={theme.text} style={chartFont(theme)}>
                      {text}
                    </text>
                  </g>
                );
              })}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}
