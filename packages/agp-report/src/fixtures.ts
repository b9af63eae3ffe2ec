/**
 * Demo subjects, device and readings for tests and stories: deterministic synthetic CGM data from
 * @cgm-portal/charts' fixtures (Europe/Paris, a DST change inside 90 days). Published as
 * `@cgm-portal/agp-report/fixtures` for the portal's stories and tests; not for production code.
 */
import { FIXTURE_START_DATE, FIXTURE_TIME_ZONE, syntheticReadings } from '@cgm-portal/charts';
import type { Reading } from '@cgm-portal/glucose-metrics';
import type { LanguageCode } from '@cgm-portal/i18n';
import { DateTime } from 'luxon';
import { buildReportModel } from './model/report-model';
import type { AgpReportModel, GlucoseUnit, PersonSubject, PetSubject, ReportDevice, ReportModelOptions } from './model/types';

export const DEMO_TIME_ZONE = FIXTURE_TIME_ZONE;

export const DEMO_PERSON: PersonSubject = {
  kind: 'person',
  name: 'Alex Martin',
  birthday: '1984-06-17',
  gender: 2,
  diabetesType: 2,
  diagnosisYear: 2009,
};

export const DEMO_PET: PetSubject = {
  kind: 'pet',
  name: 'Miso',
  petType: 'cat',
  breed: 'British Shorthair',
  birthday: '2015-04-02',
  weightKg: 5.4,
  diabetesType: 2,
  insulinType: 'Insulin Glargine',
  insulinFreqDays: 0.5,
  insulinDoseUnits: 2,
  syringeType: 100,
};

export function demoDevice(startDate = FIXTURE_START_DATE, days = 14): ReportDevice {
  const first = DateTime.fromISO(startDate, { zone: DEMO_TIME_ZONE }).startOf('day');
  const sessions = [];
  for (let d = -3, k = 0; d < days; d += 14, k++) {
    const start = first.plus({ days: d, hours: 9 }).toMillis();
    const end = first.plus({ days: d + 14, hours: 9 }).toMillis();
    const running = d + 14 >= days;
    sessions.push({ sn: `3MH00${21 + k}A`, start, end: running ? null : end, status: running ? ('active' as const) : ('ended' as const) });
  }
  return { model: 'Demo CGM G1', sn: 'G1-20240917-0042', sessions };
}

export interface DemoOptions {
  days?: number;
  subject?: PersonSubject | PetSubject;
  language?: LanguageCode;
  unit?: GlucoseUnit;
  seed?: number;
  /** Days of readings inside the period (the rest of the period is empty). @default days */
  daysWithReadings?: number;
  ranges?: ReportModelOptions['ranges'];
}

/** The period [from, to) of `days` local days starting at the fixtures' first day. */
export function demoPeriod(days: number): { from: number; to: number } {
  const first = DateTime.fromISO(FIXTURE_START_DATE, { zone: DEMO_TIME_ZONE }).startOf('day');
  return { from: first.toMillis(), to: first.plus({ days }).toMillis() };
}

export function demoReadings(days: number, seed = 1): Reading[] {
  return syntheticReadings({ days, seed });
}

/** A report model for the demo data. `generatedAt` is fixed so snapshots and stories are stable. */
export function demoReportModel(options: DemoOptions = {}): AgpReportModel {
  const days = options.days ?? 14;
  const { from, to } = demoPeriod(days);
  return buildReportModel(demoReadings(options.daysWithReadings ?? days, options.seed), {
    timeZone: DEMO_TIME_ZONE,
    from,
    to,
    unit: options.unit ?? 'mg/dL',
    subject: options.subject ?? DEMO_PERSON,
    device: demoDevice(FIXTURE_START_DATE, days),
    language: options.language ?? 'en',
    generatedAt: to + 9 * 3_600_000,
    ...(options.ranges ? { ranges: options.ranges } : {}),
  });
}
