import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateTextWidth, fitAxisTitle, GriChart } from './gri-chart';

afterEach(cleanup);

describe('GriChart', () => {
  it('sets every text font inline, so a page reset like `* { font: inherit }` cannot enlarge it', () => {
    const { container } = render(
      <GriChart gri={{ value: 22, zone: 'B', hypo: 0.1, hyper: 13.7 }} title="GRI" hypoLabel="Hypoglycaemia component" hyperLabel="Hyperglycaemia component" formatNumber={String} />,
    );
    expect(container.querySelector('svg')!.style.fontSize).toBe('10px');
    const texts = Array.from(container.querySelectorAll<SVGTextElement>('text'));
    expect(texts).toHaveLength(5 + 4 + 4 + 2);
    for (const text of texts) {
      expect(text.style.fontSize, text.textContent ?? '').toMatch(/^\d+px$/);
      expect(text.getAttribute('font-size')).toBeNull();
    }
    const letters = texts.filter((t) => /^[A-E]$/.test(t.textContent ?? ''));
    expect(letters.map((t) => [t.style.fontSize, t.style.fontWeight])).toEqual(Array(5).fill(['12px', '700']));
  });

  it("fits the vertical axis title in the print layout's short grid: two lines, none longer than the axis", () => {
    const props = { gri: { value: 22, zone: 'B' as const, hypo: 0.1, hyper: 13.7 }, title: 'GRI', hypoLabel: 'Hypoglycaemia component', hyperLabel: 'Hyperglycaemia component', formatNumber: String };
    const { container } = render(<GriChart {...props} width={250} height={150} />);
    const plotH = 150 - 8 - 34;
    const title = Array.from(container.querySelectorAll('text')).find((t) => t.getAttribute('transform')?.includes('rotate(-90)'))!;
    const lines = Array.from(title.querySelectorAll('tspan')).map((t) => t.textContent!);
    expect(lines).toEqual(['Hyperglycaemia', 'component (%)']);
    for (const line of lines) expect(estimateTextWidth(line, 10)).toBeLessThanOrEqual(plotH);
    // The tick labels moved right, clear of the second line.
    expect(Number(container.querySelector('rect')!.getAttribute('x'))).toBeGreaterThan(34);
    cleanup();
    // On screen (210 px tall) the same title keeps one line, as before.
    const { container: screen } = render(<GriChart {...props} />);
    expect(screen.querySelectorAll('tspan')).toHaveLength(0);
    expect(Number(screen.querySelector('rect')!.getAttribute('x'))).toBe(34);
  });

  it('keeps a short title on one line and shrinks a single long word instead of cutting it', () => {
    expect(fitAxisTitle('高血糖分量 (%)', 108, 10)).toEqual({ lines: ['高血糖分量 (%)'], fontSize: 10 });
    const long = fitAxisTitle('Hyperglykämiekomponente', 108, 10);
    expect(long.lines).toHaveLength(1);
    expect(estimateTextWidth(long.lines[0]!, long.fontSize)).toBeLessThanOrEqual(108);
    expect(long.fontSize).toBeLessThan(10);
    expect(fitAxisTitle('Hyperglykämiekomponentenanteilsberechnung', 108, 10).fontSize).toBe(7);
  });
});
