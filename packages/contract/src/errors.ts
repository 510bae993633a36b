import { z } from 'zod';
import { passphrasePolicyRules } from './passphrase-policy';

/**
 * Every error code the API answers with. A code is stable and is the i18n key the client shows,
 * so `en.json` (and es, fr) must hold each one; a test says so.
 */
export const errorCodes = [
  'SIGNIN.INVALID_USERNAME_PASSPHRASE',
  'SIGNIN.LOCKED_OUT',
  'SIGNIN.SERVER_ERROR',
  'SSO.NOT_CONFIGURED',
  'SSO.SIGN_IN_FAILED',
  'SSO.NOT_PERMITTED',
  'AUTH.UNAUTHENTICATED',
  'AUTH.FORBIDDEN',
  'REQUEST.INVALID',
  'REQUEST.INVALID_STRING',
  'REQUEST.TOO_LARGE',
  'REQUEST.RATE_LIMITED',
  'REQUEST.NOT_FOUND',
  'SERVER.INTERNAL_ERROR',
  'SERVER.DATABASE_UNAVAILABLE',
  'FORGOT_PASSPHRASE_TOKEN_EXPIRED_MESSAGE',
  'USER_MANAGEMENT_INCORRECT_PASSPHRASE',
  'USER_MANAGEMENT_PASSPHRASE_SHOULD_NOT_MATCH_CURRENT',
  'USER_MANAGEMENT_EMAIL_IN_USE',
  'USER_MANAGEMENT_LAST_ADMIN',
  'USER_MANAGEMENT_SELF_PASSPHRASE',
  'USER_MANAGEMENT_SELF_ROLE',
  'USER_MANAGEMENT_SELF_DELETE',
  'USER_MANAGEMENT_USER_NOT_FOUND',
  'PROVISIONING.SUBSCRIBER_CODE_IN_USE',
  'PROVISIONING.LINE_OF_SERVICE_CODE_IN_USE',
  'PROVISIONING.SUBSCRIBER_NOT_FOUND',
  'PROVISIONING.LINE_OF_SERVICE_NOT_FOUND',
  'PROVISIONING.CONSUMER_USERNAME_IN_USE',
  'REPORT.UNKNOWN_TOKEN',
  'REPORT.MALFORMED',
  'REPORT.UNSUPPORTED_MEDIA_TYPE',
  'REPORT.UNSUPPORTED_ENCODING',
  'COMMAND.NOT_FOUND',
  'COMMAND.ALREADY_ANSWERED',
  'COMMAND.EXPIRED',
  ...passphrasePolicyRules,
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
