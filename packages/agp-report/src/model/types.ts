import type {
  AgpProfile,
  DailyProfile,
  EpisodeKindSummary,
  GlucoseRanges,
  GlucoseSummary,
  RangePercentages,
} from '@cgm-portal/glucose-metrics';
import type { LanguageCode } from '@cgm-portal/i18n';

/** Display unit of glucose. Data stays in mg/dL; conversion happens only where a number is shown. */
export type GlucoseUnit = 'mg/dL' | 'mmol/L';

/** Diabetes type as the profile stores it (spec §3): 1 none, 2 type 1, 3 type 2, 4 gestational, 5 other. */
export type DiabetesTypeCode = 1 | 2 | 3 | 4 | 5;

/** A person wearing the CGM (spec §3 "Profile, people"). */
export interface PersonSubject {
  kind: 'person';
  name: string;
  /** yyyy-MM-dd */
  birthday?: string | null;
  /** 1 male, 2 female, 0 prefer not to say. */
  gender?: 0 | 1 | 2 | null;
  diabetesType?: DiabetesTypeCode | null;
  diagnosisYear?: number | null;
}

/** Insulin types of the pet profile (spec §3 "Profile, pet"), as the server spells them. */
export type PetInsulinType = 'Lente' | 'Insulin Glargine' | 'PZI' | 'NPH' | 'Detemir';

/** A cat or a dog wearing the CGM (spec §3 "Profile, pet"). */
export interface PetSubject {
  kind: 'pet';
  name: string;
  petType: 'cat' | 'dog' | null;
  breed?: string | null;
  /** yyyy-MM-dd */
  birthday?: string | null;
  weightKg?: number | null;
  diabetesType?: 1 | 2 | 3 | null;
  insulinType?: PetInsulinType | null;
  /** Days between injections. */
  insulinFreqDays?: number | null;
  /** Units (U) per injection. */
  insulinDoseUnits?: number | null;
  /** U-40, U-100 or U-500. */
  syringeType?: 40 | 100 | 500 | null;
}

export type ReportSubject = PersonSubject | PetSubject;

/** Sensor session states (spec §4). */
export type SensorSessionStatus = 'initializing' | 'active' | 'expired' | 'ended';

/** One sensor wear inside or overlapping the report period. */
export interface ReportSensorSession {
  /** Sensor serial number. */
  sn: string;
  /** Epoch ms. */
  start: number;
  /** Epoch ms; null while the sensor is still running. */
  end: number | null;
  status: SensorSessionStatus;
}

/** The CGM device the readings come from (spec §3 "Device"). */
export interface ReportDevice {
  model?: string | null;
  /** Device serial number. */
  sn?: string | null;
  sessions?: readonly ReportSensorSession[];
}

/** Consensus goal set to evaluate (Battelino 2019): type 1/type 2, or older/high-risk. */
export type ReportGoalSet = 'standard' | 'olderHighRisk';

export interface ReportModelOptions {
  /** IANA zone in which days and hours are cut (the member's, never the browser's by accident). */
  timeZone: string;
  /** Start of the period, epoch ms, inclusive (normally a local midnight). */
  from: number;
  /** End of the period, epoch ms, exclusive (normally a local midnight). */
  to: number;
  /** Target range thresholds, mg/dL. @default DEFAULT_RANGES (54/70/180/250) */
  ranges?: Partial<GlucoseRanges>;
  unit: GlucoseUnit;
  subject: ReportSubject;
  device?: ReportDevice | null;
  language: LanguageCode;
  /** Goal set the time-in-ranges verdicts use. @default 'standard' */
  goalSet?: ReportGoalSet;
  /** When the report was made, epoch ms. @default Date.now() */
  generatedAt?: number;
  /** Nominal sensor interval in minutes (5 or 15); inferred from the data when omitted. */
  intervalMinutes?: number;
}

/** GRI zone, Klonoff 2022: A 0–20, B 21–40, C 41–60, D 61–80, E 81–100. */
export type GriZone = 'A' | 'B' | 'C' | 'D' | 'E';

