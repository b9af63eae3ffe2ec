/**
 * @cgm-portal/agp-report: the AGP report (IDC AGP v5 layout) as React components, for the screen,
 * the browser's print and the PDF, in the portal's 18 languages, for people and for pets.
 */
export { AgpReport } from './components/agp-report';
export type { AgpReportProps, ReportDetail, ReportPageKind } from './components/agp-report';
export type { PageSize } from './components/page-geometry';
export { ALL_DAY_CHARTS_PER_PAGE, DAILY_STATISTICS_ROWS_PER_PAGE, PAGE_MARGIN_MM, PAPER_MM, contentWidthPx } from './components/page-geometry';
export { buildReportModel, DAYS_PER_DAILY_PAGE, RECOMMENDED_ACTIVE_PERCENT, RECOMMENDED_DAYS } from './model/report-model';
export { griZoneOf, GRI_ZONE_UPPER_BOUNDS } from './model/gri-zone';
export type {
  AgpReportModel,
  DailyStatisticsRow,
  DiabetesTypeCode,
  GlucoseUnit,
  GriResultModel,
  GriZone,
  PersonSubject,
  PetInsulinType,
  PetSubject,
  ReportDevice,
  ReportGoalSet,
  ReportModelOptions,
  ReportSensorSession,
  ReportSubject,
  SensorSessionStatus,
  TrendDay,
} from './model/types';
