import { firstBrokenPassphraseRule, type PersonalInformation } from '@linesight/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { TranslationKey } from './translation-key';

export interface NewPassphraseValues {
  newPassphrase: string;
  confirmPassphrase: string;
}

/**
 * Checks a new passphrase and its confirmation by the policy the server applies (the contract's
 * own function), reporting the first broken rule's message key on the field.
 */
export function addNewPassphraseIssues(
  { newPassphrase, confirmPassphrase }: NewPassphraseValues,
  context: z.RefinementCtx,
  personal: PersonalInformation,
): void {
  const broken = firstBrokenPassphraseRule(newPassphrase, personal);
  if (broken) context.addIssue({ code: 'custom', path: ['newPassphrase'], message: broken });
  if (confirmPassphrase !== newPassphrase) {
    context.addIssue({
      code: 'custom',
      path: ['confirmPassphrase'],
      message: 'USER_MANAGEMENT_PASSPHRASE_SHOULD_MATCH',
    });
  }
}

/** A form of just a new passphrase and its confirmation (the reset screen). */
export function newPassphraseFields(personal: PersonalInformation = {}) {
  return z
    .object({ newPassphrase: z.string(), confirmPassphrase: z.string() })
    .superRefine((values, context) => addNewPassphraseIssues(values, context, personal));
}

/** A form field's message: validation messages are i18n keys. */
export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  return message ? t(message as TranslationKey) : undefined;
}
