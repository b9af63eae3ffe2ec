import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MGDL_MAX, MGDL_MIN } from './common';
import { loadPackedReadingsResult, type Reading } from './glucose';
import { packedReportData } from './report';
import { packReadingColumns, packReadings, READING_STEP_MS, unpackReadings, type PackedReadings } from './packed-readings';

const DAY_MS = 86_400_000;
const FROM = Date.UTC(2026, 0, 1);

/** A sensor's day: every 5 minutes from `from`, a value wandering within range. */
function gridDay(from: number, count = 288): Reading[] {
  return Array.from({ length: count }, (_, i) => ({ time: from + i * READING_STEP_MS, mgdl: 100 + Math.round(60 * Math.sin(i / 20)) }));
}

const roundTrip = (readings: Reading[], start = FROM) => unpackReadings(JSON.parse(JSON.stringify(packReadings(readings, start))) as PackedReadings);

/** Readings as a store holds them: unique integer ms times, ascending; integer mg/dL in range. */
const storedReadings = (minTime: number, maxTime: number) =>
  fc
    .uniqueArray(fc.record({ time: fc.integer({ min: minTime, max: maxTime }), mgdl: fc.integer({ min: MGDL_MIN, max: MGDL_MAX }) }), {
      selector: (r) => r.time,
      maxLength: 400,
    })
    .map((list) => list.sort((a, b) => a.time - b.time));

/** Mostly on the 5-minute grid, with gaps (missing slots), off-grid and back-filled readings between. */
const sensorLikeReadings = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((slots) => slots * READING_STEP_MS) },
      { weight: 1, arbitrary: fc.integer({ min: -READING_STEP_MS + 1, max: 10 * READING_STEP_MS }) },
    ),
    { maxLength: 600 },
  )
  .chain((offsets) =>
    fc.array(fc.integer({ min: MGDL_MIN, max: MGDL_MAX }), { minLength: offsets.length, maxLength: offsets.length }).map((values) => {
      let time = FROM - READING_STEP_MS;
      return offsets.map((offset, i) => {
        time += READING_STEP_MS + offset;
        return { time, mgdl: values[i]! };
      });
    }),
  );

