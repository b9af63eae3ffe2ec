import type { ChartTheme } from '../theme';

/** The eight event types of the portal (spec §3 "Events"). */
export type GlucoseEventType = 'meal' | 'insulin' | 'sport' | 'bg' | 'calibration' | 'meds' | 'weight' | 'alert';

/** Event types in the order of the portal's event filter. */
export const EVENT_TYPES: readonly GlucoseEventType[] = ['bg', 'meal', 'sport', 'insulin', 'alert', 'calibration', 'meds', 'weight'];

/** One event on a glucose chart. */
export interface GlucoseChartEvent {
  /** Epoch ms (UTC). */
  time: number;
  type: GlucoseEventType;
  /** Already-translated detail for the label and tooltip, e.g. "Lunch, 45 g" or "4 U short-acting". */
  detail?: string;
}

/** English names of the event types; the portal passes translated ones. */
export const DEFAULT_EVENT_LABELS: Readonly<Record<GlucoseEventType, string>> = Object.freeze({
  meal: 'Meal',
  insulin: 'Insulin',
  sport: 'Sport',
  bg: 'Blood glucose',
  calibration: 'Calibration',
  meds: 'Medication',
  weight: 'Weight',
  alert: 'Alert',
});

/**
 * Shape and colour of each event type. Shapes differ so the types are told apart without colour;
 * every colour has at least 4.5:1 contrast on white.
 */
export const EVENT_STYLES: Readonly<Record<GlucoseEventType, { color: string; shape: string }>> = Object.freeze({
  meal: { color: '#a14d00', shape: 'circle' },
  insulin: { color: '#1f5fbf', shape: 'triangle-down' },
  sport: { color: '#00796b', shape: 'diamond' },
  bg: { color: '#ad1457', shape: 'drop' },
  calibration: { color: '#5e35b1', shape: 'square-cross' },
  meds: { color: '#6d4c41', shape: 'capsule' },
  weight: { color: '#455a64', shape: 'pentagon' },
  alert: { color: '#c62828', shape: 'triangle-alert' },
});

/** Path of an event glyph centred on (0, 0), radius r. */
function glyphPath(type: GlucoseEventType, r: number): string {
  switch (type) {
    case 'meal':
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 'insulin':
      return `M${-r},${-r * 0.8}L${r},${-r * 0.8}L0,${r}Z`;
    case 'sport':
      return `M0,${-r}L${r},0L0,${r}L${-r},0Z`;
    case 'bg':
      return `M0,${-r}C${r * 0.6},${-r * 0.2} ${r},${r * 0.2} ${r * 0.8},${r * 0.5}A${r * 0.85},${r * 0.85} 0 0,1 ${-r * 0.8},${r * 0.5}C${-r},${r * 0.2} ${-r * 0.6},${-r * 0.2} 0,${-r}Z`;
    case 'calibration':
      return `M${-r * 0.85},${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
    case 'meds': {
      const h = r * 0.55;
      return `M${-r + h},${-h}h${2 * (r - h)}a${h},${h} 0 0,1 0,${2 * h}h${-2 * (r - h)}a${h},${h} 0 0,1 0,${-2 * h}Z`;
    }
    case 'weight':
      return `M0,${-r}L${r},${-r * 0.25}L${r * 0.65},${r * 0.9}L${-r * 0.65},${r * 0.9}L${-r},${-r * 0.25}Z`;
    case 'alert':
      return `M0,${-r}L${r},${r * 0.85}L${-r},${r * 0.85}Z`;
  }
}

/** The glyph of one event type, centred on (x, y). Decorative unless given a label. */
export function EventGlyph({
  type,
  x = 0,
  y = 0,
  size = 12,
  label,
  theme,
}: {
  type: GlucoseEventType;
  x?: number;
  y?: number;
  /** Diameter in px. */
  size?: number;
  /** Accessible label; without it the glyph is hidden from assistive technology. */
  label?: string;
  theme: ChartTheme;
}) {
  const r = size / 2;
  const { color } = EVENT_STYLES[type];
  return (
    <g
      transform={`translate(${x},${y})`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label ? <title>{label}</title> : null}
      <path d={glyphPath(type, r)} fill={color} stroke={theme.background} strokeWidth={1} />
      {type === 'calibration' ? (
        <path d={`M${-r * 0.5},0h${r}M0,${-r * 0.5}v${r}`} stroke={theme.background} strokeWidth={1.5} />
      ) : null}
      {type === 'alert' ? (
        <path d={`M0,${-r * 0.25}v${r * 0.55}M0,${r * 0.5}v${r * 0.12}`} stroke={theme.background} strokeWidth={1.5} strokeLinecap="round" />
      ) : null}
      {type === 'meal' ? <circle r={r * 0.35} fill={theme.background} /> : null}
      {type === 'meds' ? <path d={`M0,${-r * 0.55}v${r * 1.1}`} stroke={theme.background} strokeWidth={1.25} /> : null}
    </g>
  );
}

/** A row of legend entries (HTML, wraps in narrow containers) for the event types shown. */
export function EventLegend({
  types,
  labels,
  theme,
}: {
  types: readonly GlucoseEventType[];
  labels: Readonly<Record<GlucoseEventType, string>>;
  theme: ChartTheme;
}) {
  if (types.length === 0) return null;
  return (
    <ul
      aria-hidden="true"
      style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '4px 12px', margin: '4px 0 0', padding: 0, fontFamily: theme.fontFamily, fontSize: theme.fontSize + 1, color: theme.text }}
    >
      {types.map((type) => (
        <li key={type} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <svg width={14} height={14} style={{ direction: 'ltr' }} aria-hidden="true">
            <EventGlyph type={type} x={7} y={7} size={12} theme={theme} />
          </svg>
          {labels[type]}
        </li>
      ))}
    </ul>
  );
}
