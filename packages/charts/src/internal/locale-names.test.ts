import { describe, expect, it } from 'vitest';
import { formatGlucose } from '../units';
import { registerLocaleNames } from './locale-names';
import { formatClock, formatDay, formatLocalDate } from './time';

// 'qaa' is a private-use language no Intl knows: it stands for Armenian in a browser without Armenian data.
registerLocaleNames('qaa', {
  monthsShort: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'],
  weekdaysShort: ['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6'],
  decimal: ',',
  group: '\u00a0',
});

describe('a language the runtime Intl lacks', () => {
  it('gets its registered month and weekday names and a 24-hour clock, never English', () => {
    const at = Date.UTC(2026, 10, 23, 3, 0);
    expect(formatDay(at, 'qaa-u-ca-gregory-nu-latn', 'UTC')).toBe('23 m11');
    expect(formatClock(at, 'qaa-u-ca-gregory-nu-latn', 'UTC')).toMatch(/^0?3:00$/);
    expect(formatLocalDate('2026-11-23', 'qaa', { weekday: 'short', day: 'numeric' })).toBe('w1 23');
  });

  it('gets its registered separators', () => {
    expect(formatGlucose(162, 'mmol/L', 'qaa')).toBe('9,0');
  });
});
