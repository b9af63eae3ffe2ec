import { z } from 'zod';
import { email, id, mobile } from './common';

/** Login type 2 is a CGM user, 3 a follower (SPEC §1). */
export const loginType = z.union([z.literal(2), z.literal(3)]);
export type LoginType = z.infer<typeof loginType>;

/**
 * Login by e-mail or phone, with a password (RSA-encrypted with the server's public key)
 * or a verification code. "Remember me" is client-side only and never sent.
 */
export const loginRequest = z
  .object({
    loginType,
    email: email.optional(),
    mobile: mobile.optional(),
    password: z.string().min(1).optional(),
    verifyCode: z.string().trim().regex(/^[0-9]{6}$/).optional(),
  })
  .strict()
  .refine((r) => (r.email === undefined) !== (r.mobile === undefined), {
    message: 'exactly one of email or mobile',
    path: ['email'],
  })
  .refine((r) => (r.password === undefined) !== (r.verifyCode === undefined), {
    message: 'exactly one of password or verifyCode',
    path: ['password'],
  });
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResult = z.object({
  token: z.string().min(20),
  accountType: loginType,
  memberId: id,
  memberName: z.string(),
  /** Epoch ms when the token stops working (code 300 after). */
  expiresAt: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** Where a verification code is going and what it will be used for. */
export const sendVerifyCodeRequest = z
  .object({
    email: email.optional(),
    mobile: mobile.optional(),
    purpose: z.enum(['login', 'resetPassword']),
  })
  .strict()
  .refine((r) => (r.email === undefined) !== (r.mobile === undefined), {
    message: 'exactly one of email or mobile',
    path: ['email'],
  });
export type SendVerifyCodeRequest = z.input<typeof sendVerifyCodeRequest>;

/**
 * How this deployment reaches people: e-mail over SMTP, SMS through a provider, or neither
 * (`outbox`: the demo writes codes to a file on the server). Settings says it; the login page
 * can offer code sign-in only where a code can arrive.
 */
export const deliveryChannels = z.object({
  email: z.enum(['smtp', 'outbox']),
  sms: z.enum(['sms', 'outbox']),
});
export type DeliveryChannels = z.infer<typeof deliveryChannels>;

export const resetPasswordRequest = z
  .object({
    email: email.optional(),
    mobile: mobile.optional(),
    verifyCode: z.string().trim().regex(/^[0-9]{6}$/),
    /** RSA-encrypted with the server's public key. */
    newPassword: z.string().min(1),
  })
  .strict()
  .refine((r) => (r.email === undefined) !== (r.mobile === undefined), {
    message: 'exactly one of email or mobile',
    path: ['email'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const modifyPasswordRequest = z
  .object({
    /** Both RSA-encrypted on the client (SPEC §7). */
    oldPassword: z.string().min(1),
    newPassword: z.string().min(1),
  })
  .strict();
export type ModifyPasswordRequest = z.input<typeof modifyPasswordRequest>;

export const publicKeyResult = z.object({
  /** SPKI PEM ("-----BEGIN PUBLIC KEY-----"), what jsencrypt's setPublicKey reads. */
  publicKey: z.string().min(100),
});
export type PublicKeyResult = z.infer<typeof publicKeyResult>;

export const menuItem = z.object({
  path: z.string().startsWith('/'),
  titleKey: z.string(),
  hidden: z.boolean().optional(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const petType = z.enum(['cat', 'dog']);
export type PetType = z.infer<typeof petType>;

export const userInfo = z.object({
  menus: z.array(menuItem),
  homePath: z.string().startsWith('/'),
  memberName: z.string(),
  memberId: id,
  /** Absolute after the client prefixed the file-server address; may be empty. */
  avatar: z.string(),
  petType: petType.nullable(),
  accountType: loginType,
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;
