import type { DeviceCommand } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet';
import type { Gateway } from './gateway';
import type { HostProfile } from './profile';
import type { BulkDataReport } from './report';
import { day, hour, monday, numberAt, reportsOf, rowsOf } from './test-helpers';

/** A gateway of a fresh fleet, one that has not reported yet. */
function gatewayWhere(matches: (gateway: Gateway) => boolean): Gateway {
  const fleet = createFleet({
    seed: 41,
    size: 80,
    behaviour: { rebootsPerDay: 0, offlineSpellsPerDay: 0 },
  });
  const gateway = fleet.find(matches);
  if (!gateway) throw new Error('no gateway in the fleet matches');
  return gateway;
}

const canBlock = (gateway: Gateway) => !gateway.profile.agent.clientVersion.includes('WRT');
const alwaysOnWifi = (host: HostProfile) =>
  host.connection.medium === 'wifi' &&
  host.presence === 'always' &&
  host.peakDownBytesPerSecond > 10_000;

function hostRow(report: BulkDataReport, mac: string): Map<string, unknown> {
  const row = rowsOf(report, 'Device.Hosts.Host.').find((host) => host.get('PhysAddress') === mac);
  if (!row) throw new Error(`${mac} is not in the Hosts table`);
  return row;
}

const associated = (report: BulkDataReport, mac: string): boolean =>
  Object.entries(report).some(
    ([path, value]) => /AssociatedDevice\.\d+\.MACAddress$/.test(path) && value === mac,
  );

const radio = (report: BulkDataReport, instance: number) => ({
  channel: report[`Device.WiFi.Radio.${instance}.Channel`],
  auto: report[`Device.WiFi.Radio.${instance}.AutoChannelEnable`],
  bandwidth: report[`Device.WiFi.Radio.${instance}.OperatingChannelBandwidth`],
});

