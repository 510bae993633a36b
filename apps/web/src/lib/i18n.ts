import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { localStorageKeys } from './storage';

export const languages = ['en', 'es', 'fr'] as const;
export type Language = (typeof languages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/**
 * Spanish and French arrive as their own chunks, only for a browser that uses them: English is
 * bundled (it is the fallback of every key), and the first load stays within its budget.
 */
const otherLanguages: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
};

const lazyTranslations = {
  type: 'backend' as const,
  init: (): void => undefined,
  read(language: string, _namespace: string, done: (error: unknown, data?: unknown) => void): void {
    const load = otherLanguages[language as keyof typeof otherLanguages];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (messages) => done(null, messages.default),
      (error: unknown) => done(error),
    );
  },
};

/**
 * Languages (seed 000 section 1): detected from the browser, stored locally once chosen, English
 * wherever a language or a key is missing. `en.json` is the source of every text. Init resolves
 * once the detected language is loaded, and a change of language switches once its texts are.
 */
export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(lazyTranslations)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      supportedLngs: languages,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: localStorageKeys.language,
        caches: ['localStorage'],
      },
    });
  const setDocumentLanguage = (language: string): void => {
    document.documentElement.lang = language;
  };
  setDocumentLanguage(i18next.resolvedLanguage ?? 'en');
  i18next.on('languageChanged', setDocumentLanguage);
  return i18next;
}

export function currentLanguage(language: string | undefined): Language {
  return languages.find((candidate) => language?.startsWith(candidate)) ?? 'en';
}
