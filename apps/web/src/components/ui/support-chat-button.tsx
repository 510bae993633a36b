import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand/brand-context';
import { supportChatUrlFor } from '../../lib/brand/support-chat';
import { useSession } from '../../lib/session';

/** The Support chat button of the consumer's summary (seed 001 section 2): opens the brand's external chat service in a new tab. */
export function SupportChatButton() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { user } = useSession();
  const chatUrl = supportChatUrlFor(user, brand);
  if (!chatUrl) return null;
  return (
    <Button
      component="a"
      href={chatUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      leftSection={<IconMessageCircle size={14} aria-hidden />}
    >
      {t('NAV.SUPPORT_CHAT')}
    </Button>
  );
}
