import type { GlucoseEvent } from '@cgm-portal/api-client';
import type { GlucoseEventType } from '@cgm-portal/charts';
import { formatList, isolate, type useTranslation } from '@cgm-portal/i18n';
import type { GlucoseFormat } from './glucose-format';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The contract's event type as the charts name it. */
export const CHART_EVENT_TYPE: Record<GlucoseEvent['eventType'], GlucoseEventType> = {
  BG: 'bg',
  meal: 'meal',
  sport: 'sport',
  insulin: 'insulin',
  alert: 'alert',
  calibration: 'calibration',
  meds: 'meds',
  weight: 'weight',
};

/**
 * Sport names the portal knows in every language: what the seed, Nightscout ("Exercise") and
 * Clarity imports write. Any other name is the member's own words and is shown as typed.
 */
const KNOWN_SPORTS = ['running', 'cycling', 'swimming', 'walking', 'play', 'exercise'] as const;

/** A sport's name in the page language when it is one the portal knows, else as the member typed it. */
export function sportName(name: string, t: TFunction): string {
  const key = name.trim().toLowerCase();
  return (KNOWN_SPORTS as readonly string[]).includes(key) ? t(`events.sports.${key}`) : name;
}

/**
 * An event's description in the page language: meal tags, insulin kinds, alert kinds and known
 * sports are translated, glucose in the member's unit, and its parts joined by the language's
 * own list separator (i18n's formatting table), one rule for every row. The server's own
 * description is language-neutral.
 */
export function eventDescription(event: Pick<GlucoseEvent, 'detail'>, t: TFunction, format: Pick<GlucoseFormat, 'glucose' | 'unit' | 'number' | 'lang'>): string {
  const d = event.detail;
  const list = (...parts: string[]) => formatList(parts, format.lang);
  switch (d.eventType) {
    case 'BG':
      return t('events.bgValue', { value: format.glucose(d.mgdl), unit: format.unit });
    case 'meal': {
      const tag = t(`events.mealTags.${d.mealTag}`);
      return d.carbs == null ? tag : list(tag, t('events.carbs', { value: format.number(d.carbs, 0) }));
    }
    case 'sport':
      return list(sportName(d.sportName, t), t('events.sportDuration', { minutes: d.durationMinutes }));
    case 'insulin':
      return list(t(`events.insulinKinds.${d.insulinKind}`), t('events.insulinUnits', { dose: format.number(d.units, 1) }));
    case 'alert': {
      const kind = t(`events.alertKinds.${d.alertKind}`);
      // Value and unit isolated: in Arabic "mmol/L" would otherwise jump to the far end of the line.
      return d.mgdl == null ? kind : list(kind, isolate(`${format.glucose(d.mgdl)} ${format.unit}`));
    }
    case 'calibration':
      return t('events.calibrationValue', { value: format.glucose(d.mgdl), unit: format.unit });
    case 'meds':
      return d.dose.trim() ? list(d.medName, d.dose) : d.medName;
    case 'weight':
      return t('events.weightValue', { value: format.number(d.kg, 1) });
  }
}
