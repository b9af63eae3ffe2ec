// Shared by the *.stories.tsx files only (never exported from the package). CSF needs no
// Storybook import, so these local types keep the stories type-checked without a dependency.
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { createChartTheme } from '../theme';

export interface StoryMeta<P> {
  title: string;
  component: ComponentType<P>;
  args?: Partial<P>;
  parameters?: Record<string, unknown>;
  /** 'autodocs' gives the component a docs page: props table from its types and JSDoc. */
  tags?: string[];
}

export interface Story<P> {
  name?: string;
  args?: Partial<P>;
  render?: (args: P) => ReactElement;
}

/** The pet variant's look (PawGlucose brand colours and font) as a chart theme. */
export const petTheme = createChartTheme({
  background: '#fbf7f2',
  text: '#2d1f14',
  mutedText: '#5c4a3d',
  axis: '#75685e',
  grid: '#eadfd4',
  series: '#93460b',
  accent: '#b8590c',
  tooltipBackground: '#2d1f14',
  tooltipText: '#fbefe4',
  fontFamily: "'Trebuchet MS', 'Noto Sans', system-ui, sans-serif",
});

/** A right-to-left page around the chart, as the portal renders Arabic. */
export function RtlPage({ children }: { children: ReactNode }) {
  return (
    <div dir="rtl" lang="ar">
      {children}
    </div>
  );
}

/** Arabic strings shared by the stories (what the portal's i18n would pass in). */
export const ARABIC = {
  lo: 'منخفض',
  hi: 'مرتفع',
  noData: 'لا توجد بيانات',
  veryLow: 'منخفض جدًا',
  low: 'منخفض',
  target: 'النطاق المستهدف',
  high: 'مرتفع',
  veryHigh: 'مرتفع جدًا',
};

/** A phone-wide box (360 px, the narrowest screen the portal supports) that the chart measures. */
export function PhoneWidth({ children }: { children: ReactNode }) {
  return <div style={{ width: 360, outline: '1px dashed #9ca3af' }}>{children}</div>;
}
