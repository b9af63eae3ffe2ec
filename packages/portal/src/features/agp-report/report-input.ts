import type { ReportData } from '@cgm-portal/api-client';
import type { PetInsulinType, ReportDevice, ReportModelOptions, ReportSubject } from '@cgm-portal/agp-report';
import { DEFAULT_RANGES, type GlucoseRanges } from '@cgm-portal/glucose-metrics';
import type { LanguageCode } from '@cgm-portal/i18n';

const PET_INSULIN_TYPES: readonly PetInsulinType[] = ['Lente', 'Insulin Glargine', 'PZI', 'NPH', 'Detemir'];

/** Who the report is about, from the server's report data. A member with a pet type is a pet. */
export function reportSubjectOf(data: ReportData): ReportSubject {
  const m = data.member;
  if (m.petType) {
    const insulinType = PET_INSULIN_TYPES.find((i) => i === m.insulinType) ?? null;
    const diabetesType = m.diabetesType === 1 || m.diabetesType === 2 || m.diabetesType === 3 ? m.diabetesType : null;
    return { kind: 'pet', name: m.memberName, petType: m.petType, breed: m.breed, birthday: m.birthday, weightKg: m.weight, insulinType, diabetesType };
  }
  const diabetesType = m.diabetesType && m.diabetesType >= 1 && m.diabetesType <= 5 ? (m.diabetesType as 1 | 2 | 3 | 4 | 5) : null;
  return { kind: 'person', name: m.memberName, birthday: m.birthday, diabetesType };
}

/** The device the readings came from: the most recently refreshed one, with the sessions of the period. */
export function reportDeviceOf(data: ReportData): ReportDevice | null {
  const device = [...data.devices].sort((a, b) => (b.lastRefreshTime ?? 0) - (a.lastRefreshTime ?? 0))[0];
  const sessions = data.sessions.map((s) => ({
    sn: s.sn,
    start: s.startTime,
    end: s.endTime,
    status: s.status === 'initializing' || s.status === 'active' || s.status === 'expired' ? s.status : ('ended' as const),
  }));
  if (!device && sessions.length === 0) return null;
  return { model: device?.model ?? null, sn: device?.sn ?? null, sessions };
}

/**
 * The ranges the report uses. For people, the consensus ranges the IDC AGP v5 report is defined
 * on (Battelino et al. 2019: 54/70/180/250 mg/dL), whatever custom target the member set, so a
 * clinician reads the same report everywhere. For cats and dogs the human consensus does not
 * apply: the member's own target range (set with the vet) bounds "in range".
 */
export function reportRangesOf(data: ReportData): GlucoseRanges {
  if (!data.member.petType) return DEFAULT_RANGES;
  return { ...DEFAULT_RANGES, low: data.memberSeting.targetLow, high: data.memberSeting.targetHigh };
}

export function reportOptionsOf(data: ReportData, language: LanguageCode): ReportModelOptions {
  return {
    timeZone: data.member.timeZone,
    from: data.from,
    to: data.to,
    unit: data.memberSeting.unit,
    ranges: reportRangesOf(data),
    subject: reportSubjectOf(data),
    device: reportDeviceOf(data),
    language,
  };
}
