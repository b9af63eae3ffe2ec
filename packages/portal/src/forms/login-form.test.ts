import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIN_FORM, validateAccount, validateLogin } from './login-form';

describe('validateLogin', () => {
  it('asks for every missing piece of an empty form', () => {
    expect(validateLogin(EMPTY_LOGIN_FORM)).toEqual({
      email: 'validation.enterEmail',
      password: 'validation.enterPassword',
      agreed: 'login.mustAgree',
    });
  });

  it('needs the terms agreement even when everything else is right', () => {
    const form = { ...EMPTY_LOGIN_FORM, email: 'a@b.example', password: 'x' };
    expect(validateLogin(form)).toEqual({ agreed: 'login.mustAgree' });
    expect(validateLogin({ ...form, agreed: true })).toEqual({});
  });

  it('checks phone numbers and six-digit codes', () => {
    const form = { ...EMPTY_LOGIN_FORM, by: 'phone' as const, method: 'code' as const, agreed: true };
    expect(validateLogin({ ...form, phone: '12', code: '123' })).toEqual({
      phone: 'validation.enterValidMobile',
      code: 'validation.enterCode',
    });
    expect(validateLogin({ ...form, phone: '+44 7700 900123', code: '123456' })).toEqual({});
  });
});

describe('validateAccount', () => {
  it('rejects a malformed e-mail', () => {
    expect(validateAccount({ by: 'email', email: 'not-an-email', phone: '' })).toEqual({ email: 'validation.enterValidEmail' });
  });
});