export interface GriResultModel {
  /** 0–100. */
  value: number;
  zone: GriZone;
  /** Hypoglycaemia component, % (VLow + 0.8·Low). */
  hypo: number;
  /** Hyperglycaemia component, % (VHigh + 0.5·High). */
  hyper: number;
}

/** One row of the daily statistics table. Glucose in mg/dL, percentages 0–100; null where the day has no data. */
export interface DailyStatisticsRow {
  /** Local date, yyyy-MM-dd. */
  date: string;
  readings: number;
  meanMgdl: number | null;
  minMgdl: number | null;
  maxMgdl: number | null;
  sdMgdl: number | null;
  cvPercent: number | null;
  tirPercent: number | null;
  tbrPercent: number | null;
  tarPercent: number | null;
}

/** One day of the multi-day trend (the shape of charts' DailyTrendPoint). */
export interface TrendDay {
  date: string;
  mgdl: number | null;
  lowMgdl: number | null;
  highMgdl: number | null;
}

/** Everything the AGP report shows, computed once, with no React in it. */
export interface AgpReportModel {
  language: LanguageCode;
  direction: 'ltr' | 'rtl';
  timeZone: string;
  unit: GlucoseUnit;
  ranges: GlucoseRanges;
  subject: ReportSubject;
  device: ReportDevice | null;
  generatedAt: number;
  goalSet: ReportGoalSet;
  period: {
    from: number;
    to: number;
    /** Local dates of the first and last day, yyyy-MM-dd. */
    firstDate: string;
    lastDate: string;
    /** Local calendar days in [from, to). */
    calendarDays: number;
  };
  sufficiency: {
    /** Local calendar days holding at least one reading (glucose-metrics' agpProfile().days). */
    daysWithData: number;
    /** % CGM active time over the report period (glucose-metrics' activePercent rescaled to the period; see periodActivePercent). */
    activePercent: number | null;
    /** glucose-metrics' activePercent as it is: from the first to the last reading. */
    wearActivePercent: number | null;
    /** glucose-metrics' hasEnoughDataForAgp: at least AGP_MIN_DAYS days with data. */
    enoughForAgp: boolean;
    minDays: number;
    /** Consensus: 14 days with ≥ 70 % active time (Battelino 2019). */
    meetsRecommendation: boolean;
  };
  /** glucose-metrics' summarize() over the period. */
  summary: GlucoseSummary;
  /** Percent of readings in each of the five bands (glucose-metrics' timeInRanges); null without readings. */
  timeInRanges: RangePercentages | null;
  /**
   * The same over the consensus ranges (54/70/180/250 mg/dL), against which the consensus goals are
   * written; equal to `timeInRanges` unless the member set a custom target range.
   */
  consensusTimeInRanges: RangePercentages | null;
  metrics: {
    meanMgdl: number | null;
    sdMgdl: number | null;
    cvPercent: number | null;
    /** False for cats and dogs: GMI and eA1c are regressions fitted on people. */
    a1cEstimatesApply: boolean;
    /** False for cats and dogs: the consensus goals and GRI were set by and for clinicians of people. */
    humanTargetsApply: boolean;
    /** Null when not applicable or without data. */
    gmiPercent: number | null;
    gmiMmolMol: number | null;
    eA1cPercent: number | null;
    eA1cMmolMol: number | null;
    gri: GriResultModel | null;
  };
  /**
   * Low and high glucose events of the period (consensus episodes of at least 15 minutes, as
   * LibreView's AGP counts them), with the thresholds they were found with.
   */
  glucoseEvents: {
    lowBelowMgdl: number;
    highAboveMgdl: number;
    low: EpisodeKindSummary;
    high: EpisodeKindSummary;
  };
  /** Null when fewer than AGP_MIN_DAYS days have data. */
  agp: AgpProfile | null;
  /** Every local day of the period, empty days included (glucose-metrics' dailyProfiles). */
  days: DailyProfile[];
  /** Days grouped 14 per page for the daily glucose profiles: two weeks, one week (7 days) per row. */
  dailyPages: DailyProfile[][];
  trend: TrendDay[];
  dailyStatistics: DailyStatisticsRow[];
}
