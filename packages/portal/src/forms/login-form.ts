/** The sign-in form's state and its rules (spec §2 Login, §5). Pure, so it is tested alone. */
export interface LoginForm {
  loginType: 2 | 3;
  by: 'email' | 'phone';
  method: 'password' | 'code';
  email: string;
  phone: string;
  password: string;
  code: string;
  rememberMe: boolean;
  agreed: boolean;
}

export const EMPTY_LOGIN_FORM: LoginForm = {
  loginType: 2,
  by: 'email',
  method: 'password',
  email: '',
  phone: '',
  password: '',
  code: '',
  rememberMe: false,
  agreed: false,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** International numbers: an optional +, then 7 to 15 digits; spaces, dashes and brackets allowed. */
const PHONE = /^\+?[0-9]{7,15}$/;
/** Verification codes are six digits. */
const CODE = /^[0-9]{6}$/;

export const normalizePhone = (phone: string) => phone.replace(/[\s()-]/g, '');

export type LoginField = 'email' | 'phone' | 'password' | 'code' | 'agreed';
/** Field → i18n key of its message. */
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The account field alone: what "send code" needs. */
export function validateAccount(form: Pick<LoginForm, 'by' | 'email' | 'phone'>): LoginErrors {
  if (form.by === 'email') {
    if (!form.email.trim()) return { email: 'validation.enterEmail' };
    if (!EMAIL.test(form.email.trim())) return { email: 'validation.enterValidEmail' };
    return {};
  }
  if (!form.phone.trim()) return { phone: 'validation.enterPhone' };
  if (!PHONE.test(normalizePhone(form.phone))) return { phone: 'validation.enterValidMobile' };
  return {};
}

export function validateLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = validateAccount(form);
  if (form.method === 'password' && !form.password) errors.password = 'validation.enterPassword';
  if (form.method === 'code' && !CODE.test(form.code.trim())) errors.code = 'validation.enterCode';
  if (!form.agreed) errors.agreed = 'login.mustAgree';
  return errors;
}
