import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GriChart } from './gri-chart';

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
});
