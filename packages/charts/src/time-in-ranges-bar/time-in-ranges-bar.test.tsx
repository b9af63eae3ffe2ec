import { timeInRanges } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticReadings } from '../fixtures';
import { estimateTextWidth } from '../internal/time';
import { rangeBoundsText, segmentHeights, spreadLabelRows, TimeInRangesBar, timeInRangesLabelLayout } from './time-in-ranges-bar';

afterEach(cleanup);
const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const ARABIC_LETTER = /[\u0600-\u06ff]/;

describe('TimeInRangesBar', () => {
  const percentages = timeInRanges(syntheticReadings({ days: 14 }));

  it('has an accessible name and a table of the five ranges', () => {
    render(<TimeInRangesBar percentages={percentages} unit="mg/dL" width={480} />);
    expect(screen.getByRole('figure', { name: 'Time in ranges' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Time in ranges' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => strip(r.textContent ?? ''));
    expect(rows[0]).toMatch(/^Very high>250/);
    expect(rows[4]).toMatch(/^Very low<54/);
  });

  const goalsOf = (container: HTMLElement) =>
    Object.fromEntries(Array.from(container.querySelectorAll('[data-range]')).map((g) => [g.getAttribute('data-range'), strip(g.querySelector('[data-goal]')?.textContent ?? '')]));

  it('writes each consensus goal once, beside the range it concerns, with a sign and words', () => {
    const { container } = render(<TimeInRangesBar percentages={{ veryLow: 0.5, low: 2, target: 72, high: 20, veryHigh: 5.5 }} unit="mg/dL" width={900} />);
    const goals = goalsOf(container);
    expect(goals.target).toBe('✓ Goal met · Greater than 70%');
    expect(goals.veryLow).toBe('✓ Goal met · Less than 1%');
    expect(goals.low).toBe('Below 70 mg/dL: 3% · ✓ Goal met · Less than 4%');
    expect(goals.high).toMatch(/^Above 180 mg\/dL: 25.5% · ✗ Goal not met · Less than 25%$|^Above 180 mg\/dL: 26% · ✗ Goal not met · Less than 25%$/);
    expect(goals.veryHigh).toBe('✗ Goal not met · Less than 5%');
    // No separate goal list or legend repeats the ranges.
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(container.querySelectorAll('[data-goal]')).toHaveLength(5);
  });

  it('never prints a goal line that contradicts its verdict', () => {
    // 1.2 % very low rounds to "1 %", which would read "1% … <1% — not met".
    const { container } = render(<TimeInRangesBar percentages={{ veryLow: 1.2, low: 2.76, target: 69.6, high: 22, veryHigh: 4.44 }} unit="mg/dL" width={900} />);
    const goals = goalsOf(container);
    expect(goals.low).toBe('Below 70 mg/dL: 3.96% · ✓ Goal met · Less than 4%');
    expect(goals.veryLow).toBe('✗ Goal not met · Less than 1%');
    expect(goals.target).toBe('✗ Goal not met · Greater than 70%');
  });

  it('puts a combined goal’s verdict on a line of its own in a narrow chart', () => {
    const { container } = render(<TimeInRangesBar percentages={{ veryLow: 0.5, low: 2, target: 72, high: 20, veryHigh: 5.5 }} unit="mmol/L" width={330} />);
    const low = container.querySelector('[data-range="low"] [data-goal]')!;
    expect(Array.from(low.querySelectorAll('tspan')).map((t) => strip(t.textContent ?? '').trim())).toEqual(['Below 3.9 mmol/L: 3%', '✓ Goal met · Less than 4%']);
  });

  it('uses the older/high-risk goals when asked, and none for pets', () => {
    const { container } = render(<TimeInRangesBar percentages={percentages} unit="mmol/L" goals="olderHighRisk" width={480} />);
    expect(container.querySelectorAll('[data-goal]')).toHaveLength(3);
    cleanup();
    const none = render(<TimeInRangesBar percentages={percentages} unit="mmol/L" goals="none" width={480} />);
    expect(none.container.querySelectorAll('[data-goal]')).toHaveLength(0);
  });

  it('lays right-to-left labels out right to left, holding only numbers and units left to right', () => {
    const labels = { veryLow: 'منخفض جدًا', low: 'منخفض', target: 'ضمن النطاق', high: 'مرتفع', veryHigh: 'مرتفع جدًا', met: 'تم تحقيق الهدف', lessThan: 'أقل من {value}%', greaterThan: 'أكثر من {value}%', below: 'أقل من {value}', above: 'أعلى من {value}' };
    const { container } = render(<TimeInRangesBar percentages={{ veryLow: 0.5, low: 2, target: 72, high: 20, veryHigh: 5.5 }} unit="mmol/L" width={600} direction="rtl" locale="ar" labels={labels} />);
    const texts = Array.from(container.querySelectorAll('svg[role="img"] > g text'));
    expect(texts.length).toBeGreaterThan(0);
    // Left to right, the bidi algorithm reads an Arabic goal line from its end.
    for (const text of texts) expect(text.getAttribute('direction')).toBe('rtl');
    // A left-to-right isolate (U+2066 … U+2069) around Arabic words would reverse them.
    const ltrIsolates = texts.flatMap((t) => (t.textContent ?? '').match(/\u2066[^\u2069]*\u2069/g) ?? []);
    expect(ltrIsolates.length).toBeGreaterThan(0);
    for (const isolate of ltrIsolates) expect(isolate).not.toMatch(ARABIC_LETTER);
    expect(goalsOf(container).target).toBe('✓ تم تحقيق الهدف · أكثر من 70%');
  });

  it('keeps a tiny very-low share visible', () => {
    const h = segmentHeights({ veryLow: 0.2, low: 0, target: 80, high: 15, veryHigh: 4.8 }, 200);
    expect(h.veryLow).toBe(3);
    expect(h.low).toBe(0);
    expect(h.veryLow + h.low + h.target + h.high + h.veryHigh).toBeCloseTo(200);
  });

  it('writes range bounds in mmol/L as the AGP report does', () => {
    const b = rangeBoundsText({ veryLow: 54, low: 70, high: 180, veryHigh: 250 }, 'mmol/L', 'en');
    expect(Object.values(b).map(strip)).toEqual(['<3.0', '3.0–3.8', '3.9–10.0', '10.1–13.9', '>13.9']);
  });

  it('shows no data without inventing a bar', () => {
    const { container } = render(<TimeInRangesBar percentages={null} unit="mg/dL" width={400} />);
    expect(container.querySelectorAll('rect[fill^="#"]')).toHaveLength(0);
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });

  describe('labels in a narrow card', () => {
    // The home card is 278 px wide on a 360 px phone; Persian has the longest "in range" name.
    const rtlLabels = { veryLow: 'بسیار پایین', low: 'پایین', target: 'در محدودهٔ هدف', high: 'بالا', veryHigh: 'بسیار بالا' };
    const shares = { veryLow: 0.4, low: 2.1, target: 71, high: 20.5, veryHigh: 6 };
    const ownFontSize = (el: Element | null) => (el ? (el as SVGElement).style.fontSize || el.getAttribute('font-size') : null);
    const fontSizeOf = (el: Element) => parseFloat(ownFontSize(el) ?? ownFontSize(el.firstElementChild) ?? '11');
    /** Horizontal extent of each label, from its anchor and the layout's own width estimate. */
    const extents = (container: HTMLElement) =>
      Array.from(container.querySelectorAll('svg[role="img"] > g text')).map((el) => {
        const x = Number(el.getAttribute('x'));
        const w = estimateTextWidth(strip(el.textContent ?? ''), fontSizeOf(el));
        // A text's start is its right edge when it runs right to left.
        const rightAnchored = (el.getAttribute('text-anchor') === 'end') !== (el.getAttribute('direction') === 'rtl');
        return { text: strip(el.textContent ?? ''), left: rightAnchored ? x - w : x, right: rightAnchored ? x : x + w };
      });

    for (const direction of ['ltr', 'rtl'] as const) {
      for (const width of [310, 278, 240, 200]) {
        it(`keeps every label inside a ${width} px ${direction} chart`, () => {
          const { container } = render(
            <TimeInRangesBar percentages={shares} unit="mmol/L" width={width} direction={direction} locale={direction === 'rtl' ? 'fa' : 'en'} goals="none" labels={direction === 'rtl' ? rtlLabels : {}} />,
          );
          const labels = extents(container);
          expect(labels.length).toBeGreaterThanOrEqual(10);
          for (const label of labels) {
            expect(label.left, label.text).toBeGreaterThanOrEqual(0);
            expect(label.right, label.text).toBeLessThanOrEqual(width);
          }
          const bar = Array.from(container.querySelectorAll('rect[fill^="#"]')).map((r) => Number(r.getAttribute('x')));
          for (const x of bar) expect(direction === 'rtl' ? x > width / 2 : x < width / 2).toBe(true);
        });
      }
    }

    it('sets label fonts inline, so a page reset like `* { font: inherit }` cannot enlarge them', () => {
      const { container } = render(<TimeInRangesBar percentages={shares} unit="mg/dL" width={278} direction="rtl" goals="none" />);
      for (const el of container.querySelectorAll('svg[role="img"] > g text')) expect((el as SVGElement).style.fontSize).toMatch(/px$/);
    });

    it('puts the bounds under the names when a pair does not fit, and mirrors in rtl', () => {
      const labels = [{ name: 80, bounds: 120 }];
      const wide = timeInRangesLabelLayout({ width: 480, direction: 'ltr', percentWidth: 40, labels });
      expect(wide.stacked).toBe(false);
      const ltr = timeInRangesLabelLayout({ width: 278, direction: 'ltr', percentWidth: 40, labels });
      const rtl = timeInRangesLabelLayout({ width: 278, direction: 'rtl', percentWidth: 40, labels });
      expect(ltr.stacked).toBe(true);
      expect(ltr.textScale).toBe(1);
      expect(rtl.anchor).toBe('end');
      expect(rtl.nameX).toBeCloseTo(278 - ltr.nameX);
      expect(rtl.nameX - 120).toBeGreaterThanOrEqual(0);
      expect(ltr.nameX + 120).toBeLessThanOrEqual(278);
    });

    it('scales text down when even one line of it does not fit', () => {
      const layout = timeInRangesLabelLayout({ width: 180, direction: 'rtl', percentWidth: 40, labels: [{ name: 80, bounds: 120 }] });
      expect(layout.textScale).toBeLessThan(1);
      expect(layout.nameX - 120 * layout.textScale).toBeGreaterThanOrEqual(0);
    });

    it('spreads label rows apart and keeps them between the limits', () => {
      const ys = spreadLabelRows([235, 230, 120, 20, 18], 30, 15, 225);
      expect(ys[0]).toBeLessThanOrEqual(225);
      expect(ys[4]).toBeGreaterThanOrEqual(15);
      for (let i = 1; i < ys.length; i++) expect(ys[i - 1]! - ys[i]!).toBeGreaterThanOrEqual(30 - 1e-9);
    });
  });
});

