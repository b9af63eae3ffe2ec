import { agpProfile } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import { estimateTextWidth } from '../internal/time';
import { AgpChart, percentileLabelPlacement, smoothAgpBins } from './agp-chart';

afterEach(cleanup);

describe('AgpChart', () => {
  const profile = agpProfile(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE });

  it('has an accessible name and an hourly data table', () => {
    render(<AgpChart profile={profile} unit="mg/dL" width={800} />);
    expect(screen.getByRole('figure', { name: 'Ambulatory glucose profile' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Ambulatory glucose profile\. .*14 days/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: /^Ambulatory glucose profile/ });
    expect(within(table).getAllByRole('row')).toHaveLength(25);
  });

  it('labels the very-low line beside the low one on a tall axis (the 95th percentile above 17 mmol/L)', () => {
    const high = { ...profile, bins: profile.bins.map((b) => (b.minuteOfDay === 20 * 60 && b.p95 !== null ? { ...b, p95: 320 } : b)) };
    const { container } = render(<AgpChart profile={high} unit="mmol/L" width={900} />);
    const labels = Array.from(container.querySelectorAll('svg text')).filter((t) => /^\d+\.\d$/.test(t.textContent ?? ''));
    const text = labels.map((t) => t.textContent);
    expect(text).toContain('22.0');
    expect(text).toContain('3.9');
    expect(text).toContain('3.0');
    // Where each label is drawn: its tick's y plus the shift visx puts on the label's wrapping <svg>.
    const drawnAt = (label: string) => {
      const text = labels.find((t) => t.textContent === label)!;
      return Number(text.getAttribute('y')) + parseFloat(text.parentElement!.getAttribute('y') ?? '0');
    };
    // Moved apart, 3.0 down and 3.9 up, at least a label's height (11 px font + 3) between them.
    expect(drawnAt('3.0') - drawnAt('3.9')).toBeGreaterThanOrEqual(14 - 0.1);
  });

  it('leaves a gap where slots have no data', () => {
    const holed = { ...profile, bins: profile.bins.map((b) => (b.minuteOfDay > 600 && b.minuteOfDay <= 720 ? { ...b, count: 0, p5: null, p25: null, p50: null, p75: null, p95: null } : b)) };
    const { container } = render(<AgpChart profile={holed} unit="mg/dL" width={800} />);
    const median = container.querySelector('.cgm-agp-median')!.getAttribute('d')!;
    expect(median.match(/M/g)).toHaveLength(2);
  });

  it('says so when there is no data', () => {
    const empty = agpProfile([], { timeZone: 'UTC' });
    const { container } = render(<AgpChart profile={empty} unit="mmol/L" width={600} />);
    expect(Array.from(container.querySelectorAll('svg text')).map((t) => t.textContent)).toContain('No data');
  });

  it('warns under five days of data', () => {
    const few = agpProfile(syntheticReadings({ days: 3 }), { timeZone: FIXTURE_TIME_ZONE });
    render(<AgpChart profile={few} unit="mg/dL" width={600} />);
    expect(screen.getByText(/Only 3 days of data/)).toBeTruthy();
  });

  it('smooths across midnight and keeps empty slots empty', () => {
    const bins = [0, 1, 2, 3].map((i) => ({ minuteOfDay: (i + 1) * 360, count: 1, p5: 100, p25: 100, p50: i === 2 ? null : 100 * (i + 1), p75: 100, p95: 100 }));
    const smoothed = smoothAgpBins(bins, 360, 720);
    expect(smoothed[2]!.p50).toBeNull();
    expect(smoothed[0]!.p50).toBeCloseTo((400 + 100 + 200) / 3);
  });

  describe('percentile names and the glucose axis', () => {
    const translateX = (el: Element) => Number(/translate\(([-\d.]+)/.exec(el.getAttribute('transform') ?? '')?.[1] ?? 0);
    const names = (container: HTMLElement) => Array.from(container.querySelectorAll('.cgm-agp-percentile-labels text'));
    /** Right end of the right axis's tick labels, in plot coordinates (visx: tick 4 px, then 0.25 em). */
    const axisLabelsEnd = (container: HTMLElement) => {
      const axis = container.querySelector('.visx-axis-right')!;
      const widest = Math.max(...Array.from(axis.querySelectorAll('text')).map((t) => estimateTextWidth(t.textContent ?? '', 11)));
      return translateX(axis) + 4 + 11 * 0.25 + widest;
    };

    for (const width of [640, 320]) {
      it(`sit past the axis's tick labels when both are on the right (rtl page, time ltr), ${width} px`, () => {
        const { container } = render(<AgpChart profile={profile} unit="mmol/L" width={width} locale="ar" direction="rtl" timeDirection="ltr" labels={{ median: 'الوسيط' }} />);
        const plotLeft = translateX(container.querySelector('svg > .visx-group')!);
        const labels = names(container);
        expect(labels).toHaveLength(5);
        for (const label of labels) {
          const x = Number(label.getAttribute('x'));
          expect(label.getAttribute('text-anchor')).toBe('start');
          expect(x).toBeGreaterThan(axisLabelsEnd(container));
          expect(plotLeft + x + estimateTextWidth(label.textContent ?? '', 10)).toBeLessThanOrEqual(width);
        }
      });
    }

    it('sit before midnight, away from the axis, when time runs right to left', () => {
      const { container } = render(<AgpChart profile={profile} unit="mmol/L" width={640} locale="ar" direction="rtl" labels={{ median: 'الوسيط' }} />);
      const plotLeft = translateX(container.querySelector('svg > .visx-group')!);
      for (const label of names(container)) {
        expect(label.getAttribute('text-anchor')).toBe('end');
        expect(Number(label.getAttribute('x'))).toBeLessThan(0);
        expect(plotLeft + Number(label.getAttribute('x')) - estimateTextWidth(label.textContent ?? '', 10)).toBeGreaterThanOrEqual(0);
      }
    });

    it('places them by time direction and axis side', () => {
      expect(percentileLabelPlacement({ plotWidth: 500, timeDirection: 'ltr', axisSide: 'left', axisLabelWidth: 30 })).toEqual({ x: 506, anchor: 'start' });
      expect(percentileLabelPlacement({ plotWidth: 500, timeDirection: 'ltr', axisSide: 'right', axisLabelWidth: 30 })).toEqual({ x: 536, anchor: 'start' });
      expect(percentileLabelPlacement({ plotWidth: 500, timeDirection: 'rtl', axisSide: 'right', axisLabelWidth: 30 })).toEqual({ x: -6, anchor: 'end' });
      expect(percentileLabelPlacement({ plotWidth: 500, timeDirection: 'rtl', axisSide: 'left', axisLabelWidth: 30 })).toEqual({ x: -36, anchor: 'end' });
    });
  });
});

