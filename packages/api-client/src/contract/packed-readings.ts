import { MGDL_MAX, MGDL_MIN } from './common';

/**
 * Readings packed for the wire (issue 19): a 90-day view is 26,000 readings, about 850 KB as
 * JSON objects and about 60 KB packed. Readings are integer mg/dL at integer epoch ms; most
 * arrive every 5 minutes, but not all on a grid (sensor clocks drift, uploads back-fill, some
 * sensors read every minute), so nothing is rounded: every time and value comes back exactly.
 *
 * Layout (format 1): two runs of unsigned LEB128 varints of zigzag-coded integers, in base64.
 *   1. `count` time steps: reading i is at t(i-1) + stepMs + d(i), with t(-1) = start - stepMs.
 *      On a 5-minute grid d is 0 (one byte); a gap of k missing readings is d = k * stepMs;
 *      an off-grid reading is the exact difference.
 *   2. `count` value steps: mg/dL(i) = mg/dL(i-1) + e(i), with mg/dL(-1) = 0.
 * The times run first and the values second, so each run compresses well on its own.
 */
export const PACKED_READINGS_FORMAT = 1;
/** The usual CGM interval: a reading on time costs one byte of time. */
export const READING_STEP_MS = 5 * 60_000;

export interface PackedReadings {
  format: typeof PACKED_READINGS_FORMAT;
  /** The instant time steps count from; the span's `from` by convention. */
  start: number;
  stepMs: number;
  count: number;
  /** base64 of the varints (standard alphabet, padded). */
  data: string;
}

/** One reading, as glucose-metrics takes it. */
export interface PackedReading {
  time: number;
  mgdl: number;
}

/** The longest varint a safe integer needs (53 bits, 7 per byte). */
const MAX_VARINT_BYTES = 8;

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

class ByteWriter {
  bytes: Uint8Array;
  length = 0;
  /** `capacity`: the bytes expected (it grows past them if need be). */
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }
  varint(value: number): void {
    // One byte (a reading on the grid, a small mg/dL step): most of them, so it goes first.
    if (value < 128 && value >= 0 && this.length < this.bytes.length) {
      this.bytes[this.length++] = value;
      return;
    }
    if (this.length + MAX_VARINT_BYTES > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let n = value;
    if (n < 0x10000000) {
      // Under 2^28 (every step on a grid, every mg/dL step): bit operators are exact, and quicker.
      while (n >= 128) {
        this.bytes[this.length++] = (n & 127) | 128;
        n >>>= 7;
      }
      this.bytes[this.length++] = n;
      return;
    }
    // Arithmetic, not bit operators: times and gaps pass 2^31.
    while (n >= 128) {
      this.bytes[this.length++] = (n % 128) + 128;
      n = Math.floor(n / 128);
    }
    this.bytes[this.length++] = n;
  }
}

/**
 * Packs readings that ascend strictly in time (as the store returns them). Throws on anything
 * that could not come back exactly: a non-integer, a time out of order, a value out of range.
 */
export function packReadings(readings: readonly PackedReading[], start: number, stepMs = READING_STEP_MS): PackedReadings {
  return packReadingColumns(
    readings.map((r) => r.time),
    readings.map((r) => r.mgdl),
    start,
    stepMs,
  );
}

/** packReadings over two columns (times ascending, mg/dL), as a server's day cache holds them. */
export function packReadingColumns(times: ArrayLike<number>, values: ArrayLike<number>, start: number, stepMs = READING_STEP_MS): PackedReadings {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(stepMs) || stepMs <= 0) throw new RangeError('start and stepMs must be integers, stepMs > 0');
  if (times.length !== values.length) throw new RangeError('as many times as values');
  // About a byte a time and a byte a value; off-grid times and large steps take a few more.
  const writer = new ByteWriter(times.length * 2 + 64);
  let previous = start - stepMs;
  for (let i = 0; i < times.length; i++) {
    const time = times[i]!;
    if (!Number.isSafeInteger(time) || (i > 0 && time <= previous)) throw new RangeError(`reading time ${time} is not an integer after ${previous}`);
    writer.varint(zigzag(time - previous - stepMs));
    previous = time;
  }
  let value = 0;
  for (let i = 0; i < values.length; i++) {
    const mgdl = values[i]!;
    if (!Number.isInteger(mgdl) || mgdl < MGDL_MIN || mgdl > MGDL_MAX) throw new RangeError(`mg/dL ${mgdl} is not an integer from ${MGDL_MIN} to ${MGDL_MAX}`);
    writer.varint(zigzag(mgdl - value));
    value = mgdl;
  }
  return { format: PACKED_READINGS_FORMAT, start, stepMs, count: times.length, data: toBase64(writer.bytes.subarray(0, writer.length)) };
}

