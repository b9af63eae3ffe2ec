import { describe, expect, it } from 'vitest';
import { parseIntegerList } from './integer-list';

describe('integer lists from the database', () => {
  it('reads every number exactly, times of 13 digits included', () => {
    const times = [946_684_800_000, 1_795_703_917_336, 1_795_703_917_337, 9_999_999_999_999];
    expect([...parseIntegerList(times.join(','), (n) => new Float64Array(n))]).toEqual(times);
    expect([...parseIntegerList('39,401,0,65535', (n) => new Uint16Array(n))]).toEqual([39, 401, 0, 65535]);
    expect(parseIntegerList('', (n) => new Float64Array(n))).toHaveLength(0);
    expect([...parseIntegerList('7', (n) => new Float64Array(n))]).toEqual([7]);
  });

  it('refuses a damaged text rather than read a wrong number', () => {
    for (const text of ['1,,2', ',1', '1,', '1,-2', '1.5', '1, 2', '12a', '1234567890123456']) {
      expect(() => parseIntegerList(text, (n) => new Float64Array(n)), text).toThrow(RangeError);
    }
  });
});