describe('packed readings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('brings back every reading of 90 days exactly, in about 2 bytes a reading', () => {
    const readings = Array.from({ length: 90 }, (_, d) => gridDay(FROM + d * DAY_MS)).flat();
    const packed = packReadings(readings, FROM);
    expect(unpackReadings(packed)).toEqual(readings);
    expect(packed.count).toBe(90 * 288);
    // One byte of time and one of value a reading, in base64 (4 characters for 3 bytes): about
    // 70 KB for 90 days before compression, against 850 KB of JSON objects.
    expect(packed.data.length).toBeLessThanOrEqual(((readings.length * 2 + 16) / 3) * 4);
  });

  it('keeps gaps as gaps, and off-grid and second-apart times exactly', () => {
    const readings: Reading[] = [
      { time: FROM + 1, mgdl: MGDL_MIN },
      { time: FROM + 2, mgdl: MGDL_MAX },
      { time: FROM + 2 + READING_STEP_MS, mgdl: 180 },
      // Six hours without a sensor.
      { time: FROM + 6 * 3_600_000 + 17_345, mgdl: 54 },
      { time: FROM + 6 * 3_600_000 + 17_345 + 60_000, mgdl: 55 },
      // A reading the best part of a year later (the longest span a call may ask for is 400 days).
      { time: FROM + 399 * DAY_MS + 123, mgdl: 400 },
    ];
    expect(roundTrip(readings)).toEqual(readings);
    // Readings before the start pack too (the start is only where counting begins).
    expect(roundTrip(readings, FROM + 100 * DAY_MS)).toEqual(readings);
  });

  it('writes format 1 byte for byte on both sides of 2^28, where the packer changes method', () => {
    // Time steps whose zigzag codes sit around 2^28 and 2^31, 2^32 (d = code / 2 for d >= 0).
    const codes = [0, 126, 128, 2 ** 28 - 2, 2 ** 28, 2 ** 31, 2 ** 32 + 2];
    let time = FROM - READING_STEP_MS;
    const readings = codes.map((code, i) => ({ time: (time += READING_STEP_MS + code / 2), mgdl: 100 + i }));
    // LEB128 written the slow, obvious way: 7 bits a byte, low first, high bit set on all but the last.
    const leb128 = (n: number): number[] => (n < 128 ? [n] : [(n % 128) + 128, ...leb128(Math.floor(n / 128))]);
    const values = readings.map((r, i) => (i === 0 ? r.mgdl * 2 : 2));
    const expected = Uint8Array.from([...codes, ...values].flatMap(leb128));
    const packed = packReadings(readings, FROM);
    expect(Buffer.from(packed.data, 'base64')).toEqual(Buffer.from(expected));
    expect(unpackReadings(packed)).toEqual(readings);
  });

  it('packs nothing as nothing', () => {
    expect(packReadings([], FROM)).toMatchObject({ count: 0, data: '' });
    expect(roundTrip([])).toEqual([]);
  });

  it('round-trips any stored readings exactly (time and mg/dL), over whole years of ms', () => {
    fc.assert(
      fc.property(storedReadings(FROM, FROM + 400 * DAY_MS), fc.integer({ min: FROM - DAY_MS, max: FROM + 400 * DAY_MS }), (readings, start) => {
        expect(roundTrip(readings, start)).toEqual(readings);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips sensor-like series with gaps, off-grid readings and another step', () => {
    fc.assert(
      fc.property(sensorLikeReadings, fc.constantFrom(READING_STEP_MS, 60_000, 15 * 60_000), (readings, stepMs) => {
        const packed = packReadings(readings, FROM, stepMs);
        expect(unpackReadings(packed)).toEqual(readings);
        expect(packReadingColumns(Float64Array.from(readings, (r) => r.time), Uint16Array.from(readings, (r) => r.mgdl), FROM, stepMs)).toEqual(packed);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the same base64 without Node (the browser path) as with it', () => {
    fc.assert(
      fc.property(sensorLikeReadings, (readings) => {
        const withNode = packReadings(readings, FROM);
        vi.stubGlobal('Buffer', undefined);
        const withoutNode = packReadings(readings, FROM);
        vi.unstubAllGlobals();
        expect(withoutNode).toEqual(withNode);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses readings it could not bring back exactly', () => {
    expect(() => packReadings([{ time: FROM + 0.5, mgdl: 100 }], FROM)).toThrow(RangeError);
    expect(() => packReadings([{ time: FROM, mgdl: 100.5 }], FROM)).toThrow(RangeError);
    expect(() => packReadings([{ time: FROM, mgdl: MGDL_MAX + 1 }], FROM)).toThrow(RangeError);
    expect(() => packReadings([{ time: FROM, mgdl: 100 }, { time: FROM, mgdl: 101 }], FROM)).toThrow(RangeError);
    expect(() => packReadings([{ time: FROM + 10, mgdl: 100 }, { time: FROM, mgdl: 101 }], FROM)).toThrow(RangeError);
  });

  it('refuses a damaged stream rather than draw a wrong curve', () => {
    const packed = packReadings(gridDay(FROM), FROM);
    const damaged: PackedReadings[] = [
      { ...packed, count: packed.count + 1 },
      { ...packed, count: packed.count - 1 },
      { ...packed, data: packed.data.slice(0, -4) },
      { ...packed, data: `${packed.data}AAAA` },
      { ...packed, data: `!${packed.data.slice(1)}` },
      { ...packed, format: 2 as 1 },
    ];
    for (const p of damaged) expect(() => unpackReadings(p), JSON.stringify({ ...p, data: p.data.length })).toThrow(RangeError);
    // Well-formed varints whose value (1 mg/dL: bytes 0x00 0x02) is out of range.
    expect(() => unpackReadings({ ...packReadings([{ time: FROM, mgdl: 10 }], FROM), data: 'AAI=' })).toThrow(RangeError);
  });

  it('is what the packed calls answer: parsing unpacks to the readings the plain calls carry', () => {
    const readings = gridDay(FROM, 12);
    const answer = { memberId: 7, timeZone: 'Europe/Paris', readings: packReadings(readings, FROM) };
    expect(loadPackedReadingsResult.parse(JSON.parse(JSON.stringify(answer)))).toEqual({ ...answer, readings });
    const broken = loadPackedReadingsResult.safeParse({ ...answer, readings: { ...answer.readings, count: 13 } });
    expect(broken.success).toBe(false);
    expect(packedReportData.shape.readings).toBe(loadPackedReadingsResult.shape.readings);
  });
});
