import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ageInYears, profilePayload, showsDiagnosisYear, validateAvatar, validateProfile, withDiabetesType, type ProfileForm } from './profile-rules';

const today = DateTime.fromISO('2026-06-15', { zone: 'Europe/London' });
const empty: ProfileForm = {
  memberName: '', birthday: '', diabetesType: '', gender: '', diabetesDiagnosisYear: '', breed: '', petType: '',
  weight: '', insulinType: '', insulinFreq: '', insulinDose: '', syringeType: '', avatar: '',
};
const human: ProfileForm = { ...empty, memberName: 'Alex', birthday: '1988-04-12', diabetesType: '2', gender: '2', diabetesDiagnosisYear: '2009' };
const pet: ProfileForm = {
  ...empty, memberName: 'Miso', birthday: '2014-06-01', diabetesType: '2', breed: 'British Shorthair', petType: 'cat',
  weight: '5.2', insulinType: 'Insulin Glargine', insulinFreq: '0.5', insulinDose: '2', syringeType: '40',
};

describe('human profile', () => {
  it('asks for every field with the messages of spec §5', () => {
    expect(Object.fromEntries(Object.entries(validateProfile({ ...empty }, 'human', today)).map(([k, v]) => [k, v!.key]))).toEqual({
      memberName: 'validation.enterName',
      birthday: 'validation.selectBirthday',
      diabetesType: 'validation.selectDiabetesType',
      gender: 'validation.selectGender',
    });
    expect(validateProfile(human, 'human', today)).toEqual({});
  });
  it('shows the year of diagnosis only for types other than 1, and never in the future', () => {
    expect(showsDiagnosisYear('1')).toBe(false);
    expect(showsDiagnosisYear('')).toBe(false);
    expect(showsDiagnosisYear('3')).toBe(true);
    expect(validateProfile({ ...human, diabetesDiagnosisYear: '2027' }, 'human', today).diabetesDiagnosisYear?.key).toBe('validation.diagnosisYearFuture');
    expect(validateProfile({ ...human, diabetesDiagnosisYear: '' }, 'human', today).diabetesDiagnosisYear?.key).toBe('validation.selectDiagnosisYear');
    expect(validateProfile({ ...human, diabetesType: '1', diabetesDiagnosisYear: '' }, 'human', today)).toEqual({});
  });
  it('resets the year when the type changes', () => {
    expect(withDiabetesType(human, '3').diabetesDiagnosisYear).toBe('');
    expect(withDiabetesType(human, '2').diabetesDiagnosisYear).toBe('2009');
  });
  it('sends the human fields; no year for "no diabetes"', () => {
    expect(profilePayload(human, 'human', today)).toEqual({ memberName: 'Alex', birthday: '1988-04-12', diabetesType: 2, gender: 2, diabetesDiagnosisYear: 2009 });
    expect(profilePayload({ ...human, diabetesType: '1' }, 'human', today).diabetesDiagnosisYear).toBeNull();
  });
});

describe('pet profile', () => {
  it('validates the pet fields', () => {
    const errors = validateProfile({ ...empty }, 'pet', today);
    expect(errors.memberName?.key).toBe('validation.enterPetName');
    expect(errors.petType?.key).toBe('validation.selectPetType');
    expect(errors.syringeType?.key).toBe('validation.selectSyringeType');
    expect(validateProfile(pet, 'pet', today)).toEqual({});
    expect(validateProfile({ ...pet, weight: '0' }, 'pet', today).weight?.key).toBe('validation.numberRange');
  });
  it('computes the age from the birthday', () => {
    expect(ageInYears('2014-06-01', today)).toBe(12);
    expect(ageInYears('2014-06-16', today)).toBe(11);
    expect(ageInYears('2030-01-01', today)).toBeNull();
    expect(profilePayload(pet, 'pet', today)).toMatchObject({ age: 12, weight: 5.2, insulinFreq: 0.5, syringeType: 40, petType: 'cat' });
  });
  it('accepts images up to 5 MB for the avatar', () => {
    expect(validateAvatar({ type: 'image/png', size: 1000 })).toBeNull();
    expect(validateAvatar({ type: 'application/pdf', size: 1000 })?.key).toBe('validation.imageOnly');
    expect(validateAvatar({ type: 'image/png', size: 6 * 1024 * 1024 })?.key).toBe('validation.fileTooLarge');
  });
});
