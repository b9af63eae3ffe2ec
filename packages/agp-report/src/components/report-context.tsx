import type { useTranslation } from '@cgm-portal/i18n';
import { createContext, useContext } from 'react';
import type { AgpReportModel } from '../model/types';
import type { ReportFormat } from './format';
import type { PageSize } from './page-geometry';

export type ReportT = ReturnType<typeof useTranslation>['t'];

/** What every section of the report reads: the model, translations and formatters in the report's language, the layout. */
export interface ReportContextValue {
  model: AgpReportModel;
  t: ReportT;
  fmt: ReportFormat;
  layout: 'screen' | 'print';
  pageSize: PageSize;
  /** Fixed chart width in print (px); undefined on screen, where charts fill their container. */
  chartWidth: number | undefined;
  /** Translated unit label ("mg/dL", "mmol/L"). */
  unitLabel: string;
}

export const ReportContext = createContext<ReportContextValue | null>(null);

export function useReport(): ReportContextValue {
  const value = useContext(ReportContext);
  if (!value) throw new Error('Report sections must be rendered inside <AgpReport>');
  return value;
}
