import {
  allowedChannelBandwidths,
  bandChannels,
  type ChannelChangeRefusal,
  channelChangeRefusal,
  type DeviceCommand,
  type SiteSurveyEntry,
  type WifiRadio,
  type WifiSettings,
} from '@linesight/contract';
import type { SurveyBand } from './survey-chart';

/**
 * The channel form on the gateway's own rows (seed 001 section 5, docs/decisions/018): what it
 * offers, what it refuses before sending (the contract's `channelChangeRefusal`, which the server
 * applies too) and which of the three commands a change is.
 */

/** What the form holds: a primary channel (0: Auto) and a bandwidth in MHz. */
export interface ChannelChoice {
  channel: number;
  channelBandwidth: number | null;
}

/** The radio an own row belongs to: the one that carries its BSSID, else its band's. */
export function radioOf(
  settings: WifiSettings | null | undefined,
  entry: Pick<SiteSurveyEntry, 'bssid' | 'freqBand'>,
): WifiRadio | null {
  const radios = settings?.wifiRadios ?? [];
  return (
    radios.find((radio) =>
      radio.wifiNetworks.some((network) => entry.bssid !== null && network.bssid === entry.bssid),
    ) ??
    radios.find((radio) => radio.freqBand === entry.freqBand) ??
    null
  );
}

export function currentChoice(radio: WifiRadio): ChannelChoice {
  return { channel: radio.channel, channelBandwidth: radio.channelBandwidth };
}

/** Auto (0), then the channels the radio lists, or all of its band's when it lists none. */
export function channelOptions(radio: WifiRadio, band: SurveyBand): number[] {
  const channels =
    radio.availableChannels.length > 0 ? radio.availableChannels : bandChannels[band];
  return [0, ...[...channels].sort((a, b) => a - b)];
}

/** The bandwidths the radio's standard allows on its band. */
export function bandwidthOptions(radio: WifiRadio, band: SurveyBand): number[] {
  return allowedChannelBandwidths(band, radio.standard);
}

/** The widths a command may carry (the contract's `channelBandwidth`). */
const commandBandwidths = [20, 40, 80, 160] as const;
type CommandBandwidth = (typeof commandBandwidths)[number];

function isCommandBandwidth(width: number | undefined): width is CommandBandwidth {
  return commandBandwidths.some((candidate) => candidate === width);
}

/** Only what differs from the radio: the contract checks a field left alone at its value. */
function change(radio: WifiRadio, choice: ChannelChoice) {
  return {
    channel: choice.channel !== radio.channel ? choice.channel : undefined,
    channelBandwidth:
      choice.channelBandwidth !== null && choice.channelBandwidth !== radio.channelBandwidth
        ? choice.channelBandwidth
        : undefined,
  };
}

/** Why the radio cannot take `choice`, or null when it can (or nothing changes). */
export function choiceRefusal(
  radio: WifiRadio,
  choice: ChannelChoice,
): ChannelChangeRefusal | null {
  return channelChangeRefusal(radio, change(radio, choice));
}

/**
 * The command that moves the radio to `choice`: changeChannel, changeBandwidth or
 * changeBandwidthAndChannel; null when nothing changed. A consumer's bandwidth never changes
 * (the form hides it and the server refuses it).
 */
export function channelCommand(
  radio: WifiRadio,
  band: SurveyBand,
  choice: ChannelChoice,
  consumer: boolean,
): DeviceCommand | null {
  const { channel, channelBandwidth } = change(radio, choice);
  const bandwidth =
    !consumer && isCommandBandwidth(channelBandwidth) ? channelBandwidth : undefined;
  if (channel !== undefined && bandwidth !== undefined)
    return {
      action: 'changeBandwidthAndChannel',
      parameters: { freqBand: band, channel, channelBandwidth: bandwidth },
    };
  if (channel !== undefined)
    return { action: 'changeChannel', parameters: { freqBand: band, channel } };
  if (bandwidth !== undefined)
    return {
      action: 'changeBandwidth',
      parameters: { freqBand: band, channelBandwidth: bandwidth },
    };
  return null;
}

/** Whether the survey's own rows of the band show what `command` asked for. */
export function surveyShows(command: DeviceCommand, entries: readonly SiteSurveyEntry[]): boolean {
  if (command.action === 'block' || command.action === 'unblock') return true;
  const own = entries.filter(
    (entry) => entry.client && entry.freqBand === command.parameters.freqBand,
  );
  if (own.length === 0) return false;
  const { parameters } = command;
  return own.every(
    (entry) =>
      (!('channel' in parameters) ||
        parameters.channel === 0 ||
        entry.channel === parameters.channel) &&
      (!('channelBandwidth' in parameters) ||
        entry.channelBandwidth === parameters.channelBandwidth),
  );
}

/** Whether the radio, as the WiFi settings give it, is where `command` asked (0: on Auto). */
export function radioShows(
  command: DeviceCommand,
  radio: Pick<WifiRadio, 'channel' | 'channelBandwidth'> | null,
): boolean {
  if (command.action === 'block' || command.action === 'unblock') return true;
  if (!radio) return false;
  const { parameters } = command;
  return (
    (!('channel' in parameters) || radio.channel === parameters.channel) &&
    (!('channelBandwidth' in parameters) || radio.channelBandwidth === parameters.channelBandwidth)
  );
}
