import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand/brand-context';

const firstYear = 2014;

export function Footer() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const year = new Date().getFullYear();
  const years = year > firstYear ? `${firstYear}–${year}` : String(firstYear);
  return (
    <footer style={{ padding: '1rem', textAlign: 'center' }}>
      <Text size="xs" c="dimmed">
        {t('FOOTER.COPYRIGHT', { years, company: brand.companyName })}
      </Text>
    </footer>
  );
}
