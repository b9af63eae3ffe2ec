import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import type { PersonSubject, PetInsulinType, PetSubject, ReportDevice, SensorSessionStatus } from '../model/types';
import { useReport } from '../components/report-context';

const GENDER_KEYS = { 0: 'profile.genders.0', 1: 'profile.genders.1', 2: 'profile.genders.2' } as const;
const DIABETES_TYPE_KEYS = {
  1: 'profile.diabetesTypes.1',
  2: 'profile.diabetesTypes.2',
  3: 'profile.diabetesTypes.3',
  4: 'profile.diabetesTypes.4',
  5: 'profile.diabetesTypes.5',
} as const;
const PET_DIABETES_TYPE_KEYS = { 1: 'profile.pet.diabetesTypes.1', 2: 'profile.pet.diabetesTypes.2', 3: 'profile.pet.diabetesTypes.3' } as const;
const PET_TYPE_KEYS = { cat: 'profile.pet.petTypes.cat', dog: 'profile.pet.petTypes.dog' } as const;
const INSULIN_TYPE_KEYS: Record<PetInsulinType, string> = {
  Lente: 'profile.pet.insulinTypes.lente',
  'Insulin Glargine': 'profile.pet.insulinTypes.glargine',
  PZI: 'profile.pet.insulinTypes.pzi',
  NPH: 'profile.pet.insulinTypes.nph',
  Detemir: 'profile.pet.insulinTypes.detemir',
};
const SYRINGE_KEYS = { 40: 'profile.pet.syringeTypes.40', 100: 'profile.pet.syringeTypes.100', 500: 'profile.pet.syringeTypes.500' } as const;
const SESSION_STATUS_KEYS: Record<SensorSessionStatus, string> = {
  initializing: 'session.initializing',
  active: 'session.active',
  expired: 'session.expired',
  ended: 'session.ended',
};

