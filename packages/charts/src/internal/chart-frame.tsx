import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { ChartTheme } from '../theme';
import { chartFont } from './text';

/** Hidden on screen and in print, read by screen readers. */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Style of a chart's root <svg>: always left to right (visx positions text in ltr), the theme's
 * background, and the theme's font inline, so that what inherits it under a page reset
 * (`* { font: inherit }`) gets the chart's font, not the page's: visx wraps each tick label in an
 * <svg y="0.33em">, and that em is this font's.
 */
export function chartSvgStyle(theme: Pick<ChartTheme, 'background' | 'fontSize' | 'fontFamily'>, extra?: CSSProperties): CSSProperties {
  return { direction: 'ltr', display: 'block', background: theme.background, ...chartFont(theme), ...extra };
}

/** The data-table alternative of a chart. */
export interface DataTableSpec {
  caption: string;
  columns: string[];
  rows: string[][];
}

export function DataTable({ table }: { table: DataTableSpec }) {
  return (
    // The box is hidden, not the table: a table grows to its content whatever its width, and a
    // wide hidden table made narrow pages scroll sideways.
    <div style={visuallyHidden}>
      <table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (c === 0 ? <th key={c} scope="row">{cell}</th> : <td key={c}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Width used before the container is measured (server render, print without a width, tests). */
export const FALLBACK_WIDTH = 640;

/** Width of the element, kept up to date with a ResizeObserver where one exists. */
function useContainerWidth(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node) return;
    const measure = () => {
      const w = node.getBoundingClientRect().width;
      if (w > 0) setWidth(Math.floor(w));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return { ref, width };
}

export interface ChartFrameProps {
  /** Accessible name of the chart. */
  title: string;
  /** Fixed width in px; without it the chart fills its container's width. */
  width?: number;
  direction: 'ltr' | 'rtl';
  /** Data-table alternative(s) for screen readers. */
  table: DataTableSpec | DataTableSpec[] | null;
  /** HTML shown under the chart (legends, goals): wraps, so it never clips. */
  footer?: ReactNode;
  /** Extra accessible content, e.g. a live region. */
  extra?: ReactNode;
  className?: string;
  children: (width: number) => ReactNode;
}

/**
 * The shell of every chart: a <figure> named by `title`, the measured width, the hidden
 * data table. The SVG inside is always left-to-right (visx positions text in ltr), the
 * figure follows the page direction.
 */
export function ChartFrame({ title, width, direction, table, footer, extra, className, children }: ChartFrameProps) {
  const { ref, width: measured } = useContainerWidth(width === undefined);
  const w = width ?? measured ?? FALLBACK_WIDTH;
  return (
    <figure
      aria-label={title}
      dir={direction}
      className={className}
      style={{ margin: 0, position: 'relative', width: width ?? '100%', minWidth: 0 }}
    >
      <div ref={ref} style={{ width: '100%' }}>
        {children(w)}
      </div>
      {footer}
      {(Array.isArray(table) ? table : table ? [table] : []).map((t) => (
        <DataTable key={t.caption} table={t} />
      ))}
      {extra}
    </figure>
  );
}
