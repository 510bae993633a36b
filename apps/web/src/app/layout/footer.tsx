import { Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand/brand-context';
import { useSession } from '../../lib/session';

// Only line pages show it, and those are lazy chunks themselves: it stays out of the first load.
const SupportInfoPopover = lazy(async () => ({
  default: (await import('../../features/network/components/support-info-popover'))
    .SupportInfoPopover,
}));

// Signed-in users only, and fetched after the first paint: it stays out of the first load too.
const FeedbackButton = lazy(async () => ({
  default: (await import('../../features/feedback/components/feedback-button')).FeedbackButton,
}));

const firstYear = 2014;

/**
 * The copyright line, on a line's network and gateway pages the support information, and for
 * a signed-in user the feedback collector when one is configured.
 */
export function Footer({ losCode }: { losCode: string | undefined }) {
  const { isAuthenticated } = useSession();
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
        {losCode && (
          <Suspense fallback={null}>
            <SupportInfoPopover losCode={losCode} />
          </Suspense>
        )}
        {isAuthenticated && (
          <Suspense fallback={null}>
            <FeedbackButton />
          </Suspense>
        )}
      </Group>
    </footer>
  );
}
