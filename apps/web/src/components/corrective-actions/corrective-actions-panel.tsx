import type { CardColour, CorrectiveActions, CorrectiveCard } from '@linesight/contract';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../charts/chart-format';
import { href } from '../../lib/routes';
import { errorMessage } from '../../lib/translate-error';
import { useCorrectiveActions } from './use-corrective-actions';

/** Red before yellow: what needs doing now comes first. */
const groups: readonly { colour: CardColour; headingKey: 'IS_ISSUE' | 'MAYBE_ISSUES' }[] = [
  { colour: 'red', headingKey: 'IS_ISSUE' },
  { colour: 'yellow', headingKey: 'MAYBE_ISSUES' },
];

const cardKeys = {
  wifi: 'WIFI',
  cpu: 'CPU',
  ram: 'RAM',
  uptime: 'UPTIME',
  networkConnection: 'NETWORK_CONNECTION',
} as const satisfies Record<CorrectiveCard, string>;

function ActionCard(props: { card: CorrectiveCard; colour: CardColour; losCode: string }) {
  const { t } = useTranslation();
  const key = cardKeys[props.card];
  const mantineColour = props.colour === 'red' ? 'red' : 'yellow';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="corrective-card"
      data-card={props.card}
      data-colour={props.colour}
      style={{
        borderLeft: `4px solid var(--mantine-color-${mantineColour}-6)`,
        background: `var(--mantine-color-${mantineColour}-light)`,
      }}
    >
      <Text fw={600} size="sm">
        {t(`CORRECTIVE_ACTIONS.CARDS.${key}.TITLE`)}
      </Text>
      <Text size="sm">{t(`CORRECTIVE_ACTIONS.CARDS.${key}.ADVICE`)}</Text>
      {props.card === 'wifi' && (
        <Anchor
          component={Link}
          to={href('base.site-survey', { losCode: props.losCode })}
          size="sm"
        >
          {t('CORRECTIVE_ACTIONS.OPEN_SITE_SURVEY')}
        </Anchor>
      )}
    </Paper>
  );
}

function CardGroups({ actions, losCode }: { actions: CorrectiveActions; losCode: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {actions.allValuesNegativeOne && (
        // A fact about the gateway, not a failure of the page: no alert role.
        <Paper
          bg="var(--mantine-color-gray-light)"
          p="sm"
          radius="md"
          data-testid="corrective-unavailable"
        >
          <Text size="sm">{t('CORRECTIVE_ACTIONS.ALL_UNAVAILABLE')}</Text>
        </Paper>
      )}
      {actions.isAllswell && (
        <Group gap="xs" data-testid="corrective-heading" data-heading="all-well">
          <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
          <Text fw={600} c="green.8">
            {t('CORRECTIVE_ACTIONS.ALL_WELL')}
          </Text>
        </Group>
      )}
      {groups.map(({ colour, headingKey }) => {
        const cards = actions.cards.filter((card) => card.colour === colour);
        if (cards.length === 0) return null;
        return (
          <Stack key={colour} gap="xs" data-testid="corrective-group" data-colour={colour}>
            <Group gap="xs" data-testid="corrective-heading" data-heading={colour}>
              <IconAlertTriangle
                size={18}
                color={`var(--mantine-color-${colour === 'red' ? 'red' : 'yellow'}-8)`}
                aria-hidden
              />
              <Text fw={600}>{t(`CORRECTIVE_ACTIONS.${headingKey}`)}</Text>
            </Group>
            {cards.map(({ card }) => (
              <ActionCard key={card} card={card} colour={colour} losCode={losCode} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * The corrective action cards of a line (seed 001 sections 2 and 4): what to do about its
 * WiFi, CPU, RAM, uptime and network connection, from its newest scores of the last 25 minutes,
 * by the contract's `correctiveActions`. Staff only: the summary and QoE page never mount it for
 * a consumer (the API would refuse them).
 */
export function CorrectiveActionsPanel({ losCode }: { losCode: string }) {
  const { t, i18n } = useTranslation();
  const state = useCorrectiveActions(losCode);
  return (
    <Card withBorder data-testid="corrective-actions">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t('CORRECTIVE_ACTIONS.TITLE')}
        </Title>
        {state.slow && (
          <Tooltip label={t('CORRECTIVE_ACTIONS.SLOW_HINT')} multiline w={220}>
            <Badge
              color="orange"
              variant="light"
              leftSection={<IconClockExclamation size={12} aria-hidden />}
              data-testid="corrective-latency"
            >
              {t('CORRECTIVE_ACTIONS.SLOW')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      {state.actions ? (
        <Stack gap="xs">
          <CardGroups actions={state.actions} losCode={losCode} />
          {state.row && (
            <Text size="xs" c="dimmed" data-testid="corrective-as-of">
              {t('CORRECTIVE_ACTIONS.AS_OF', {
                time: formatDateTime(i18n.language, state.row.timestamp),
              })}
            </Text>
          )}
        </Stack>
      ) : state.isPending ? (
        <Loader size="sm" aria-label={t('CORRECTIVE_ACTIONS.LOADING')} />
      ) : (
        <Alert color="red" role="alert">
          {errorMessage(t, state.error, 'CORRECTIVE_ACTIONS.LOAD_ERROR')}
        </Alert>
      )}
    </Card>
  );
}
