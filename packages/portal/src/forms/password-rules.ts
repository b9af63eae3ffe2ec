/**
 * Password rules shared by the reset and change forms (spec §5). Length bounds are "not
 * shown" by the spec; 8 characters is NIST SP 800-63B's minimum for user-chosen secrets.
 */
export const MIN_PASSWORD_LENGTH = 8;

export interface NewPasswordErrors {
  newPassword?: string;
  confirm?: string;
}

export function validateNewPassword(newPassword: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!newPassword) errors.newPassword = 'validation.enterNewPassword';
  else if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = 'validation.passwordTooShort';
  if (!confirm) errors.confirm = 'validation.confirmPassword';
  else if (confirm !== newPassword) errors.confirm = 'validation.passwordsInconsistent';
  return errors;
}
