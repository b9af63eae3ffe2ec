import { percentDigits, registerLocaleTable } from '@cgm-portal/charts';
import { MGDL_PER_MMOL } from '@cgm-portal/glucose-metrics';
import { formatDate, formatNumber, formatPercent, intlLocale, LOCALE_FORMATS, type LanguageCode } from '@cgm-portal/i18n';
import { DateTime } from 'luxon';
import type { GlucoseUnit } from '../model/types';

/** How the report writes numbers, glucose, percentages and dates in one language and unit. */
export interface ReportFormat {
  lang: LanguageCode;
  unit: GlucoseUnit;
  /** BCP 47 locale handed to the charts: i18n's intlLocale (the portal's digits and calendar of the language). */
  chartLocale: string;
  /** Glucose in the display unit without the unit: "154" or "8.6"; "—" when missing. */
  glucose: (mgdl: number | null | undefined) => string;
  /** 0–100 with the language's percent sign; decimals as the charts' percentDigits (goal `thresholds` beside it). */
  percent: (percent: number | null | undefined, thresholds?: readonly number[]) => string;
  /** 0–100 with the language's percent sign and one decimal: GMI and eA1c ("7.0%", "7,0 %"). */
  percentOneDecimal: (percent: number | null | undefined) => string;
  /** A plain number with `digits` decimals. */
  number: (value: number | null | undefined, digits?: number) => string;
  /** An epoch-ms instant as a date in the member's zone (DD/MM/YYYY, Chinese YYYY-MM-DD). */
  date: (epochMs: number) => string;
  /** A local yyyy-MM-dd date in the same pattern. */
  localDate: (isoDate: string) => string;
}

// The charts learn the names of languages a browser's Intl lacks from the one table (i18n).
registerLocaleTable(LOCALE_FORMATS);

export function createReportFormat(lang: LanguageCode, unit: GlucoseUnit, timeZone: string): ReportFormat {
  const mmol = unit === 'mmol/L';
  const number = (value: number | null | undefined, digits = 0) =>
    formatNumber(value, lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return {
    lang,
    unit,
    chartLocale: intlLocale(lang),
    // Units convert here, at the edge of display, with the product's one factor (spec §9).
    glucose: (mgdl) => (mgdl == null ? number(null) : number(mmol ? mgdl / MGDL_PER_MMOL : mgdl, mmol ? 1 : 0)),
    percent: (p, thresholds) => {
      const digits = p == null ? 0 : percentDigits(p, thresholds);
      return formatPercent(p, lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
    },
    percentOneDecimal: (p) => formatPercent(p, lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
    number,
    date: (epochMs) => formatDate(epochMs, { zone: timeZone, lang }),
    localDate: (isoDate) => formatDate(DateTime.fromISO(isoDate, { zone: 'UTC' }).toMillis(), { zone: 'UTC', lang }),
  };
}
