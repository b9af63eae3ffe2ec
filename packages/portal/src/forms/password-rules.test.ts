import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './password-rules';

describe('validateNewPassword', () => {
  it('asks for both entries', () => {
    expect(validateNewPassword('', '')).toEqual({ newPassword: 'validation.enterNewPassword', confirm: 'validation.confirmPassword' });
  });
  it('says the two entries are inconsistent when they differ', () => {
    expect(validateNewPassword('Correct-horse-1', 'Correct-horse-2')).toEqual({ confirm: 'validation.passwordsInconsistent' });
  });
  it('refuses a short password', () => {
    expect(validateNewPassword('short', 'short')).toEqual({ newPassword: 'validation.passwordTooShort' });
  });
  it('accepts matching entries', () => {
    expect(validateNewPassword('Correct-horse-1', 'Correct-horse-1')).toEqual({});
  });
});
