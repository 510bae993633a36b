import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import type { TranslationKey } from './translation-key';

/**
 * The message for a failed call: the server's error code is an i18n key; anything without a
 * known code gets the fallback.
 */
export function errorMessage(t: TFunction, error: unknown, fallback: TranslationKey): string {
  if (
    error instanceof ApiError &&
    error.code &&
    t(error.code as TranslationKey, { defaultValue: '' })
  ) {
    return t(error.code as TranslationKey);
  }
  return t(fallback);
}
