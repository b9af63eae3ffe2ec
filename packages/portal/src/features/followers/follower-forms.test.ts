import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  MESSAGE_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  searchKeyword,
  validateAddFollower,
  validateFollowRequest,
  validateNote,
} from './follower-forms';

describe('isValidEmail', () => {
  it.each(['a@b.co', ' sam@cgm-portal.example ', 'x.y+z@sub.domain.org'])('accepts %j', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each(['', 'sam', 'sam@', '@b.co', 'a b@c.de', 'a@b', `${'a'.repeat(200)}@b.co`])('refuses %j', (v) => {
    expect(isValidEmail(v)).toBe(false);
  });
});

describe('validateAddFollower', () => {
  const ok = { email: 'sam@cgm-portal.example', message: 'Partner', acknowledged: true };

  it('passes a complete form', () => {
    expect(validateAddFollower(ok)).toEqual({});
  });

  it('asks for every field of an empty form', () => {
    expect(validateAddFollower({ email: ' ', message: '  ', acknowledged: false })).toEqual({
      email: 'validation.enterEmail',
      message: 'validation.leaveMessage',
      acknowledged: 'validation.acknowledgeSharing',
    });
  });

  it('requires the acknowledgement that the follower will see the data', () => {
    expect(validateAddFollower({ ...ok, acknowledged: false })).toEqual({ acknowledged: 'validation.acknowledgeSharing' });
  });

  it('asks for a valid e-mail', () => {
    expect(validateAddFollower({ ...ok, email: 'sam@example' })).toEqual({ email: 'validation.enterValidEmail' });
  });

  it('keeps the message within what the server stores as the note', () => {
    expect(validateAddFollower({ ...ok, message: 'x'.repeat(NOTE_MAX_LENGTH) })).toEqual({});
    expect(validateAddFollower({ ...ok, message: 'x'.repeat(NOTE_MAX_LENGTH + 1) })).toEqual({ message: 'followers.tooLong' });
  });
});

describe('validateFollowRequest', () => {
  it('needs the e-mail and a message', () => {
    expect(validateFollowRequest({ email: '', message: '' })).toEqual({
      email: 'validation.enterEmail',
      message: 'validation.leaveMessage',
    });
    expect(validateFollowRequest({ email: 'demo@cgm-portal.example', message: 'Hi' })).toEqual({});
  });

  it('bounds the message', () => {
    expect(validateFollowRequest({ email: 'a@b.co', message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) })).toEqual({
      message: 'followers.tooLong',
    });
  });
});

describe('validateNote', () => {
  it('needs a note', () => {
    expect(validateNote('   ')).toEqual({ note: 'validation.enterNote' });
    expect(validateNote('Vet')).toEqual({});
  });
});

describe('searchKeyword', () => {
  it('sends nothing for an empty search and a trimmed account otherwise', () => {
    expect(searchKeyword('  ')).toBeUndefined();
    expect(searchKeyword(' sam@ ')).toBe('sam@');
    expect(searchKeyword('x'.repeat(150))).toHaveLength(100);
  });
});
