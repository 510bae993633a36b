import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The two-step confirmation of delete and deprovision: click, then Yes or No, in place. */
export function InlineConfirm({
  label,
  onConfirm,
  isPending = false,
}: {
  label: string;
  onConfirm: () => void;
  isPending?: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        loading={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Text size="xs">{t('CONFIRM.ARE_YOU_SURE')}</Text>
      <Button
        size="compact-xs"
        color="red"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('CONFIRM.YES')}
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setAsking(false)}>
        {t('CONFIRM.NO')}
      </Button>
    </Group>
  );
}
