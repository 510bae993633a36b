import { z } from 'zod';
import type { Brand } from './brands';
import {
  emailSchema,
  isStorableText,
  maxFieldLength,
  passphraseMaxLength,
  storableText,
} from './text';

/**
 * Longest passphrase a request may carry. The policy's own maximum (127) answers longer ones
 * with its message; this only keeps megabyte strings away from argon2.
 */
const passphraseFieldMax = 1024;
export const passphraseField = storableText(passphraseFieldMax);

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/**
 * POST /api/user/v1/sendResetPassphraseLink: the seed's forgot-passphrase message payload. The
 * server brands the e-mail from its own brand list, matched by these names, so a caller cannot
 * put words or images of its own into a mail sent to someone else.
 */
export const sendResetPassphraseLinkRequestSchema = z.object({
  email: emailSchema,
  productName: storableText(maxFieldLength),
  btnBrandPrimary: hexColor,
  navBackgroundColor: hexColor,
  navTextColor: hexColor,
  brandLogoRelativeURL: z
    .string()
    .max(maxFieldLength)
    .regex(/^\/[\w\-./]*$/, 'must be a path on this site')
    .refine(isStorableText),
  companyName: storableText(maxFieldLength),
});
export type SendResetPassphraseLinkRequest = z.infer<typeof sendResetPassphraseLinkRequestSchema>;

/** The forgot-passphrase request for `email`, in the colours and names of the brand shown. */
export function resetLinkRequestFor(email: string, brand: Brand): SendResetPassphraseLinkRequest {
  return {
    email,
    productName: brand.productName,
    companyName: brand.companyName,
    btnBrandPrimary: brand.colors.primary,
    navBackgroundColor: brand.colors.navBackground,
    navTextColor: brand.colors.navText,
    brandLogoRelativeURL: brand.logoUrl,
  };
}

/** POST /api/user/v1/changePassphraseWithToken: the token from the e-mailed link. */
export const changePassphraseWithTokenRequestSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[\w-]+$/),
  passphrase: passphraseField,
});
export type ChangePassphraseWithTokenRequest = z.infer<
  typeof changePassphraseWithTokenRequestSchema
>;

/** The reset answer carries the e-mail; the client then signs in with the new passphrase. */
export const changePassphraseWithTokenResponseSchema = z.object({ email: z.string() });

/** POST /api/user/v1/changePassphrase: 401 means the old passphrase is incorrect. */
export const changePassphraseRequestSchema = z.object({
  email: emailSchema,
  oldPassphrase: storableText(passphraseMaxLength).min(1),
  newPassphrase: passphraseField,
});
export type ChangePassphraseRequest = z.infer<typeof changePassphraseRequestSchema>;
