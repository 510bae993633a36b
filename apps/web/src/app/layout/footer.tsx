import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SupportInfoPopover } from '../../features/network/components/support-info-popover';
import { useBrand } from '../../lib/brand/brand-context';

const firstYear = 2014;

/** The copyright line, and on a line's network and gateway pages the support information. */
export function Footer({ losCode }: { losCode: string | undefined }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const year = new Date().getFullYear();
  const years = year > firstYear ? `${firstYear}–${year}` : String(firstYear);
  return (
    <footer style={{ padding: '1rem' }}>
      <Group justify="center" gap="md">
        <Text size="xs" c="dimmed">
          {t('FOOTER.COPYRIGHT', { years, company: brand.companyName })}
        </Text>
        {losCode && <SupportInfoPopover losCode={losCode} />}
      </Group>
    </footer>
  );
}
