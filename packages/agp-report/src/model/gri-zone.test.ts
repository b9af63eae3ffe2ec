import { describe, expect, it } from 'vitest';
import { griZoneOf } from './gri-zone';

describe('griZoneOf (Klonoff 2023: A 0–20, B 21–40, C 41–60, D 61–80, E 81–100)', () => {
  it.each([
    [0, 'A'],
    [20, 'A'],
    [20.4, 'B'],
    [40, 'B'],
    [41, 'C'],
    [60, 'C'],
    [61, 'D'],
    [80, 'D'],
    [80.1, 'E'],
    [100, 'E'],
  ] as const)('%s is zone %s', (gri, zone) => {
    expect(griZoneOf(gri)).toBe(zone);
  });
});
