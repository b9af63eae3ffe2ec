/**
 * Pure validation of the follower forms (spec §5 "Follower"). Each function answers the i18n
 * key of the first problem per field, so the form shows translated messages and tests need no DOM.
 */

/** Same limits as the api-client contract, so the server never refuses what the form accepted. */
export const NOTE_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 200;

// Deliberately loose (one @, a dot in the domain, no spaces): the server has the last word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

function emailError(value: string): string | undefined {
  if (!value.trim()) return 'validation.enterEmail';
  if (!isValidEmail(value)) return 'validation.enterValidEmail';
  return undefined;
}

function textError(value: string, max: number, emptyKey: string): string | undefined {
  const text = value.trim();
  if (!text) return emptyKey;
  if (text.length > max) return 'followers.tooLong';
  return undefined;
}

function withoutEmpty<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as FieldErrors<F>;
}

export interface AddFollowerValues {
  email: string;
  message: string;
  acknowledged: boolean;
}

/** The CGM user adds a follower: e-mail, a message, and the acknowledgement that the follower will see the data. */
export function validateAddFollower(values: AddFollowerValues): FieldErrors<keyof AddFollowerValues> {
  return withoutEmpty({
    email: emailError(values.email),
    message: textError(values.message, NOTE_MAX_LENGTH, 'validation.leaveMessage'),
    acknowledged: values.acknowledged ? undefined : 'validation.acknowledgeSharing',
  });
}

export interface FollowRequestValues {
  email: string;
  message: string;
}

/** A follower asks to follow a CGM user: the member's e-mail and a message. */
export function validateFollowRequest(values: FollowRequestValues): FieldErrors<keyof FollowRequestValues> {
  return withoutEmpty({
    email: emailError(values.email),
    message: textError(values.message, MESSAGE_MAX_LENGTH, 'validation.leaveMessage'),
  });
}

/** The member's note about a follower. */
export function validateNote(note: string): FieldErrors<'note'> {
  return withoutEmpty({ note: textError(note, NOTE_MAX_LENGTH, 'validation.enterNote') });
}

/** The search box: empty shows everyone; otherwise a trimmed account (e-mail or part of it). */
export function searchKeyword(value: string): string | undefined {
  const keyword = value.trim().slice(0, 100);
  return keyword ? keyword : undefined;
}
