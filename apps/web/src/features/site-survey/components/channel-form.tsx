import {
  cleanSsid,
  type DeviceCommand,
  isDfsChannel,
  type SiteSurveyEntry,
  type WifiRadio,
} from '@linesight/contract';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceActionFeedback } from '../../../components/device-action/device-action-feedback';
import {
  type DeviceAction,
  useDeviceAction,
} from '../../../components/device-action/use-device-action';
import {
  bandwidthOptions,
  type ChannelChoice,
  channelCommand,
  channelOptions,
  choiceRefusal,
  currentChoice,
} from '../channel-form';
import { bandLabel, centreAt, type SurveyBand } from '../survey-chart';

interface ChannelFormProps {
  losCode: string;
  band: SurveyBand;
  entry: SiteSurveyEntry;
  /** The row's radio from the WiFi settings; null before the gateway reported them. */
  radio: WifiRadio | null;
  recommended: number | null;
  consumer: boolean;
  /**
   * The gateway acknowledged a change of this band that no report shows yet: saving again would
   * send the same change twice.
   */
  awaitingReport: boolean;
  /** After the gateway acknowledged: the page reads the survey and settings again. */
  onChanged: (command: DeviceCommand) => void;
  onClose: () => void;
}

/**
 * The channel form of one of the gateway's own networks (seed 001 section 5): the channel and,
 * for staff, the bandwidth, offering only what the radio can take; the Recommended button; Save
 * sends the one command that says what changed, through the device-action mechanism.
 */
export function ChannelForm(props: ChannelFormProps) {
  const { t, i18n } = useTranslation();
  const action = useDeviceAction(props.losCode, { onSuccess: props.onChanged });
  const { radio } = props;

  return (
    <Paper withBorder p="md" radius="md" data-testid="channel-form">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('SITE_SURVEY.FORM_TITLE', {
              ssid: cleanSsid(props.entry.ssid),
              band: bandLabel(props.band, i18n.language),
            })}
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={props.onClose}
            disabled={action.pending}
          >
            {t('SITE_SURVEY.CLOSE')}
          </Button>
        </Group>
        {radio ? (
          // A new report of the radio starts the fields again from what it now uses.
          <ChannelFields
            key={`${radio.channel}/${radio.channelBandwidth}`}
            {...props}
            radio={radio}
            action={action}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('SITE_SURVEY.NO_RADIO_SETTINGS')}
          </Text>
        )}
        <DeviceActionFeedback action={action} successNote={t('SITE_SURVEY.CHANGE_DELAY')} />
      </Stack>
    </Paper>
  );
}

function ChannelFields(props: ChannelFormProps & { radio: WifiRadio; action: DeviceAction }) {
  const { t } = useTranslation();
  const { radio, band, consumer, recommended, action } = props;
  const [choice, setChoice] = useState<ChannelChoice>(() => currentChoice(radio));
  const command = channelCommand(radio, band, choice, consumer);
  const refusal = choiceRefusal(radio, choice);
  const fits = (candidate: ChannelChoice): boolean => choiceRefusal(radio, candidate) === null;
  const channelName = (channel: number): string =>
    channel === 0
      ? t('SITE_SURVEY.AUTO')
      : isDfsChannel(channel)
        ? `${channel} (DFS)`
        : String(channel);
  const centre =
    choice.channel === 0
      ? t('SITE_SURVEY.AUTO')
      : String(centreAt(band, choice.channel, choice.channelBandwidth));

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <Select
          label={t('SITE_SURVEY.FORM_CHANNEL')}
          w={160}
          allowDeselect={false}
          disabled={action.pending}
          value={String(choice.channel)}
          data={channelOptions(radio, band).map((channel) => ({
            value: String(channel),
            label: channelName(channel),
            disabled: !fits({ ...choice, channel }),
          }))}
          onChange={(value) => {
            if (value !== null) setChoice({ ...choice, channel: Number(value) });
          }}
        />
        {!consumer && (
          <Select
            label={t('SITE_SURVEY.FORM_BANDWIDTH')}
            w={160}
            allowDeselect={false}
            disabled={action.pending}
            value={choice.channelBandwidth === null ? null : String(choice.channelBandwidth)}
            placeholder={t('DEVICE.NOT_REPORTED')}
            data={bandwidthOptions(radio, band).map((width) => ({
              value: String(width),
              label: `${width} MHz`,
              disabled: !fits({ ...choice, channelBandwidth: width }),
            }))}
            onChange={(value) => {
              if (value !== null) setChoice({ ...choice, channelBandwidth: Number(value) });
            }}
          />
        )}
        <Text size="sm" pb={6} data-testid="form-centre-channel">
          {t('SITE_SURVEY.CENTRE_VALUE', { channel: centre })}
        </Text>
      </Group>
      {consumer && (
        <Text size="xs" c="dimmed">
          {t('SITE_SURVEY.CONSUMER_NOTE')}
        </Text>
      )}
      {refusal && (
        <Alert color="red" p="xs" role="alert">
          {t(refusal)}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          disabled={
            action.pending ||
            recommended === null ||
            choice.channel === recommended ||
            !fits({ ...choice, channel: recommended })
          }
          onClick={() => {
            if (recommended !== null) setChoice({ ...choice, channel: recommended });
          }}
        >
          {t('SITE_SURVEY.RECOMMENDED')}
        </Button>
        <Button
          disabled={command === null || refusal !== null || action.pending || props.awaitingReport}
          onClick={() => {
            if (command) action.send(command);
          }}
        >
          {t('SITE_SURVEY.SAVE')}
        </Button>
      </Group>
      {props.awaitingReport && (
        <Text size="sm" c="dimmed" data-testid="awaiting-report">
          {t('SITE_SURVEY.AWAITING_REPORT')}
        </Text>
      )}
    </Stack>
  );
}
