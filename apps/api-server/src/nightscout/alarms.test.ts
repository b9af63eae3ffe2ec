import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertLevelOf } from '../alerts/alert-level';
import { SERVER_LANGUAGES, translate } from '../i18n/messages';
import { alarmFor, clearFor, glucoseShown } from './alarms';

const human = { unit: 'mmol/L', urgentLowAlert: 55, lowAlert: 70, highAlert: 250, urgentHighAlert: 300 };

describe('the alert a glucose value raises', () => {
  it('starts below the low thresholds and above the high ones, not at them', () => {
    const levels = [54, 55, 69, 70, 250, 251, 300, 301].map((v) => alertLevelOf(v, human));
    expect(levels).toEqual(['urgentLow', 'low', 'low', null, null, 'high', 'high', 'urgentHigh']);
  });
});

describe('a Nightscout alarm', () => {
  it('is urgent for the urgent alerts and a warning for the others, low or high as AAPS reads eventName', () => {
    expect(alarmFor(50, human, 'en')).toMatchObject({ event: 'urgent_alarm', alarm: { level: 2, eventName: 'low', group: 'default', key: 'simplealarms_2' } });
    expect(alarmFor(65, human, 'en')).toMatchObject({ event: 'alarm', alarm: { level: 1, eventName: 'low' } });
    expect(alarmFor(260, human, 'en')).toMatchObject({ event: 'alarm', alarm: { level: 1, eventName: 'high' } });
    expect(alarmFor(320, human, 'en')).toMatchObject({ event: 'urgent_alarm', alarm: { level: 2, eventName: 'high' } });
    expect(alarmFor(120, human, 'en')).toBeNull();
  });

  it('speaks the member’s unit and the secret’s language, decimal comma included', () => {
    expect(alarmFor(50, human, 'en')!.alarm).toMatchObject({ title: 'Urgent low glucose alert', message: 'Current glucose: 2.8 mmol/L' });
    expect(alarmFor(50, human, 'fr_FR')!.alarm).toMatchObject({ title: 'Alerte glycémie très basse', message: 'Glycémie actuelle\u00a0: 2,8 mmol/L' });
    expect(alarmFor(260, { ...human, unit: 'mg/dL' }, 'zh_CN')!.alarm).toMatchObject({ title: '高血糖报警', message: '当前血糖: 260 mg/dL' });
    expect(clearFor(120, 'mmol/L', 'es')).toEqual({ clear: true, title: 'Alerta finalizada', message: 'Glucosa actual: 6,7 mmol/L', group: 'default' });
    expect(glucoseShown(99.4, 'mg/dL', 'ar')).toEqual({ value: '99', unit: 'mg/dL' });
  });

  it('has its titles in every server language, the same words as the portal’s alert events', () => {
    for (const lang of SERVER_LANGUAGES) {
      const portal = JSON.parse(readFileSync(new URL(`../../../../packages/i18n/src/locales/${lang}.json`, import.meta.url), 'utf8')) as {
        events: { alertKinds: Record<string, string> };
        home: { currentGlucose: string };
      };
      const kinds = portal.events.alertKinds;
      expect([translate(lang, 'alarmUrgentLow'), translate(lang, 'alarmLow'), translate(lang, 'alarmHigh'), translate(lang, 'alarmUrgentHigh')], lang).toEqual([
        kinds.urgentLow,
        kinds.low,
        kinds.high,
        kinds.urgentHigh,
      ]);
      expect(translate(lang, 'glucoseNow', { value: '1', unit: 'u' }).startsWith(portal.home.currentGlucose), lang).toBe(true);
      if (lang !== 'en') {
        expect(translate(lang, 'alarmCleared'), lang).not.toBe(translate('en', 'alarmCleared'));
        expect(translate(lang, 'alarmAcknowledged'), lang).not.toBe(translate('en', 'alarmAcknowledged'));
      }
    }
  });
});
