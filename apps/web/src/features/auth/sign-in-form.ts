import { emailSchema, signInRefusalSchema } from '@linesight/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/**
 * The sign-in forms of seed 000 section 2: a user name, a passphrase and remember-me. Messages
 * are i18n keys (seed 000 section 5), shown after a submit attempt.
 */
function credentialsFormSchema(username: z.ZodType<string, string>) {
  return z.object({
    username,
    passphrase: z.string().min(1, 'SIGNIN.VALID_PASSPHRASE'),
    rememberCredentials: z.boolean(),
  });
}
export type CredentialsFormSchema = ReturnType<typeof credentialsFormSchema>;
export type CredentialsForm = z.infer<CredentialsFormSchema>;

/** Staff sign in with their e-mail address, by the server's own e-mail rule. */
export const staffSignInFormSchema = credentialsFormSchema(
  z
    .string()
    .trim()
    .refine((value) => emailSchema.safeParse(value).success, 'SIGNIN.VALID_EMAIL'),
);

/** Consumers sign in with their device-manager user name (at most 128 characters, as the API). */
export const consumerSignInFormSchema = credentialsFormSchema(
  z.string().trim().min(1, 'SIGNIN.VALID_USERNAME').max(128, 'SIGNIN.VALID_USERNAME'),
);

/**
 * What a refused sign-in tells the user (seed 000 section 8): the lockout minutes when the
 * account is locked (each page has its own lockout message), else the invalid combination.
 */
export function signInErrorMessage(
  t: TFunction,
  error: unknown,
  lockoutKey: 'SIGNIN.LOCKED_OUT' | 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE',
): string {
  if (error instanceof ApiError && error.status === 401) {
    const refusal = signInRefusalSchema.safeParse(error.body);
    if (refusal.success && refusal.data.isLockedOut) {
      return t(lockoutKey, { count: Math.ceil(refusal.data.configuredLockoutSeconds / 60) });
    }
    return t('SIGNIN.INVALID_USERNAME_PASSPHRASE');
  }
  // Our rate limit is not in the seed's catalogue; saying so beats "error communicating".
  if (error instanceof ApiError && error.status === 429) return t('REQUEST.RATE_LIMITED');
  return t('SIGNIN.SERVER_ERROR');
}
