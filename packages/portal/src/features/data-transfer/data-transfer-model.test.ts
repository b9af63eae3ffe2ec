import { describe, expect, it } from 'vitest';
import { defaultExportDays, exportSpan, nothingToAdd, progressOf, timeZoneChoices, uploaderAddress, xdripBaseUrl } from './data-transfer-model';

describe('data transfer model', () => {
  it('offers the member zone first, and UTC', () => {
    const zones = timeZoneChoices('Europe/London');
    expect(zones[0]).toBe('Europe/London');
    expect(zones).toContain('UTC');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('cuts export days in the member zone, the end day included, DST days 23 or 25 hours long', () => {
    expect(exportSpan('2024-03-31', '2024-03-31', 'Europe/London')).toEqual({ from: Date.UTC(2024, 2, 31), to: Date.UTC(2024, 2, 31, 23) });
    expect(exportSpan('2023-10-29', '2023-10-29', 'Europe/London')).toEqual({ from: Date.UTC(2023, 9, 28, 23), to: Date.UTC(2023, 9, 30) });
    expect(exportSpan('2024-05-02', '2024-05-01', 'UTC')).toBeNull();
    expect(exportSpan('nope', '2024-05-01', 'UTC')).toBeNull();
  });

  it('defaults to the last 90 days in the member zone', () => {
    expect(defaultExportDays(Date.UTC(2024, 5, 30, 23, 30), 'Asia/Shanghai')).toEqual({ from: '2024-04-03', to: '2024-07-01' });
  });

  it('marks server work as ongoing, and a finished step as full', () => {
    expect(progressOf('idle')).toBe(0);
    expect(progressOf('checking')).toBeNull();
    expect(progressOf('writing')).toBeNull();
    expect(progressOf('previewed')).toBe(100);
    expect(progressOf('done')).toBe(100);
  });

  it('knows when a file adds nothing', () => {
    const base = { readings: { added: 0, duplicates: 3 }, events: { added: 0, duplicates: 0 } };
    expect(nothingToAdd(base as never)).toBe(true);
    expect(nothingToAdd({ ...base, events: { added: 1, duplicates: 0 } } as never)).toBe(false);
  });

  it('gives the uploader the site address, without /api', () => {
    expect(uploaderAddress('', 'https://portal.example')).toBe('https://portal.example');
    expect(uploaderAddress('https://api.example/api/', 'https://portal.example')).toBe('https://api.example');
  });

  it('puts the secret in xDrip+\'s base URL as the user part, with the API v1 path', () => {
    expect(xdripBaseUrl('https://portal.example', 'Ab-9_x')).toBe('https://Ab-9_x@portal.example/api/v1/');
    expect(xdripBaseUrl('http://localhost:8787', 's3cret')).toBe('http://s3cret@localhost:8787/api/v1/');
    expect(xdripBaseUrl('https://host.example/cgm/', 'k')).toBe('https://k@host.example/cgm/api/v1/');
  });
});
