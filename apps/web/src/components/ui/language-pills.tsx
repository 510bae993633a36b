import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, languages } from '../../lib/i18n';

/** The en / es / fr choice; the chosen language is stored locally by the detector's cache. */
export function LanguagePills() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('NAV.LANGUAGE')}
      size="xs"
      value={currentLanguage(i18n.resolvedLanguage)}
      onChange={(language) => void i18n.changeLanguage(language)}
      data={languages.map((language) => ({ value: language, label: t(`LANGUAGES.${language}`) }))}
    />
  );
}
