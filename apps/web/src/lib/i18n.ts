import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import { localStorageKeys } from './storage';

export const languages = ['en', 'es', 'fr'] as const;
export type Language = (typeof languages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/**
 * Languages (seed 000 section 1): detected from the browser, stored locally once chosen, English
 * wherever a language or a key is missing. `en.json` is the source of every text.
 */
export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, es: { translation: es }, fr: { translation: fr } },
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
