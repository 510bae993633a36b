import type { DeviceCommand } from '@linesight/contract';
import type { GatewayProfile, RadioProfile, WifiBand } from './profile';
import { allowedBandwidths, possibleChannels } from './wifi-radio';

/**
 * What the portal's commands change on a gateway (docs/reporting-protocol.md, "Commands"):
 * blocked hosts and the radios' channels and widths. It is configuration, so it survives
 * reboots; the reports that follow show it.
 */

export interface RadioSettings {
  /** The channel set by hand; null while the radio picks its own (Auto). */
  manualChannel: number | null;
  /**
   * When a command last switched Auto on: the radio scans and picks then, as it does at every
   * boot. Null when no command has.
   */
  autoSince: number | null;
  /** TR-181 `OperatingChannelBandwidth`, e.g. "80MHz". */
  bandwidth: string;
}

export interface GatewaySettings {
  /** By radio, in the order of the profile's radios. */
  radios: RadioSettings[];
  /** MACs of the hosts kept off the internet, lower case. */
  blocked: Set<string>;
  /**
   * Whether its management agent can block hosts: not the OpenWrt-based Bulk Data agent, always
   * a TR-069 agent (blocking is its firewall's or its QoS classifier's).
   */
  canBlock: boolean;
}

/** The gateway's answer: ACK, or NAK with the message the portal shows. */
export type CommandOutcome = { result: 'ACK' } | { result: 'NAK'; value: string };

/** As the gateway leaves the factory: Auto channels, its radios' own widths, nobody blocked. */
export function factorySettings(profile: GatewayProfile): GatewaySettings {
  return {
    radios: profile.radios.map((radio) => ({
      manualChannel: null,
      autoSince: null,
      bandwidth: radio.bandwidth,
    })),
    blocked: new Set(),
    canBlock: supportsBlocking(profile),
  };
}

/** A copy to try a command on, leaving the gateway's own settings as they are. */
export function cloneSettings(settings: GatewaySettings): GatewaySettings {
  return {
    radios: settings.radios.map((radio) => ({ ...radio })),
    blocked: new Set(settings.blocked),
    canBlock: settings.canBlock,
  };
}

const ack: CommandOutcome = { result: 'ACK' };

function nak(value: string): CommandOutcome {
  return { result: 'NAK', value };
}

/**
 * Carries out a command at `at` (epoch seconds), changing `settings` when it succeeds; a NAK
 * leaves them as they were.
 */
export function applyCommand(
  profile: GatewayProfile,
  settings: GatewaySettings,
  command: DeviceCommand,
  at: number,
): CommandOutcome {
  switch (command.action) {
    case 'block':
    case 'unblock':
      return setBlocked(profile, settings, command.parameters.macAddress, command.action);
    case 'changeChannel':
      return changeRadio(profile, settings, command.parameters.freqBand, at, {
        channel: command.parameters.channel,
      });
    case 'changeBandwidth':
      return changeRadio(profile, settings, command.parameters.freqBand, at, {
        bandwidthMHz: command.parameters.channelBandwidth,
      });
    case 'changeBandwidthAndChannel':
      return changeRadio(profile, settings, command.parameters.freqBand, at, {
        channel: command.parameters.channel,
        bandwidthMHz: command.parameters.channelBandwidth,
      });
  }
}

/** Whether the agent can block hosts: the OpenWrt-based one ("WRT-…") cannot. */
export function supportsBlocking(profile: GatewayProfile): boolean {
  return !profile.agent.clientVersion.includes('WRT');
}

/**
 * Blocks or unblocks a host the gateway knows: one of its home's. A cabled host cannot be
 * blocked (the agent filters on the WiFi side only).
 */
function setBlocked(
  profile: GatewayProfile,
  settings: GatewaySettings,
  macAddress: string,
  action: 'block' | 'unblock',
): CommandOutcome {
  if (!settings.canBlock) {
    return nak('This device does not support the block/unblock command');
  }
  const mac = macAddress.toLowerCase();
  const host = profile.hosts.find((candidate) => candidate.mac === mac);
  if (!host) return nak(`Unknown host ${macAddress}`);
  if (host.connection.medium === 'ethernet') {
    return nak('Command not supported for ethernet devices');
  }
  if (action === 'block') settings.blocked.add(mac);
  else settings.blocked.delete(mac);
  return ack;
}

/**
 * Moves a radio to a channel (0: Auto, the radio picks one itself) and/or a channel width,
 * both or neither: a NAK changes nothing.
 */
function changeRadio(
  profile: GatewayProfile,
  settings: GatewaySettings,
  band: WifiBand,
  at: number,
  change: { channel?: number; bandwidthMHz?: number },
): CommandOutcome {
  const index = profile.radios.findIndex((radio) => radio.band === band);
  const radio = profile.radios[index];
  const radioSettings = settings.radios[index];
  if (!radio || !radioSettings) return nak(`This device has no ${band} radio`);
  const refusal =
    refuseChannel(radio, change.channel) ?? refuseBandwidth(radio, change.bandwidthMHz);
  if (refusal) return nak(refusal);
  if (change.channel === 0) {
    radioSettings.manualChannel = null;
    radioSettings.autoSince = at;
  } else if (change.channel !== undefined) {
    radioSettings.manualChannel = change.channel;
  }
  if (change.bandwidthMHz !== undefined) radioSettings.bandwidth = `${change.bandwidthMHz}MHz`;
  return ack;
}

function refuseChannel(radio: RadioProfile, channel: number | undefined): string | null {
  if (channel === undefined || channel === 0 || possibleChannels(radio).includes(channel)) {
    return null;
  }
  return `Channel ${channel} is not available on the ${radio.band} radio (possible: ${radio.possibleChannels})`;
}

function refuseBandwidth(radio: RadioProfile, bandwidthMHz: number | undefined): string | null {
  if (bandwidthMHz === undefined) return null;
  const allowed = allowedBandwidths(radio);
  if (allowed.includes(bandwidthMHz)) return null;
  return (
    `${bandwidthMHz}MHz is not supported by the ${radio.band} radio (${radio.standards}); ` +
    `it allows ${allowed.map((width) => `${width}MHz`).join(', ')}`
  );
}
