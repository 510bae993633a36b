import { Button, Drawer } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackSettings } from '../api/get-feedback-settings';

/**
 * The issue tracker's feedback collector (seed 001 section 7): a small footer button opening a
 * side panel with the collector in a frame, from the configured address; nothing at all when
 * none is configured. The frame runs the collector's scripts and form and may open its own
 * links in a new tab, but cannot navigate the portal or reach into it; it keeps its own origin
 * (the tracker's sign-in cookies) only when that origin is not the portal's. It loads only when
 * the panel opens.
 */
export function FeedbackButton() {
  const { t } = useTranslation();
  const settings = useFeedbackSettings();
  const [opened, setOpened] = useState(false);
  const url = settings.data?.url;
  if (!url) return null;
  // A collector served from the portal's own origin could lift a sandbox that allowed it both
  // scripts and its origin; only another origin keeps its own.
  const ownOrigin = new URL(url, window.location.href).origin === window.location.origin;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        leftSection={<IconMessageReport size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('FEEDBACK.BUTTON')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="md"
        title={t('FEEDBACK.TITLE')}
        closeButtonProps={{ 'aria-label': t('FEEDBACK.CLOSE') }}
      >
        <iframe
          src={url}
          title={t('FEEDBACK.FRAME')}
          sandbox={`allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox${ownOrigin ? '' : ' allow-same-origin'}`}
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          style={{ width: '100%', height: 'calc(100dvh - 120px)', border: 0 }}
        />
      </Drawer>
    </>
  );
}