/**
 * The readings back, exactly. Throws a RangeError on anything malformed (a truncated or padded
 * stream, an unknown format, times not ascending, a value out of range): a damaged answer must
 * never draw a wrong glucose curve.
 */
export function unpackReadings(packed: PackedReadings): PackedReading[] {
  const { format, start, stepMs, count } = packed;
  if (format !== PACKED_READINGS_FORMAT) throw new RangeError(`unknown packed readings format ${String(format)}`);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(stepMs) || stepMs <= 0 || !Number.isSafeInteger(count) || count < 0) {
    throw new RangeError('bad packed readings header');
  }
  const bytes = fromBase64(packed.data);
  let at = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      if (at >= bytes.length) throw new RangeError('packed readings end early');
      const byte = bytes[at++]!;
      value += (byte % 128) * scale;
      if (byte < 128) {
        if (!Number.isSafeInteger(value)) break;
        return value;
      }
      scale *= 128;
    }
    throw new RangeError('packed readings hold a number too large');
  };
  const times = new Float64Array(count);
  let time = start - stepMs;
  for (let i = 0; i < count; i++) {
    const nextTime = time + stepMs + unzigzag(next());
    if (i > 0 && nextTime <= time) throw new RangeError('packed reading times do not ascend');
    if (!Number.isSafeInteger(nextTime)) throw new RangeError('packed reading time out of range');
    time = nextTime;
    times[i] = time;
  }
  // Built by push with each object whole: a packed array of one object shape, which every
  // metric and chart then walks at full speed (a pre-sized array would stay "holey" in V8).
  const readings: PackedReading[] = [];
  let value = 0;
  for (let i = 0; i < count; i++) {
    value += unzigzag(next());
    if (value < MGDL_MIN || value > MGDL_MAX) throw new RangeError(`packed mg/dL ${value} out of range`);
    readings.push({ time: times[i]!, mgdl: value });
  }
  if (at !== bytes.length) throw new RangeError('packed readings carry extra bytes');
  return readings;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

type NodeBuffer = { from(bytes: Uint8Array): { toString(encoding: 'base64'): string } };

// Node's native base64 where there is one (the server packs, about 20 times faster); written
// out elsewhere (browsers, workers), with no binary strings.
function toBase64(bytes: Uint8Array): string {
  const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (nodeBuffer) return nodeBuffer.from(bytes).toString('base64');
  const parts: string[] = [];
  let chunk = '';
  const full = bytes.length - (bytes.length % 3);
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - full;
  if (rest === 1) {
    const n = bytes[full]! << 16;
    chunk += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = (bytes[full]! << 16) | (bytes[full + 1]! << 8);
    chunk += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}${ALPHABET[(n >> 6) & 63]!}=`;
  }
  parts.push(chunk);
  return parts.join('');
}

function fromBase64(text: string): Uint8Array {
  if (text.length % 4 !== 0) throw new RangeError('packed readings are not base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  const sextet = (i: number): number => {
    const code = text.charCodeAt(i);
    const value = code < 128 ? DECODE[code]! : -1;
    if (value < 0) throw new RangeError('packed readings are not base64');
    return value;
  };
  let out = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const a = sextet(i);
    const b = sextet(i + 1);
    const c = last && padding === 2 ? 0 : sextet(i + 2);
    const d = last && padding >= 1 ? 0 : sextet(i + 3);
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[out++] = n >> 16;
    if (out < bytes.length) bytes[out++] = (n >> 8) & 255;
    if (out < bytes.length) bytes[out++] = n & 255;
  }
  return bytes;
}