describe('a gateway carrying out commands', () => {
  it('should block a host: on the LAN and the WiFi still, its counters standing still until unblocked', () => {
    const gateway = gatewayWhere(
      (candidate) => canBlock(candidate) && candidate.profile.hosts.some(alwaysOnWifi),
    );
    const host = gateway.profile.hosts.find(alwaysOnWifi)!;
    const received = (report: BulkDataReport) =>
      Number(hostRow(report, host.mac).get('WANStats.BytesReceived'));
    const before = gateway.reportAt(monday + 18 * hour);

    expect(hostRow(before, host.mac).get('X_LINESIGHT_Blocked')).toBe(false);
    expect(
      gateway.applyCommand(
        { action: 'block', parameters: { macAddress: host.mac } },
        monday + 18 * hour,
      ),
    ).toEqual({ result: 'ACK' });
    const blocked = reportsOf(gateway, monday + 19 * hour, monday + 22 * hour, hour);
    for (const report of blocked) {
      expect(hostRow(report, host.mac).get('X_LINESIGHT_Blocked')).toBe(true);
      expect(hostRow(report, host.mac).get('Active')).toBe(true);
      expect(associated(report, host.mac)).toBe(true);
      expect(received(report)).toBe(received(before));
    }
    expect(
      gateway.applyCommand(
        { action: 'unblock', parameters: { macAddress: host.mac } },
        monday + 22 * hour,
      ),
    ).toEqual({ result: 'ACK' });
    const unblocked = gateway.reportAt(monday + 23 * hour);
    expect(hostRow(unblocked, host.mac).get('X_LINESIGHT_Blocked')).toBe(false);
    expect(received(unblocked)).toBeGreaterThan(received(before));
  });

  it.each([
    [
      'the agent is OpenWrt-based',
      (gateway: Gateway) => !canBlock(gateway),
      (gateway: Gateway) => gateway.profile.hosts[0]!.mac,
      'This device does not support the block/unblock command',
    ],
    ['the host is unknown', canBlock, () => 'aa:bb:cc:00:00:01', 'Unknown host aa:bb:cc:00:00:01'],
    [
      'the host is cabled',
      (gateway: Gateway) =>
        canBlock(gateway) &&
        gateway.profile.hosts.some((host) => host.connection.medium === 'ethernet'),
      (gateway: Gateway) =>
        gateway.profile.hosts.find((host) => host.connection.medium === 'ethernet')!.mac,
      'Command not supported for ethernet devices',
    ],
  ])('should refuse to block when %s', (_, matches, macOf, message) => {
    const gateway = gatewayWhere(matches);
    const macAddress = macOf(gateway);

    expect(gateway.applyCommand({ action: 'block', parameters: { macAddress } }, monday)).toEqual({
      result: 'NAK',
      value: message,
    });
    const report = gateway.reportAt(monday);
    if (gateway.profile.hosts.some((host) => host.mac === macAddress)) {
      expect(hostRow(report, macAddress).get('X_LINESIGHT_Blocked')).toBe(false);
    }
  });

  it('should move a radio to a channel and keep it there across reboots, then back to Auto', () => {
    const [gateway] = createFleet({ seed: 41, size: 1, behaviour: { rebootsPerDay: 6 } });
    gateway!.reportAt(monday);

    expect(
      gateway!.applyCommand(
        { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 100 } },
        monday,
      ),
    ).toEqual({ result: 'ACK' });
    const manual = reportsOf(gateway!, monday + hour, monday + day, hour);
    const uptimes = manual.map((report) => numberAt(report, 'Device.DeviceInfo.UpTime'));
    expect(uptimes.some((uptime, index) => index > 0 && uptime < uptimes[index - 1]!)).toBe(true);
    for (const report of manual)
      expect(radio(report, 2)).toMatchObject({ channel: 100, auto: false });

    expect(
      gateway!.applyCommand(
        { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 0 } },
        monday + day,
      ),
    ).toEqual({ result: 'ACK' });
    const auto = gateway!.reportAt(monday + day + 300);
    expect(radio(auto, 2).auto).toBe(true);
    expect(gateway!.profile.radios[1]!.channelChoices).toContain(radio(auto, 2).channel);
  });

  it('should refuse a channel the radio cannot use, changing nothing', () => {
    const gateway = gatewayWhere(() => true);
    const before = gateway.reportAt(monday);
    const refuse = (command: DeviceCommand, message: RegExp) =>
      expect(gateway.applyCommand(command, monday)).toEqual({
        result: 'NAK',
        value: expect.stringMatching(message),
      });

    refuse(
      { action: 'changeChannel', parameters: { freqBand: '2.4GHz', channel: 13 } },
      /Channel 13 is not available on the 2\.4GHz radio \(possible: 1-11\)/,
    );
    refuse(
      { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 165 } },
      /Channel 165 is not available/,
    );
    // A refused width refuses the channel that came with it.
    refuse(
      {
        action: 'changeBandwidthAndChannel',
        parameters: { freqBand: '2.4GHz', channel: 6, channelBandwidth: 80 },
      },
      /80MHz is not supported by the 2\.4GHz radio/,
    );
    const after = gateway.reportAt(monday + 300);
    expect(radio(after, 1)).toEqual(radio(before, 1));
    expect(radio(after, 2)).toEqual(radio(before, 2));
  });

  it('should change a width the standard allows and refuse one it does not', () => {
    const wifi5 = gatewayWhere((gateway) => !gateway.profile.model.wifi6);
    const wifi6 = gatewayWhere((gateway) => gateway.profile.model.wifi6);

    expect(
      wifi5.applyCommand(
        { action: 'changeBandwidth', parameters: { freqBand: '5GHz', channelBandwidth: 160 } },
        monday,
      ),
    ).toEqual({
      result: 'NAK',
      value: expect.stringMatching(/160MHz is not supported by the 5GHz radio \(a,n,ac\)/),
    });
    expect(
      wifi6.applyCommand(
        { action: 'changeBandwidth', parameters: { freqBand: '5GHz', channelBandwidth: 160 } },
        monday,
      ),
    ).toEqual({ result: 'ACK' });
    expect(
      wifi5.applyCommand(
        {
          action: 'changeBandwidthAndChannel',
          parameters: { freqBand: '2.4GHz', channel: 11, channelBandwidth: 40 },
        },
        monday,
      ),
    ).toEqual({ result: 'ACK' });

    expect(radio(wifi6.reportAt(monday + 300), 2).bandwidth).toBe('160MHz');
    expect(radio(wifi5.reportAt(monday + 300), 1)).toEqual({
      channel: 11,
      auto: false,
      bandwidth: '40MHz',
    });
  });

  it("should slow its hosts' links when their radio's channel narrows", () => {
    const gateway = gatewayWhere((candidate) =>
      candidate.profile.hosts.some(
        (host) =>
          alwaysOnWifi(host) &&
          host.connection.medium === 'wifi' &&
          host.connection.band === '5GHz',
      ),
    );
    const rates = (from: number) =>
      reportsOf(gateway, from, from + 6 * hour, 900).flatMap((report) =>
        Object.entries(report)
          .filter(([path]) =>
            /AccessPoint\.2\.AssociatedDevice\.\d+\.LastDataDownlinkRate$/.test(path),
          )
          .map(([, rate]) => Number(rate)),
      );
    const wide = Math.max(...rates(monday));
    gateway.applyCommand(
      { action: 'changeBandwidth', parameters: { freqBand: '5GHz', channelBandwidth: 20 } },
      monday + 6 * hour,
    );

    expect(Math.max(...rates(monday + 7 * hour))).toBeLessThan(wide / 2);
  });

  it('should give the same reports for the same seed, times and commands', () => {
    const run = () => {
      const [gateway] = createFleet({ seed: 43, size: 1 });
      const host = gateway!.profile.hosts.find(
        (candidate) => candidate.connection.medium === 'wifi',
      );
      const reports = reportsOf(gateway!, monday, monday + 6 * hour, 300);
      gateway!.applyCommand(
        { action: 'changeChannel', parameters: { freqBand: '2.4GHz', channel: 0 } },
        monday + 6 * hour,
      );
      if (host)
        gateway!.applyCommand(
          { action: 'block', parameters: { macAddress: host.mac } },
          monday + 6 * hour,
        );
      return [...reports, ...reportsOf(gateway!, monday + 6 * hour + 300, monday + 12 * hour, 300)];
    };

    expect(run()).toEqual(run());
  });
});
