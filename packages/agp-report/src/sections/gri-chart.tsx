import type { CSSProperties } from 'react';
import { GRI_ZONE_UPPER_BOUNDS } from '../model/gri-zone';
import type { GriResultModel, GriZone } from '../model/types';

/**
 * Zone fills of the GRI grid, green (A) to red (E), after the GRI grid of Klonoff et al. 2023
 * (doi:10.1177/19322968221085273). Light tints so the point and the zone letters keep contrast.
 */
const ZONE_FILLS: Readonly<Record<GriZone, string>> = {
  A: '#d3ecd3',
  B: '#fdf0b3',
  C: '#fdd9a8',
  D: '#f9b9a0',
  E: '#ef9a9a',
};

/** Axis spans of the published GRI grid: hypoglycaemia component 0–30 %, hyperglycaemia component 0–60 %. */
const HYPO_MAX = 30;
const HYPER_MAX = 60;
/** GRI = 3.0·hypo + 1.6·hyper (Klonoff 2023). */
const HYPO_WEIGHT = 3;
const HYPER_WEIGHT = 1.6;

/**
 * Fonts of the grid's text, inline: the portal's reset (`* { font: inherit }`) beats SVG font
 * attributes and drew them at the report's 12 px, which cut off the vertical axis title. The
 * family is the report's, whose fallbacks cover the Arabic, Chinese and Armenian axis titles.
 */
const AXIS_FONT: CSSProperties = { fontSize: 10 };
const ZONE_LETTER_FONT: CSSProperties = { fontSize: 12, fontWeight: 700 };

export interface GriChartProps {
  gri: GriResultModel;
  title: string;
  hypoLabel: string;
  hyperLabel: string;
  /** Formats a 0–100 number for the axes and the point. */
  formatNumber: (value: number) => string;
  width?: number;
  height?: number;
}

/** Gap between the lines of a two-line axis title, in em. */
const TITLE_LINE_GAP_EM = 1.15;

/**
 * A generous guess of how wide `text` is at `fontSize` px in Noto Sans (the chart cannot measure
 * before it is drawn, and the PDF has no second pass): a full em for CJK and other wide
 * characters, half an em for joined Arabic letters, none for combining marks, 0.55 em for the rest.
 */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if (/\p{M}/u.test(ch)) continue;
    if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch)) em += 1;
    else if (/\p{Script=Arabic}/u.test(ch)) em += 0.5;
    else em += ch === ' ' ? 0.28 : 0.55;
  }
  return em * fontSize;
}

/**
 * An axis title that fits `length` px: one line when it does, else two lines split between words
 * where the longer line is shortest, and a smaller font (not below 7 px) only when a line still
 * overflows. The print layout's GRI grid is 108 px tall; "Hyperglycaemia component (%)" is about
 * 160 px at 10 px and was cut off at both ends.
 */
export function fitAxisTitle(text: string, length: number, fontSize: number): { lines: string[]; fontSize: number } {
  const width = (t: string) => estimateTextWidth(t, fontSize);
  let lines = [text];
  const words = text.split(' ');
  if (width(text) > length && words.length > 1) {
    let best = lines;
    let bestLongest = Infinity;
    for (let i = 1; i < words.length; i++) {
      const split = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
      const longest = Math.max(...split.map(width));
      if (longest < bestLongest) [best, bestLongest] = [split, longest];
    }
    lines = best;
  }
  const longest = Math.max(...lines.map(width));
  return { lines, fontSize: longest > length ? Math.max(7, Math.floor((fontSize * length) / longest)) : fontSize };
}

/** Region of the grid where GRI ≤ c, clipped to the axes' spans, as an SVG polygon's points. */
function zonePolygon(c: number, x: (v: number) => number, y: (v: number) => number): string {
  const pts: [number, number][] = [[0, 0]];
  const xAtY0 = c / HYPO_WEIGHT;
  if (xAtY0 <= HYPO_MAX) pts.push([xAtY0, 0]);
  else {
    pts.push([HYPO_MAX, 0]);
    pts.push([HYPO_MAX, Math.min(HYPER_MAX, (c - HYPO_WEIGHT * HYPO_MAX) / HYPER_WEIGHT)]);
  }
  const yAtX0 = c / HYPER_WEIGHT;
  if (yAtX0 <= HYPER_MAX) pts.push([0, yAtX0]);
  else {
    const xAtTop = (c - HYPER_WEIGHT * HYPER_MAX) / HYPO_WEIGHT;
    if (xAtTop < HYPO_MAX) pts.push([xAtTop, HYPER_MAX]);
    pts.push([0, HYPER_MAX]);
  }
  return pts.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(' ');
}

