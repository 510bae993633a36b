import { emailSchema } from '@linesight/contract';
import { z } from 'zod';

/**
 * The staff sign-in form. The e-mail rule is the server's own (`emailSchema`); messages are
 * i18n keys (seed 000 section 5), shown after a submit attempt.
 */
export const signInFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((value) => emailSchema.safeParse(value).success, 'SIGNIN.VALID_EMAIL'),
  passphrase: z.string().min(1, 'SIGNIN.VALID_PASSPHRASE'),
  rememberCredentials: z.boolean(),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
