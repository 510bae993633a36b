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
  linesOfService: z.array(z.string()),
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
