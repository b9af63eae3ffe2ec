import { describe, expect, it } from 'vitest';
import { CONSENSUS_GOALS, GLUCOSE_RANGE_COLORS, isGoalMet } from './clinical';
import { EVENT_STYLES } from './event-markers/event-markers';
import { createChartTheme, defaultChartTheme } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('colours', () => {
  const pet = createChartTheme({ background: '#fbf7f2' });
  it.each(Object.entries(GLUCOSE_RANGE_COLORS))('range %s has 3:1 against the backgrounds (WCAG 1.4.11)', (_, color) => {
    expect(contrast(color, defaultChartTheme.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(color, pet.background)).toBeGreaterThanOrEqual(3);
  });
  it.each(Object.entries(EVENT_STYLES))('event %s has 4.5:1 on white', (_, style) => {
    expect(contrast(style.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('text colours have 4.5:1 (WCAG 1.4.3)', () => {
    expect(contrast(defaultChartTheme.text, defaultChartTheme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(defaultChartTheme.mutedText, defaultChartTheme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(defaultChartTheme.tooltipText, defaultChartTheme.tooltipBackground)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('consensus goals', () => {
  it('are met by a well-controlled profile and missed otherwise', () => {
    const good = { veryLow: 0.5, low: 2, target: 75, high: 19, veryHigh: 3.5 };
    expect(CONSENSUS_GOALS.standard.every((g) => isGoalMet(g, good))).toBe(true);
    const lowHeavy = { ...good, low: 4, target: 73 };
    expect(CONSENSUS_GOALS.standard.filter((g) => !isGoalMet(g, lowHeavy))).toHaveLength(1);
    expect(CONSENSUS_GOALS.olderHighRisk.find((g) => g.ranges.includes('low'))!.percent).toBe(1);
  });
});