/** A definition list that skips facts the profile does not hold. */
function Facts({ items }: { items: readonly (readonly [string, ReactNode | null | undefined])[] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="agp-facts">
      {shown.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PersonInfo({ subject }: { subject: PersonSubject }) {
  const { t, fmt } = useReport();
  return (
    <section className="agp-block" aria-labelledby="agp-subject">
      <h3 id="agp-subject">{t('agp.patientInfo')}</h3>
      <Facts
        items={[
          [t('agp.name'), subject.name],
          [t('agp.dateOfBirth'), subject.birthday ? fmt.localDate(subject.birthday) : null],
          [t('profile.gender'), subject.gender != null ? t(GENDER_KEYS[subject.gender]) : null],
          [t('profile.diabetesType'), subject.diabetesType != null ? t(DIABETES_TYPE_KEYS[subject.diabetesType]) : null],
          [t('profile.diagnosisYear'), subject.diagnosisYear != null ? <span className="agp-ltr">{subject.diagnosisYear}</span> : null],
        ]}
      />
    </section>
  );
}

/** Whole years from a yyyy-MM-dd birthday to `at`, in the member's zone (the profile's read-only age). */
function ageInYears(birthday: string, at: number, timeZone: string): number | null {
  const born = DateTime.fromISO(birthday, { zone: timeZone });
  if (!born.isValid) return null;
  const years = Math.floor(DateTime.fromMillis(at, { zone: timeZone }).diff(born, 'years').years);
  return years >= 0 ? years : null;
}

function PetInfo({ subject }: { subject: PetSubject }) {
  const { t, fmt, model } = useReport();
  const age = subject.birthday ? ageInYears(subject.birthday, model.period.to, model.timeZone) : null;
  return (
    <section className="agp-block" aria-labelledby="agp-subject">
      <h3 id="agp-subject">{t('agp.petInfo')}</h3>
      <Facts
        items={[
          [t('profile.pet.petName'), subject.name],
          [t('profile.pet.petType'), subject.petType ? t(PET_TYPE_KEYS[subject.petType]) : null],
          [t('profile.pet.breed'), subject.breed],
          [t('agp.dateOfBirth'), subject.birthday ? fmt.localDate(subject.birthday) : null],
          [t('profile.pet.age'), age !== null ? t('profile.pet.ageYears', { count: age }) : null],
          [t('profile.pet.weightKg'), subject.weightKg != null ? fmt.number(subject.weightKg, 1) : null],
          [t('profile.pet.diabetesType'), subject.diabetesType != null ? t(PET_DIABETES_TYPE_KEYS[subject.diabetesType]) : null],
          [t('profile.pet.insulinType'), subject.insulinType ? t(INSULIN_TYPE_KEYS[subject.insulinType]) : null],
          [t('profile.pet.insulinDose'), subject.insulinDoseUnits != null ? fmt.number(subject.insulinDoseUnits, 1) : null],
          [t('profile.pet.insulinFreq'), subject.insulinFreqDays != null ? fmt.number(subject.insulinFreqDays, 2) : null],
          [t('profile.pet.syringeType'), subject.syringeType != null ? <span className="agp-ltr">{t(SYRINGE_KEYS[subject.syringeType])}</span> : null],
        ]}
      />
    </section>
  );
}

function DeviceInfo({ device }: { device: ReportDevice | null }) {
  const { t, model } = useReport();
  return (
    <section className="agp-block" aria-labelledby="agp-device">
      <h3 id="agp-device">{t('agp.deviceInfo')}</h3>
      <Facts
        items={[
          [t('session.model'), device?.model ?? t('common.notSet')],
          [t('session.deviceSn'), device?.sn ? <span className="agp-ltr">{device.sn}</span> : t('common.notSet')],
          [t('session.timeZone'), <span className="agp-ltr">{model.timeZone}</span>],
        ]}
      />
    </section>
  );
}

/** The sensor wears that overlap the period: detail, after the AGP's two pages. */
export function SensorSessionsSection() {
  const { t, fmt, model } = useReport();
  const sessions = (model.device?.sessions ?? []).filter((s) => s.start < model.period.to && (s.end === null || s.end > model.period.from));
  if (sessions.length === 0) return null;
  return (
    <section className="agp-block agp-sessions" aria-labelledby="agp-sessions">
      <h2 id="agp-sessions">{t('agp.sensorSessions')}</h2>
      <div className="agp-table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('agp.sensorSn')}</th>
              <th scope="col">{t('session.start')}</th>
              <th scope="col">{t('session.end')}</th>
              <th scope="col">{t('agp.status')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={`${s.sn}-${s.start}`}>
                <td className="agp-ltr">{s.sn}</td>
                <td>{fmt.date(s.start)}</td>
                <td>{s.end === null ? t('session.active') : fmt.date(s.end)}</td>
                <td>{t(SESSION_STATUS_KEYS[s.status])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PeriodInfo() {
  const { t, fmt, model } = useReport();
  const { period, sufficiency } = model;
  return (
    <section className="agp-block" aria-labelledby="agp-period">
      <h3 id="agp-period">{t('agp.period')}</h3>
      <p className="agp-period-range">
        <strong>{t('report.dateRange', { from: fmt.date(period.from), to: fmt.date(period.to - 1) })}</strong> ({t('common.days', { count: period.calendarDays })})
      </p>
      <p className="agp-days-of-data">{t('agp.daysOfData', { count: sufficiency.daysWithData })}</p>
      <p className="agp-active-time">
        {t('agp.activeTime')}: <strong>{fmt.percent(sufficiency.activePercent)}</strong>
      </p>
      <p className="agp-hint">{t('agp.sufficiencyGoal')}</p>
    </section>
  );
}

/** First block of the report: title, who, which device, which period and how much data. */
export function ReportHeader() {
  const { t, model } = useReport();
  return (
    <header className="agp-header">
      <h1>{t('agp.reportTitle')}</h1>
      <div className="agp-header-grid">
        {model.subject.kind === 'pet' ? <PetInfo subject={model.subject} /> : <PersonInfo subject={model.subject} />}
        <DeviceInfo device={model.device} />
        <PeriodInfo />
      </div>
    </header>
  );
}
