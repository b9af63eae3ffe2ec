// CSF needs no Storybook import: local types keep the stories type-checked without a dependency
// (as in @cgm-portal/charts' stories).
import { createI18n, I18nProvider, type LanguageCode, type PortalI18n } from '@cgm-portal/i18n';
import { useMemo, type ComponentType, type ReactElement } from 'react';
import { AgpReport } from './components/agp-report';
import type { PageSize } from './components/page-geometry';
import { DEMO_PERSON, DEMO_PET, demoReportModel } from './fixtures';
import type { GlucoseUnit } from './model/types';

interface StoryMeta<P> {
  title: string;
  component: ComponentType<P>;
  args?: Partial<P>;
  parameters?: Record<string, unknown>;
  tags?: string[];
}

interface Story<P> {
  name?: string;
  args?: Partial<P>;
  parameters?: Record<string, unknown>;
  render?: (args: P) => ReactElement;
}

interface ReportStoryProps {
  language: LanguageCode;
  layout: 'screen' | 'print';
  pageSize: PageSize;
  subject: 'person' | 'pet';
  unit: GlucoseUnit;
  /** Days in the period. */
  days: number;
  /** Days of the period that hold readings. */
  daysWithReadings: number;
}

// One i18n instance per language, each starting in that language. `document: null` leaves the
// Storybook page alone: the report sets `dir` and `lang` on its own root.
const instances = new Map<LanguageCode, PortalI18n>();
function i18nFor(language: LanguageCode): PortalI18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = createI18n({ languages: language === 'en' ? ['en'] : [language, 'en'], defaultLanguage: language, storage: null, document: null });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The report as a page of the portal would show it: built from demo readings, in one language. */
function ReportStory({ language, layout, pageSize, subject, unit, days, daysWithReadings }: ReportStoryProps) {
  const model = useMemo(
    () => demoReportModel({ days, daysWithReadings, language, unit, subject: subject === 'pet' ? DEMO_PET : DEMO_PERSON }),
    [days, daysWithReadings, language, unit, subject],
  );
  return (
    <I18nProvider i18n={i18nFor(language)}>
      <div className="agp-story" style={{ background: layout === 'print' ? '#e5e7eb' : '#fff', padding: layout === 'print' ? '8mm 0' : 0 }}>
        {/* The grey desk around the sheets is for the screen only. */}
        <style>{'@media print { .agp-story { background: none !important; padding: 0 !important; } }'}</style>
        <AgpReport model={model} layout={layout} pageSize={pageSize} />
      </div>
    </I18nProvider>
  );
}

const meta: StoryMeta<ReportStoryProps> = {
  title: 'AGP Report/Report',
  tags: ['autodocs'],
  component: ReportStory,
  args: { language: 'en', layout: 'screen', pageSize: 'A4', subject: 'person', unit: 'mg/dL', days: 14, daysWithReadings: 14 },
  parameters: { layout: 'fullscreen' },
};
export default meta;

type S = Story<ReportStoryProps>;

/** On screen, as the report page of the portal shows it. */
export const ScreenPerson: S = {};
/** The print layout on A4: what the Print button and the PDF give, one section per page. */
export const PrintPersonA4: S = { args: { layout: 'print' } };
/** US Letter, mmol/L. */
export const PrintPersonLetterMmol: S = { args: { layout: 'print', pageSize: 'Letter', unit: 'mmol/L' } };
/** A cat: pet information, GMI and eA1c not applicable, no human goals. */
export const ScreenPet: S = { args: { subject: 'pet' } };
export const PrintPet: S = { args: { subject: 'pet', layout: 'print' } };
/** Arabic: the report root is right to left; charts keep time left to right. */
export const ArabicPrint: S = { args: { language: 'ar', layout: 'print', unit: 'mmol/L' } };
export const PersianScreen: S = { args: { language: 'fa', unit: 'mmol/L' } };
/** Chinese, with the YYYY-MM-DD dates of spec §9. */
export const ChinesePrint: S = { args: { language: 'zh', layout: 'print', unit: 'mmol/L' } };
export const ChineseScreen: S = { args: { language: 'zh', unit: 'mmol/L' } };
/** Three days of readings in a 14-day period: the message replaces the AGP sections. */
export const TooLittleData: S = { args: { daysWithReadings: 3 } };
export const TooLittleDataPrint: S = { args: { daysWithReadings: 3, layout: 'print' } };
/** Ninety days: 7 pages of daily profiles, 15 of all-day charts, 3 of daily statistics. */
export const NinetyDaysPrint: S = { args: { days: 90, daysWithReadings: 90, layout: 'print' } };
