import type {
  Device,
  EventDetail,
  FollowerRelation,
  GlucoseEvent,
  MemberInfo,
  MemberSeting,
  PublicLink,
  SensorSession,
} from '@cgm-portal/api-client/contract';
import { DEFAULT_REPEAT_MINUTES } from './alerts/rules';
import type { DeviceRow, EventRow, FollowerRow, MemberRow, PublicLinkRow, SessionRow } from './store/types';

// Rows of the store turned into the contract's shapes: one place for every field name.

export function memberSetingOf(m: MemberRow): MemberSeting {
  return {
    unit: m.unit,
    targetLow: m.targetLow,
    targetHigh: m.targetHigh,
    highAlert: m.highAlert,
    lowAlert: m.lowAlert,
    urgentLowAlert: m.urgentLowAlert,
    urgentHighAlert: m.urgentHighAlert,
    alertRepeatMinutes: m.alertRepeatMinutes ?? DEFAULT_REPEAT_MINUTES,
  };
}

/** Whole years between an ISO birthday and now (pet age, SPEC §4). */
export function ageFrom(birthday: string | null, now: number): number | null {
  if (!birthday) return null;
  const born = new Date(`${birthday}T00:00:00Z`);
  const today = new Date(now);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return Math.max(0, age);
}

export function memberInfoOf(m: MemberRow, now: number): MemberInfo {
  return {
    memberId: m.id,
    accountType: m.accountType,
    memberName: m.memberName,
    name: m.memberName,
    email: m.email,
    mobile: m.mobile,
    avatar: m.avatar,
    country: m.country,
    timeZone: m.timeZone,
    birthday: m.birthday,
    dateOfBirth: m.birthday,
    gender: m.gender as MemberInfo['gender'],
    diabetesType: m.diabetesType,
    diabeteType: m.diabetesType,
    diabetesDiagnosisYear: m.diagnosisYear,
    dateOfDignose: m.diagnosisYear === null ? null : String(m.diagnosisYear),
    remarks: m.remarks,
    petType: m.petType,
    breed: m.breed,
    age: m.petType ? ageFrom(m.birthday, now) : null,
    weight: m.weight,
    insulinType: m.insulinType,
    insulinFreq: m.insulinFreq,
    insulinDose: m.insulinDose,
    syringeType: m.syringeType,
    memberSeting: memberSetingOf(m),
  };
}

/** `side` is who is looking: the member sees the follower's name, the follower the member's. */
export function followerOf(f: FollowerRow, side: 'member' | 'follower'): FollowerRelation {
  return {
    id: f.id,
    followerId: f.id,
    followerRequestId: f.id,
    followerAccountId: f.followerAccountId,
    memberId: f.memberId,
    memberEmail: f.memberEmail,
    followerEmail: f.followerEmail,
    name: side === 'member' ? f.followerName : f.memberName,
    memberName: f.memberName,
    followerName: f.followerName,
    note: f.note,
    message: f.message,
    addTime: f.addTime,
    status: f.status,
    shareFlag: f.shareFlag,
    fetchedTime: f.fetchedTime,
  };
}

export function sessionStatus(s: SessionRow, now: number): SensorSession['status'] {
  if (s.endTime !== null && s.endTime <= now) return s.endTime < s.expireTime ? 'ended' : 'expired';
  if (now >= s.expireTime) return 'expired';
  if (now < s.warmupEndTime) return 'initializing';
  return 'active';
}

export function sessionOf(s: SessionRow, now: number): SensorSession {
  return {
    id: s.id,
    memberId: s.memberId,
    memberDeviceId: s.deviceId,
    sn: s.sn,
    startTime: s.startTime,
    warmupEndTime: s.warmupEndTime,
    expireTime: s.expireTime,
    endTime: s.endTime,
    status: sessionStatus(s, now),
    note: s.note,
  };
}

export function describeEvent(detail: EventDetail): string {
  switch (detail.eventType) {
    case 'BG':
    case 'calibration':
      return `${detail.mgdl} mg/dL`;
    case 'meal':
      return detail.carbs === null ? detail.mealTag : `${detail.mealTag} ${detail.carbs} g`;
    case 'sport':
      return `${detail.sportName} ${detail.durationMinutes} min ${detail.intensity}`;
    case 'insulin':
      return `${detail.insulinKind} ${detail.units} U`;
    case 'alert':
      return detail.mgdl === null ? detail.alertKind : `${detail.alertKind} ${detail.mgdl} mg/dL`;
    case 'meds':
      return detail.dose ? `${detail.medName} ${detail.dose}` : detail.medName;
    case 'weight':
      return `${detail.kg} kg`;
  }
}

export function eventOf(e: EventRow): GlucoseEvent {
  const detail = JSON.parse(e.detail) as EventDetail;
  return {
    id: e.id,
    memberId: e.memberId,
    eventType: detail.eventType,
    time: e.time,
    note: e.note,
    description: describeEvent(detail),
    detail,
  };
}

/** The device with its sensor state taken from the member's newest session. */
export function deviceOf(d: DeviceRow, latest: SessionRow | undefined, now: number): Device {
  const status = latest ? sessionStatus(latest, now) : undefined;
  return {
    memberDeviceId: d.id,
    memberId: d.memberId,
    sn: d.sn,
    model: d.model,
    appVersion: d.appVersion,
    phoneModel: d.phoneModel,
    osVersion: d.osVersion,
    sensorExpired: status === 'expired' || status === 'ended',
    sensorInitializing: status === 'initializing',
    lastRefreshTime: d.lastRefreshTime,
    timeZone: d.timeZone,
  };
}

export function publicLinkOf(l: PublicLinkRow): PublicLink {
  return {
    id: l.id,
    memberId: l.memberId,
    createdAt: l.createdAt,
    expiresAt: l.expiresAt,
    revokedAt: l.revokedAt,
    spanDays: l.spanDays,
    path: `/report/${l.lang}/${l.id}`,
  };
}
