import type { GlucoseEvent } from '@cgm-portal/api-client';
import type { GlucoseEventType } from '@cgm-portal/charts';
import type { useTranslation } from '@cgm-portal/i18n';
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
 * An event's description in the page language: meal tags, insulin kinds and alert kinds are
 * translated, glucose in the member's unit. The server's own description is language-neutral.
 */
export function eventDescription(event: Pick<GlucoseEvent, 'detail'>, t: TFunction, format: Pick<GlucoseFormat, 'glucose' | 'unit' | 'number'>): string {
  const d = event.detail;
  switch (d.eventType) {
    case 'BG':
      return t('events.bgValue', { value: format.glucose(d.mgdl), unit: format.unit });
    case 'meal': {
      const tag = t(`events.mealTags.${d.mealTag}`);
      return d.carbs == null ? tag : `${tag}, ${t('events.carbs', { value: format.number(d.carbs, 0) })}`;
    }
    case 'sport':
      return `${d.sportName}, ${t('events.sportDuration', { minutes: d.durationMinutes })}`;
    case 'insulin':
      return t('events.insulinDose', { kind: t(`events.insulinKinds.${d.insulinKind}`), dose: format.number(d.units, 1) });
    case 'alert': {
      const kind = t(`events.alertKinds.${d.alertKind}`);
      return d.mgdl == null ? kind : `${kind}, ${format.glucose(d.mgdl)} ${format.unit}`;
    }
    case 'calibration':
      return t('events.calibrationValue', { value: format.glucose(d.mgdl), unit: format.unit });
    case 'meds':
      return t('events.medsDose', { name: d.medName, dose: d.dose });
    case 'weight':
      return t('events.weightValue', { value: format.number(d.kg, 1) });
  }
}
