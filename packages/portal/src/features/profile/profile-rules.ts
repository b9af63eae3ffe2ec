import type { MemberInfo, SaveMemberInfoRequest } from '@cgm-portal/api-client';
import { DateTime } from 'luxon';

/** Spec §3: Lente, Insulin Glargine, PZI, NPH, Detemir, with their i18n keys. */
export const INSULIN_TYPES = [
  { value: 'Lente', key: 'lente' },
  { value: 'Insulin Glargine', key: 'glargine' },
  { value: 'PZI', key: 'pzi' },
  { value: 'NPH', key: 'nph' },
  { value: 'Detemir', key: 'detemir' },
] as const;
export const SYRINGE_TYPES = [40, 100, 500] as const;
export const HUMAN_DIABETES_TYPES = [1, 2, 3, 4, 5] as const;
export const PET_DIABETES_TYPES = [1, 2, 3] as const;
export const GENDERS = [1, 2, 0] as const;
/** diabetesType 1 is "no diabetes": it has no year of diagnosis (spec §3). */
export const NO_DIABETES = 1;

/** The form as typed: every field a string, so half-typed numbers survive. */
export interface ProfileForm {
  memberName: string;
  birthday: string;
  diabetesType: string;
  gender: string;
  diabetesDiagnosisYear: string;
  breed: string;
  petType: string;
  weight: string;
  insulinType: string;
  insulinFreq: string;
  insulinDose: string;
  syringeType: string;
  avatar: string;
}
export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, { key: string; values?: Record<string, number> }>>;

const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));

export function profileFormOf(info: MemberInfo | undefined): ProfileForm {
  return {
    memberName: text(info?.memberName),
    birthday: text(info?.birthday),
    diabetesType: text(info?.diabetesType),
    gender: text(info?.gender),
    diabetesDiagnosisYear: text(info?.diabetesDiagnosisYear),
    breed: text(info?.breed),
    petType: text(info?.petType),
    weight: text(info?.weight),
    insulinType: text(info?.insulinType),
    insulinFreq: text(info?.insulinFreq),
    insulinDose: text(info?.insulinDose),
    syringeType: text(info?.syringeType),
    avatar: text(info?.avatar),
  };
}

/** Shown only when a type is chosen and it is not "no diabetes" (spec §3). */
export const showsDiagnosisYear = (diabetesType: string) => diabetesType !== '' && Number(diabetesType) !== NO_DIABETES;

/** A new diabetes type resets the year of diagnosis (spec §3). */
export function withDiabetesType(form: ProfileForm, diabetesType: string): ProfileForm {
  return form.diabetesType === diabetesType ? form : { ...form, diabetesType, diabetesDiagnosisYear: '' };
}

/** Whole years from birthday to today in the member's zone; null without a valid birthday (spec §4: recomputed on change). */
export function ageInYears(birthday: string, today: DateTime): number | null {
  const born = DateTime.fromISO(birthday, { zone: today.zone });
  if (!born.isValid || born > today) return null;
  return Math.floor(today.diff(born, 'years').years);
}

const decimal = (s: string) => {
  const t = s.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
};

export function validateProfile(form: ProfileForm, kind: 'human' | 'pet', today: DateTime): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.memberName.trim()) errors.memberName = { key: kind === 'pet' ? 'validation.enterPetName' : 'validation.enterName' };
  if (!form.birthday || !DateTime.fromISO(form.birthday).isValid || form.birthday > today.toISODate()!) errors.birthday = { key: 'validation.selectBirthday' };
  if (!form.diabetesType) errors.diabetesType = { key: 'validation.selectDiabetesType' };
  if (kind === 'human') {
    if (form.gender === '') errors.gender = { key: 'validation.selectGender' };
    if (showsDiagnosisYear(form.diabetesType)) {
      if (!form.diabetesDiagnosisYear) errors.diabetesDiagnosisYear = { key: 'validation.selectDiagnosisYear' };
      else if (Number(form.diabetesDiagnosisYear) > today.year) errors.diabetesDiagnosisYear = { key: 'validation.diagnosisYearFuture' };
    }
    return errors;
  }
  if (!form.breed.trim()) errors.breed = { key: 'validation.enterBreed' };
  if (form.petType !== 'cat' && form.petType !== 'dog') errors.petType = { key: 'validation.selectPetType' };
  const weight = decimal(form.weight);
  if (!form.weight.trim()) errors.weight = { key: 'validation.enterWeight' };
  else if (weight === null || weight <= 0 || weight > 200) errors.weight = { key: 'validation.numberRange', values: { min: 0.1, max: 200 } };
  if (!form.insulinType) errors.insulinType = { key: 'validation.selectInsulinType' };
  const freq = decimal(form.insulinFreq);
  if (!form.insulinFreq.trim()) errors.insulinFreq = { key: 'validation.enterInsulinFreq' };
  else if (freq === null || freq <= 0 || freq > 30) errors.insulinFreq = { key: 'validation.numberRange', values: { min: 0.1, max: 30 } };
  const dose = decimal(form.insulinDose);
  if (!form.insulinDose.trim()) errors.insulinDose = { key: 'validation.enterInsulinDose' };
  else if (dose === null || dose > 500) errors.insulinDose = { key: 'validation.numberRange', values: { min: 0, max: 500 } };
  if (!form.syringeType) errors.syringeType = { key: 'validation.selectSyringeType' };
  return errors;
}

/** The save payload of spec §7: memberName plus the human or the pet fields. */
export function profilePayload(form: ProfileForm, kind: 'human' | 'pet', today: DateTime): SaveMemberInfoRequest {
  const base = { memberName: form.memberName.trim(), birthday: form.birthday || null, diabetesType: form.diabetesType ? Number(form.diabetesType) : null };
  if (kind === 'human') {
    return {
      ...base,
      gender: form.gender === '' ? null : (Number(form.gender) as 0 | 1 | 2),
      diabetesDiagnosisYear: showsDiagnosisYear(form.diabetesType) && form.diabetesDiagnosisYear ? Number(form.diabetesDiagnosisYear) : null,
      ...(form.avatar ? { avatar: form.avatar } : {}),
    };
  }
  return {
    ...base,
    breed: form.breed.trim(),
    petType: form.petType as 'cat' | 'dog',
    age: ageInYears(form.birthday, today),
    weight: decimal(form.weight),
    insulinType: form.insulinType as SaveMemberInfoRequest['insulinType'],
    insulinFreq: decimal(form.insulinFreq),
    insulinDose: decimal(form.insulinDose),
    syringeType: Number(form.syringeType) as 40 | 100 | 500,
    avatar: form.avatar,
  };
}

/** Avatars: images only, at most this many MB. */
export const AVATAR_MAX_MB = 5;
export function validateAvatar(file: Pick<File, 'type' | 'size'>): ProfileErrors['avatar'] | null {
  if (!file.type.startsWith('image/')) return { key: 'validation.imageOnly' };
  if (file.size > AVATAR_MAX_MB * 1024 * 1024) return { key: 'validation.fileTooLarge', values: { size: AVATAR_MAX_MB } };
  return null;
}
