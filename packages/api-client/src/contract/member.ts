import { z } from 'zod';
import { id, mgdl, unit } from './common';
import { petType } from './auth';

/**
 * The member's settings. The field is spelled `memberSeting` by real servers (SPEC §3), and
 * thresholds are integer mg/dL: the unit only decides how they are displayed.
 */
export const memberSeting = z
  .object({
    unit,
    /** Custom target range (custom TIR). */
    targetLow: mgdl,
    targetHigh: mgdl,
    highAlert: mgdl,
    lowAlert: mgdl,
    urgentLowAlert: mgdl,
    urgentHighAlert: mgdl,
    /**
     * Minutes between repeats of an alert nobody acknowledged (urgent low always repeats every 5).
     * Not in the spec: servers without live alerts leave it out, and a save without it keeps it.
     */
    alertRepeatMinutes: z.number().int().min(5).max(240).optional(),
  })
  .strict()
  .refine((s) => s.targetLow < s.targetHigh, { message: 'targetLow < targetHigh', path: ['targetLow'] })
  .refine((s) => s.urgentLowAlert < s.lowAlert, { message: 'urgentLowAlert < lowAlert', path: ['urgentLowAlert'] })
  .refine((s) => s.lowAlert < s.highAlert, { message: 'lowAlert < highAlert', path: ['lowAlert'] })
  .refine((s) => s.highAlert < s.urgentHighAlert, { message: 'highAlert < urgentHighAlert', path: ['highAlert'] });
export type MemberSeting = z.infer<typeof memberSeting>;

/** An IANA time zone the runtime knows, e.g. Europe/London. */
export const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'unknown time zone' },
);

/** 1 no diabetes, 2 type I, 3 type II, 4 gestational, 5 special (SPEC §3). */
export const diabetesType = z.number().int().min(1).max(5);
/** 1 male, 2 female, 0 prefer not to say. */
export const gender = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const insulinType = z.enum(['Lente', 'Insulin Glargine', 'PZI', 'NPH', 'Detemir']);
export const syringeType = z.union([z.literal(40), z.literal(100), z.literal(500)]);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/**
 * One member as the server describes it. Both the spec's profile names (memberName, birthday,
 * diabetesType, diabetesDiagnosisYear) and the server names it lists (name, dateOfBirth,
 * diabeteType, dateOfDignose) are present, with the same values.
 */
export const memberInfo = z.object({
  memberId: id,
  accountType: z.union([z.literal(2), z.literal(3)]),
  memberName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  avatar: z.string(),
  country: z.string().nullable(),
  timeZone: z.string(),
  birthday: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: gender.nullable(),
  diabetesType: diabetesType.nullable(),
  diabeteType: diabetesType.nullable(),
  diabetesDiagnosisYear: z.number().int().nullable(),
  dateOfDignose: z.string().nullable(),
  remarks: z.string().nullable(),
  petType: petType.nullable(),
  breed: z.string().nullable(),
  age: z.number().int().nullable(),
  weight: z.number().nullable(),
  insulinType: z.string().nullable(),
  insulinFreq: z.number().nullable(),
  insulinDose: z.number().nullable(),
  syringeType: z.number().int().nullable(),
  memberSeting,
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const loadMyMemberInfoResult = z.object({ memberInfos: z.array(memberInfo).min(1) });
export type LoadMyMemberInfoResult = z.infer<typeof loadMyMemberInfoResult>;

/** Profile update (SPEC §7): memberName plus the human or the pet fields. */
export const saveMemberInfoRequest = z
  .object({
    memberName: z.string().trim().min(1).max(64),
    birthday: isoDate.nullable().optional(),
    diabetesType: diabetesType.nullable().optional(),
    gender: gender.nullable().optional(),
    diabetesDiagnosisYear: z.number().int().min(1900).nullable().optional(),
    remarks: z.string().max(500).nullable().optional(),
    mobile: z.string().max(32).nullable().optional(),
    timeZone: timeZone.optional(),
    petType: petType.nullable().optional(),
    breed: z.string().max(64).nullable().optional(),
    /** Read-only, computed from birthday; accepted and ignored. */
    age: z.number().nullable().optional(),
    weight: z.number().positive().max(200).nullable().optional(),
    insulinType: insulinType.nullable().optional(),
    insulinFreq: z.number().positive().max(30).nullable().optional(),
    insulinDose: z.number().nonnegative().max(500).nullable().optional(),
    syringeType: syringeType.nullable().optional(),
    avatar: z.string().max(500).optional(),
  })
  .strict()
  .refine((p) => p.diabetesDiagnosisYear == null || p.diabetesDiagnosisYear <= new Date().getUTCFullYear(), {
    message: 'diagnosis year cannot be after today',
    path: ['diabetesDiagnosisYear'],
  });
export type SaveMemberInfoRequest = z.input<typeof saveMemberInfoRequest>;

export const memberIdRequest = z.object({ memberId: id }).strict();
/** Calls that read one member's data: without memberId, the caller's own. */
export const optionalMemberIdRequest = z.object({ memberId: id.optional() }).strict();

/** What the follower path's loadMemberInfoById answers: the item becomes the settings (SPEC §7). */
export const memberSettingsResult = memberSeting.and(
  z.object({ memberId: id, memberName: z.string(), timeZone: z.string(), petType: petType.nullable() }),
);
export type MemberSettingsResult = z.infer<typeof memberSettingsResult>;

export const uploadImageRequest = z.object({
  file: z.instanceof(Blob),
  subPath: z.literal('memberAvatar'),
});
export type UploadImageRequest = z.input<typeof uploadImageRequest>;
export const uploadImageResult = z.object({ fileUrl: z.string() });
