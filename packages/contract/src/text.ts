import { z } from 'zod';

/** PostgreSQL refuses U+0000 and lone UTF-16 surrogates in text; unchecked they become 500s. */
export function isStorableText(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- U+0000 is exactly what is being looked for
  return !/\u0000/.test(value) && value.isWellFormed();
}

/** A string the database can store, at most `max` characters. */
export function storableText(max: number) {
  return z
    .string()
    .max(max)
    .refine(isStorableText, { message: 'contains characters that cannot be stored' });
}

/** Limit on names, codes and e-mails (seed 000, section 9). */
export const maxFieldLength = 255;

export const passphraseMinLength = 8;
export const passphraseMaxLength = 127;

export const emailSchema = z
  .email()
  .max(maxFieldLength)
  .refine(isStorableText, { message: 'contains characters that cannot be stored' });
