import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { ChartFrame, chartSvgStyle } from '../internal/chart-frame';
import { useSvgId } from '../internal/svg-id';
import { chartFont } from '../internal/text';
import { estimateTextWidth, formatDateTime, timeTicks, type TimeTick } from '../internal/time';
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
  /** Shown when no session overlaps the window. */
  empty: string;
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
  empty: 'No sensor session in this period',
});

/** Props of SessionOverview. */
export interface SessionOverviewProps {
  sessions: readonly SensorSession[];
  /** Window shown, epoch ms. Sessions wholly outside it are left out; those crossing an edge are cut there. */
  start: number;
  end: number;
  /** Where running sessions stop being drawn. @default end */
  now?: number;
  timeZone: string;
  width?: number;
  /** BCP 47 locale of dates and times (the portal's formatting table). @default 'en' */
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

/** A session as one row of the timeline: its drawn span inside the window. */
export interface SessionTimelineRow {
  session: SensorSession;
  /** Drawn span, epoch ms, inside the window. */
  from: number;
  to: number;
  /** End of the hatched warm-up part, inside [from, to]. */
  warmTo: number;
  /** The session began before the window / runs on past it. */
  cutAtStart: boolean;
  running: boolean;
}

/** Rows of the sessions that overlap [start, end], oldest first, each cut to the window. */
export function sessionTimelineRows(sessions: readonly SensorSession[], start: number, end: number, now: number): SessionTimelineRow[] {
  return [...sessions]
    .sort((a, b) => a.start - b.start)
    .map((session) => {
      const stop = session.end ?? Math.max(session.start, now);
      const from = Math.max(session.start, start);
      const to = Math.min(stop, end);
      const warm = session.status === 'initializing' ? stop : Math.min(session.warmupEnd ?? session.start, stop);
      return { session, from, to, warmTo: Math.min(Math.max(warm, from), to), cutAtStart: session.start < start, running: session.end === null };
    })
    .filter((r) => r.session.start <= end && r.to >= start);
}

const ROW = 36;
const BAR = 12;
const AXIS = 24;
const GAP = 10;
/** Length of a running session's arrow head. */
const ARROW = 8;
/** The name column never takes more than this share of the width. */
const MAX_NAME_SHARE = 0.38;

/**
 * The session overview on a time line: one row per sensor with its name and state written at
 * the start edge and its bar from insertion to end. Each state has its own shape besides its
 * text, so colour is never the only sign:
 * - initializing: a hatched, outlined bar with an open arrow (still warming up);
 * - active: a solid bar with an arrow at "now" (still running);
 * - ended (removed before its time): a solid bar closed by a square stop;
 * - expired (ran its full life): a solid bar closed by a crossed circle.
 *
 * Time and dates use `locale` and `timeZone` (the portal passes its formatting table's locale).
 * In right-to-left the rows' text sits on the right and time runs from right to left.
 *
 * @example
 * <SessionOverview sessions={sessions} start={from} end={to} now={Date.now()} timeZone="Europe/Paris" locale="fr" />
 */
export function SessionOverview(props: SessionOverviewProps) {
  const { sessions, start, end, timeZone, width, locale = 'en', direction = 'ltr', theme = defaultChartTheme } = props;
  const now = props.now ?? end;
  const timeDirection = props.timeDirection ?? direction;
  const labels = { ...DEFAULT_SESSION_OVERVIEW_LABELS, ...props.labels };
  const hatchId = useSvgId('session-hatch');
  const rows = sessionTimelineRows(sessions, start, end, now);
  const nameOf = (s: SensorSession) => s.label ?? s.id;
  const table = {
    caption: labels.title,
    columns: [labels.session, labels.start, labels.end, labels.status],
    rows: rows.map(({ session: s }) => [
      nameOf(s),
      formatDateTime(s.start, locale, timeZone),
      s.end === null ? labels.ongoing : formatDateTime(s.end, locale, timeZone),
      labels[s.status],
    ]),
  };
  const rtl = direction === 'rtl';
  return (
    <ChartFrame title={labels.title} width={width} direction={direction} table={table} className="cgm-session-overview">
      {(w) => {
        if (!rows.length) {
          return (
            <svg width={w} height={ROW} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
              <text x={rtl ? w : 0} y={ROW / 2} dy="0.35em" textAnchor={rtl ? 'end' : 'start'} fill={theme.mutedText} style={chartFont(theme, theme.fontSize + 1)}>
                {labels.empty}
              </text>
            </svg>
          );
        }
        const nameSize = theme.fontSize + 1;
        const widest = Math.max(...rows.map(({ session: s }) => Math.max(estimateTextWidth(nameOf(s), nameSize), estimateTextWidth(labels[s.status], theme.fontSize))));
        const nameWidth = Math.min(widest, w * MAX_NAME_SHARE);
        const nameScale = widest > nameWidth ? nameWidth / widest : 1;
        // Half a tick label is kept free at the far edge, so the last date is not cut.
        const sampleTick = estimateTextWidth(formatDateTime(start, locale, timeZone).slice(0, 6), theme.fontSize);
        const plotWidth = Math.max(60, w - nameWidth - GAP - sampleTick / 2 - 4);
        const plotLeft = rtl ? sampleTick / 2 + 4 : nameWidth + GAP;
        const x = scaleLinear<number>({ domain: [start, end], range: timeDirection === 'rtl' ? [plotWidth, 0] : [0, plotWidth], clamp: true });
        const ticks = readableTicks(start, end, plotWidth, { timeZone, locale, fontSize: theme.fontSize });
        const plotHeight = rows.length * ROW;
        const height = plotHeight + AXIS;
        const nameX = rtl ? w : 0;
        const nowX = x(Math.min(Math.max(now, start), end));
        return (
          <svg width={w} height={height} role="img" aria-label={labels.title} style={chartSvgStyle(theme)}>
            <defs>
              <pattern id={hatchId} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={5} height={5} fill={theme.background} />
                <line x1={0} y1={0} x2={0} y2={5} stroke={theme.series} strokeWidth={2} />
              </pattern>
            </defs>
            {rows.map(({ session: s }, k) => (
              <g key={s.id} data-session-row={s.id} data-status={s.status}>
                <text x={nameX} y={k * ROW + ROW / 2 - 2} textAnchor={rtl ? 'end' : 'start'} fill={theme.text} style={chartFont(theme, nameSize * nameScale, 600)}>
                  {nameOf(s)}
                </text>
                <text x={nameX} y={k * ROW + ROW / 2 + theme.fontSize} textAnchor={rtl ? 'end' : 'start'} fill={theme.mutedText} style={chartFont(theme, theme.fontSize * nameScale)}>
                  {labels[s.status]}
                </text>
              </g>
            ))}
            <Group left={plotLeft}>
              <g aria-hidden="true">
                {ticks.map((t) => (
                  <g key={t.time}>
                    <line x1={x(t.time)} x2={x(t.time)} y1={0} y2={plotHeight} stroke={theme.grid} strokeWidth={1} />
                    <line x1={x(t.time)} x2={x(t.time)} y1={plotHeight} y2={plotHeight + 4} stroke={theme.axis} strokeWidth={1} />
                    <text x={x(t.time)} y={plotHeight + 16} textAnchor="middle" fill={theme.mutedText} style={chartFont(theme)}>
                      {t.label}
                    </text>
                  </g>
                ))}
                <line x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} stroke={theme.axis} strokeWidth={1} />
                {now > start && now < end ? <line x1={nowX} x2={nowX} y1={0} y2={plotHeight} stroke={theme.axis} strokeDasharray="3 3" strokeWidth={1} /> : null}
              </g>
              {rows.map((row, k) => (
                <SessionBar key={row.session.id} row={row} x={x} y={k * ROW + (ROW - BAR) / 2} hatch={`url(#${hatchId})`} forward={timeDirection === 'rtl' ? -1 : 1} theme={theme} title={table.rows[k]!.join(' · ')} />
              ))}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

/** Day ticks spaced so their labels never touch: at most one per label width and a margin. */
function readableTicks(start: number, end: number, plotWidth: number, options: { timeZone: string; locale: string; fontSize: number }): TimeTick[] {
  const { timeZone, locale, fontSize } = options;
  const probe = timeTicks(start, end, { timeZone, locale, maxTicks: 12 });
  const labelWidth = Math.max(30, ...probe.map((t) => estimateTextWidth(t.label, fontSize)));
  return timeTicks(start, end, { timeZone, locale, maxTicks: Math.max(2, Math.floor(plotWidth / (labelWidth + 16))) });
}

/** One sensor's bar, warm-up hatched, closed by the shape of its state. */
function SessionBar({ row, x, y, hatch, forward, theme, title }: { row: SessionTimelineRow; x: (t: number) => number; y: number; hatch: string; forward: 1 | -1; theme: ChartTheme; title: string }) {
  const { session: s, from, to, warmTo, cutAtStart } = row;
  const span = (a: number, b: number) => ({ x: Math.min(x(a), x(b)), w: Math.abs(x(b) - x(a)) });
  const warm = span(from, warmTo);
  const wear = span(warmTo, to);
  const endX = x(to);
  const startX = x(from);
  const mid = y + BAR / 2;
  const ranToEnd = to === (s.end ?? to);
  return (
    <g data-session={s.id}>
      <title>{title}</title>
      {wear.w > 0 ? <rect x={wear.x} y={y} width={wear.w} height={BAR} fill={theme.series} /> : null}
      {warm.w > 0 || s.status === 'initializing' ? <rect x={warm.x} y={y} width={Math.max(3, warm.w)} height={BAR} fill={hatch} stroke={theme.series} strokeWidth={1} /> : null}
      {cutAtStart ? (
        // Began before the window: a notch pointing back in time.
        <path d={`M${startX},${y - 2}l${-6 * forward},${BAR / 2 + 2}l${6 * forward},${BAR / 2 + 2}Z`} fill={theme.series} />
      ) : null}
      {row.running ? (
        // The tip marks "now", so the head stays inside the axis when "now" is its end.
        <path d={`M${endX - ARROW * forward},${y - 3}l${ARROW * forward},${BAR / 2 + 3}l${-ARROW * forward},${BAR / 2 + 3}Z`} fill={s.status === 'initializing' ? theme.background : theme.series} stroke={theme.series} strokeWidth={1.5} strokeLinejoin="round" />
      ) : !ranToEnd ? null : s.status === 'expired' ? (
        <g transform={`translate(${endX},${mid})`}>
          <circle r={7} fill={theme.background} stroke={theme.text} strokeWidth={1.5} />
          <path d="M-3.5,-3.5L3.5,3.5M3.5,-3.5L-3.5,3.5" stroke={theme.text} strokeWidth={1.75} strokeLinecap="round" />
        </g>
      ) : (
        <rect x={endX - (forward === 1 ? 0 : 4)} y={y - 3} width={4} height={BAR + 6} fill={theme.text} />
      )}
    </g>
  );
}
