import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import en from '../../locales/en.json';
import {
  consumerSignInFormSchema,
  signInErrorMessage,
  staffSignInFormSchema,
} from './sign-in-form';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  t = i18n.t;
});

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const refusal = (isLockedOut: boolean, configuredLockoutSeconds = 300) =>
  new ApiError(401, isLockedOut ? 'SIGNIN.LOCKED_OUT' : 'SIGNIN.INVALID_USERNAME_PASSPHRASE', {
    error: { code: 'SIGNIN.LOCKED_OUT', message: 'refused' },
    isLockedOut,
    configuredLockoutSeconds,
  });

describe('consumerSignInFormSchema', () => {
  it('should ask for a user name and a passphrase', () => {
    const result = consumerSignInFormSchema.safeParse({
      username: '  ',
      passphrase: '',
      rememberCredentials: false,
    });
    expect(messagesOf(result)).toEqual(['SIGNIN.VALID_USERNAME', 'SIGNIN.VALID_PASSPHRASE']);
  });

  it('should take any user name, not only an e-mail address, trimmed', () => {
    const result = consumerSignInFormSchema.safeParse({
      username: ' mwc-10042 ',
      passphrase: 'secret',
      rememberCredentials: true,
    });
    expect(result.data).toEqual({
      username: 'mwc-10042',
      passphrase: 'secret',
      rememberCredentials: true,
    });
  });

  it('should refuse a user name longer than the API takes', () => {
    const result = consumerSignInFormSchema.safeParse({
      username: 'u'.repeat(129),
      passphrase: 'secret',
      rememberCredentials: false,
    });
    expect(messagesOf(result)).toEqual(['SIGNIN.VALID_USERNAME']);
  });
});

describe('staffSignInFormSchema', () => {
  it('should still ask staff for a valid e-mail address', () => {
    const result = staffSignInFormSchema.safeParse({
      username: 'mwc-10042',
      passphrase: 'secret',
      rememberCredentials: false,
    });
    expect(messagesOf(result)).toEqual(['SIGNIN.VALID_EMAIL']);
  });
});

describe(signInErrorMessage.name, () => {
  it('should give the consumer lockout message with the minutes to wait', () => {
    expect(signInErrorMessage(t, refusal(true, 600), 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE')).toBe(
      'Your My Network account has been locked after five or more failed sign-in attempts. Please try again in 10 minutes.',
    );
    expect(signInErrorMessage(t, refusal(true, 60), 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE')).toMatch(
      /in 1 minute\.$/,
    );
  });

  it('should give the staff lockout message on the staff page', () => {
    expect(signInErrorMessage(t, refusal(true), 'SIGNIN.LOCKED_OUT')).toMatch(
      /^Your account has been locked.*in 5 minutes\.$/,
    );
  });

  it('should say the combination is invalid when the account is not locked', () => {
    expect(signInErrorMessage(t, refusal(false), 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE')).toBe(
      'Invalid Username and Passphrase combination.',
    );
  });

  it('should tell rate limits and server failures apart', () => {
    expect(
      signInErrorMessage(t, new ApiError(429, undefined, {}), 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE'),
    ).toBe('Too many attempts. Please wait a moment and try again.');
    expect(
      signInErrorMessage(t, new ApiError(503, undefined, {}), 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE'),
    ).toBe('An error occurred communicating with the server.');
    expect(signInErrorMessage(t, new TypeError('offline'), 'SIGNIN.LOCKED_OUT')).toBe(
      'An error occurred communicating with the server.',
    );
  });
});