/**
 * The GRI grid: hypoglycaemia component across, hyperglycaemia component up, the five zones as
 * diagonal bands, and the period's point. Drawn here because @cgm-portal/charts has no GRI chart.
 * Left-to-right like every chart, whatever the page direction.
 */
export function GriChart({ gri, title, hypoLabel, hyperLabel, formatNumber, width = 300, height = 210 }: GriChartProps) {
  const top = 8;
  const bottom = 34;
  const plotH = height - top - bottom;
  const yTitle = fitAxisTitle(`${hyperLabel} (%)`, plotH, AXIS_FONT.fontSize as number);
  // A second title line sits between the first and the tick labels, which move right to make room.
  const titleGap = (yTitle.lines.length - 1) * Math.ceil(yTitle.fontSize * TITLE_LINE_GAP_EM);
  const margin = { left: 34 + titleGap, right: 10, top, bottom };
  const plotW = width - margin.left - margin.right;
  const x = (v: number) => margin.left + (v / HYPO_MAX) * plotW;
  const y = (v: number) => margin.top + plotH - (v / HYPER_MAX) * plotH;
  const zones = [...GRI_ZONE_UPPER_BOUNDS].reverse();
  const px = x(Math.min(gri.hypo, HYPO_MAX));
  const py = y(Math.min(gri.hyper, HYPER_MAX));
  // Zone letters sit on the bisector of each band's diagonal.
  const letterAt = (lower: number, upper: number) => {
    const c = (lower + Math.min(upper, 100)) / 2;
    const share = 0.35;
    return { lx: x(Math.min(HYPO_MAX, (c * share) / HYPO_WEIGHT)), ly: y(Math.min(HYPER_MAX, (c * (1 - share)) / HYPER_WEIGHT)) };
  };
  return (
    <svg
      className="agp-gri-chart"
      width={width}
      height={height}
      role="img"
      aria-label={title}
      style={{ direction: 'ltr', display: 'block', ...AXIS_FONT }}
    >
      {zones.map(([zone, upper]) => (
        <polygon key={zone} points={zonePolygon(zone === 'E' ? 1000 : upper, x, y)} fill={ZONE_FILLS[zone]} />
      ))}
      {GRI_ZONE_UPPER_BOUNDS.map(([zone, upper], i) => {
        const lower = i === 0 ? 0 : GRI_ZONE_UPPER_BOUNDS[i - 1]![1];
        const { lx, ly } = letterAt(lower, upper === 100 ? 130 : upper);
        return (
          <text key={zone} x={lx} y={ly} textAnchor="middle" dy="0.35em" fill="#374151" style={ZONE_LETTER_FONT}>
            {zone}
          </text>
        );
      })}
      <rect x={margin.left} y={margin.top} width={plotW} height={plotH} fill="none" stroke="#6b7280" />
      {[0, 10, 20, 30].map((v) => (
        <text key={`x${v}`} x={x(v)} y={margin.top + plotH + 12} textAnchor="middle" fill="#1f2933" style={AXIS_FONT}>
          {formatNumber(v)}
        </text>
      ))}
      {[0, 20, 40, 60].map((v) => (
        <text key={`y${v}`} x={margin.left - 4} y={y(v)} dy="0.35em" textAnchor="end" fill="#1f2933" style={AXIS_FONT}>
          {formatNumber(v)}
        </text>
      ))}
      <text x={margin.left + plotW / 2} y={height - 6} textAnchor="middle" fill="#1f2933" style={AXIS_FONT}>
        {hypoLabel} (%)
      </text>
      <text
        transform={`translate(10 ${margin.top + plotH / 2}) rotate(-90)`}
        textAnchor="middle"
        fill="#1f2933"
        style={{ ...AXIS_FONT, fontSize: yTitle.fontSize }}
      >
        {yTitle.lines.length === 1
          ? yTitle.lines[0]
          : yTitle.lines.map((line, i) => (
              <tspan key={line} x={0} dy={i === 0 ? 0 : `${TITLE_LINE_GAP_EM}em`}>
                {line}
              </tspan>
            ))}
      </text>
      <circle className="agp-gri-point" cx={px} cy={py} r={5} fill="#111827" stroke="#fff" strokeWidth={2} />
    </svg>
  );
}
