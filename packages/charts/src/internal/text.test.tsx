import { agpProfile, dailyProfiles, timeInRanges } from '@cgm-portal/glucose-metrics';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgpChart } from '../agp-chart/agp-chart';
import { DailySmallMultiples } from '../daily-small-multiples/daily-small-multiples';
import { DailyTrendChart, dailyTrendFromProfiles } from '../daily-trend/daily-trend-chart';
import { FIXTURE_START_DATE, FIXTURE_TIME_ZONE, syntheticDay, syntheticReadings, syntheticSessions } from '../fixtures';
import { GlucoseTrace } from '../glucose-trace/glucose-trace';
import { SessionOverview } from '../session-overview/session-overview';
import { createChartTheme } from '../theme';
import { TimeInRangesBar } from '../time-in-ranges-bar/time-in-ranges-bar';
import { chartFont, fillTemplate, svgFont, tickLabelProps } from './text';

afterEach(cleanup);

describe('fillTemplate', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{days} of {minDays} {x}', { days: 3, minDays: 5 })).toBe('3 of 5 {x}');
  });
});

describe('chart fonts', () => {
  const theme = createChartTheme({ fontSize: 12, fontFamily: 'BrandSans' });

  it('are inline styles in the theme family', () => {
    expect(svgFont(11, 'A')).toEqual({ fontSize: 11, fontFamily: 'A' });
    expect(chartFont(theme)).toEqual({ fontSize: 12, fontFamily: 'BrandSans' });
    expect(chartFont(theme, 11, 700)).toEqual({ fontSize: 11, fontFamily: 'BrandSans', fontWeight: 700 });
    expect(tickLabelProps(theme, 'end', '0.33em')).toEqual({ fill: theme.text, textAnchor: 'end', dy: '0.33em', fontSize: 12, fontFamily: 'BrandSans', style: { fontSize: 12, fontFamily: 'BrandSans' } });
  });

  // A page reset such as Chakra's `* { font: inherit }` beats SVG font attributes but not inline
  // styles: every text of every chart, and each chart's root <svg> (inherited by visx's wrapper
  // <svg>s, whose "0.33em" offsets are in its font), carries its font inline.
  const profiles = dailyProfiles(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE });
  const day = syntheticDay();
  const start = DateTime.fromISO(FIXTURE_START_DATE, { zone: FIXTURE_TIME_ZONE }).minus({ days: 12 }).toMillis();
  const charts: [string, ReactElement][] = [
    ['GlucoseTrace', <GlucoseTrace key="t" readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} theme={theme} />],
    ['AgpChart', <AgpChart key="a" profile={agpProfile(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE })} unit="mmol/L" width={800} theme={theme} />],
    ['AgpChart without data', <AgpChart key="a0" profile={agpProfile([], { timeZone: FIXTURE_TIME_ZONE })} unit="mmol/L" width={800} theme={theme} />],
    ['TimeInRangesBar', <TimeInRangesBar key="b" percentages={timeInRanges(syntheticReadings({ days: 14 }))} unit="mg/dL" width={300} direction="rtl" theme={theme} />],
    ['DailyTrendChart', <DailyTrendChart key="d" days={dailyTrendFromProfiles(profiles)} unit="mg/dL" width={800} theme={theme} />],
    ['DailyTrendChart without data', <DailyTrendChart key="d0" days={[]} unit="mg/dL" width={800} theme={theme} />],
    ['DailySmallMultiples', <DailySmallMultiples key="s" days={[...profiles, { ...profiles[0]!, date: '2026-03-16', readings: [] }]} unit="mg/dL" width={900} theme={theme} />],
    ['SessionOverview', <SessionOverview key="o" sessions={syntheticSessions()} start={start} end={start + 40 * 86_400_000} timeZone={FIXTURE_TIME_ZONE} width={900} theme={theme} />],
  ];

  for (const [name, chart] of charts) {
    it(`are set inline on every text of ${name}`, () => {
      const { container } = render(chart);
      const root = container.querySelector('svg[role="img"], svg[role="group"]') as SVGElement;
      expect(root.style.fontSize).toBe('12px');
      expect(root.style.fontFamily).toBe('BrandSans');
      const texts = Array.from(container.querySelectorAll<SVGTextElement>('svg text'));
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        expect(text.style.fontSize, text.textContent ?? '').toMatch(/^[\d.]+px$/);
        expect(text.style.fontFamily, text.textContent ?? '').toBe('BrandSans');
        // Attributes, where visx writes them, agree with the style.
        if (text.hasAttribute('font-size')) expect(`${text.getAttribute('font-size')}px`).toBe(text.style.fontSize);
      }
    });
  }

  it('are set inline on the glucose trace tooltip', () => {
    render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} theme={theme} />);
    const group = screen.getByRole('group', { name: /Use the arrow keys/ });
    act(() => group.focus());
    fireEvent.keyDown(group, { key: 'Home' });
    const tooltip = Array.from(group.querySelectorAll<SVGTextElement>('text')).filter((t) => t.getAttribute('fill') === theme.tooltipText);
    expect(tooltip).toHaveLength(2);
    expect(tooltip.map((t) => [t.style.fontSize, t.style.fontWeight])).toEqual([
      ['13px', '700'],
      ['12px', ''],
    ]);
  });
});
