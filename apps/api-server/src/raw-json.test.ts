import { describe, expect, it } from 'vitest';
import { RawJson, stringifyAnswer } from './http';

describe('answers with JSON spliced in (RawJson)', () => {
  const packed = '{"format":1,"start":0,"stepMs":300000,"count":2,"data":"AAIA"}';

  it('splices every RawJson as it is, at any depth, and gives the same text as the parsed value', () => {
    const answer = {
      code: 200,
      message: 'Success',
      item: { memberId: 7, readings: new RawJson(packed), days: [new RawJson('[1,2]'), { nested: new RawJson('null') }] },
    };
    const text = stringifyAnswer(answer);
    expect(text).toContain(`"readings":${packed}`);
    expect(JSON.parse(text)).toEqual({
      code: 200,
      message: 'Success',
      item: { memberId: 7, readings: JSON.parse(packed), days: [[1, 2], { nested: null }] },
    });
  });

  it('leaves alone a member’s text that looks like a placeholder', () => {
    const note = 'raw:0 "raw0:0" \u2028';
    const text = stringifyAnswer({ note, readings: new RawJson('[]') });
    expect(JSON.parse(text)).toEqual({ note, readings: [] });
  });

  it('is the value itself in any other JSON.stringify, even one inside another answer', () => {
    expect(JSON.stringify({ readings: new RawJson(packed) })).toBe(`{"readings":${packed}}`);
    // Answers made one after another share nothing.
    expect(stringifyAnswer({ a: new RawJson('1') })).toBe('{"a":1}');
    expect(stringifyAnswer({ b: new RawJson('2'), c: new RawJson('3') })).toBe('{"b":2,"c":3}');
  });
});
