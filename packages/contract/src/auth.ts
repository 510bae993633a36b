import { z } from 'zod';
import { errorBodySchema } from './errors';
import { roleSchema } from './roles';
import { emailSchema, passphraseMaxLength, storableText } from './text';

export const signInModes = ['cahUser', 'sso'] as const;
export type SignInMode = (typeof signInModes)[number];

/** POST /api/user/v1/authenticate: the seed's payload is `user.email, user.passphrase`. */
export const authenticateRequestSchema = z.object({
  user: z.object({
    email: emailSchema,
    passphrase: storableText(passphraseMaxLength).min(1),
  }),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

/** The signed-in user as the client keeps it (seed 000 section 3, "User (session)"). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** The lines of service a consumer may see; empty for staff, who see every line. */
  linesOfService: z.array(z.string()),
  /** After a single sign-on: the ID token and the provider's logout address (with its hint). */
  idToken: z.string().nullable(),
  ssoLogoutUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authenticateResponseSchema = sessionUserSchema;

/** A refused sign-in: 401 with the lockout flags the client turns into a message. */
export const signInRefusalSchema = errorBodySchema.extend({
  isLockedOut: z.boolean(),
  configuredLockoutSeconds: z.number().int(),
});
export type SignInRefusal = z.infer<typeof signInRefusalSchema>;

export const pingResponseSchema = z.object({ status: z.literal('ok') });
export type PingResponse = z.infer<typeof pingResponseSchema>;

/**
 * GET /api/user/v1/sso: `{}` when the portal signs staff in with local accounts; otherwise where
 * step 1 sends the browser (the identity provider's authorization address, with state, nonce and
 * PKCE challenge for this attempt).
 */
export const ssoInfoResponseSchema = z.object({ ssoUrl: z.string().optional() });
export type SsoInfo = z.infer<typeof ssoInfoResponseSchema>;

/** POST /api/user/v1/sso: step 2, the code and state the provider sent back to the sign-in page. */
export const ssoSignInRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(256),
  /** The provider's `iss` response parameter (RFC 9207), when it sends one. */
  iss: z.string().max(2048).optional(),
});
export type SsoSignInRequest = z.infer<typeof ssoSignInRequestSchema>;

/** POST /api/user/v1/consumerAuth: a consumer's device-manager credentials (seed 000 section 7). */
export const consumerAuthRequestSchema = z.object({
  username: storableText(128).trim().min(1),
  password: storableText(passphraseMaxLength).min(1),
});
export type ConsumerAuthRequest = z.infer<typeof consumerAuthRequestSchema>;

/** Consumer user names with this prefix get the Support chat button (seed 000 section 1). */
export const supportChatUsernamePrefix = 'mwc';
