import { type LanDevice, localNetworkResponseSchema } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  connectionState,
  deviceDisplayName,
  filterDevices,
  hasPoorWifi,
  onlineDeviceCounts,
  signalNotReported,
} from './lan-devices';

function device(overrides: Partial<LanDevice> & { macAddress: string }): LanDevice {
  return {
    alias: null,
    name: null,
    manufacturer: null,
    iconImageType: 'network-device',
    iconChosen: false,
    online: true,
    blocked: false,
    connectionType: 'WiFi',
    consumption: { inBytes: 0, outBytes: 0, startTime: 0 },
    firstConnectedDate: 0,
    lastOnlineDate: null,
    throughputRank: null,
    ipv4Addresses: [],
    ipv6Addresses: [],
    wifiBand: '5GHz',
    wifiSignal: 3,
    wifiSignalPercent: 60,
    rssi: -57,
    wifiNetwork: 'Home',
    wifiStandard: 'ac',
    wifiTxRate: { value: 400, units: 'Mbps' },
    wifiRxRate: { value: 300, units: 'Mbps' },
    ...overrides,
  };
}

const mac = (n: number): string => `aa:bb:cc:00:00:${String(n).padStart(2, '0')}`;

describe('filterDevices', () => {
  const devices = [
    device({ macAddress: mac(1), online: false, throughputRank: 5 }),
    device({ macAddress: mac(2), wifiSignal: 1, throughputRank: 1 }),
    device({ macAddress: mac(3), wifiSignal: 2, blocked: true, throughputRank: 2 }),
    device({
      macAddress: mac(4),
      connectionType: 'Ethernet',
      wifiSignal: null,
      wifiBand: null,
      throughputRank: 3,
    }),
    device({ macAddress: mac(5), wifiSignal: 4, throughputRank: 4 }),
    device({ macAddress: mac(6), wifiSignal: 0, throughputRank: null }),
  ];
  const macs = (filter: Parameters<typeof filterDevices>[1]): string[] =>
    filterDevices(devices, filter).map((kept) => kept.macAddress);

  it('should list every device with the online ones first', () => {
    expect(macs('all')).toEqual([mac(2), mac(3), mac(4), mac(5), mac(6), mac(1)]);
  });

  it('should keep online, offline and blocked devices apart', () => {
    expect(macs('online')).toEqual([mac(2), mac(3), mac(4), mac(5), mac(6)]);
    expect(macs('offline')).toEqual([mac(1)]);
    expect(macs('blocked')).toEqual([mac(3)]);
  });

  it('should call 2 bars or more strong WiFi and fewer weak, leaving wired devices out', () => {
    expect(macs('strong-wifi')).toEqual([mac(3), mac(5), mac(1)]);
    expect(macs('weak-wifi')).toEqual([mac(2), mac(6)]);
  });

  it('should keep the 3 best and the 3 worst throughput ranks, skipping unranked devices', () => {
    expect(macs('high-bw')).toEqual([mac(2), mac(3), mac(4)]);
    expect(macs('low-bw')).toEqual([mac(4), mac(5), mac(1)]);
  });
});

describe('hasPoorWifi', () => {
  it('should flag an online WiFi device under 2 bars or under 10 Mbps', () => {
    expect(hasPoorWifi(device({ macAddress: mac(1), wifiSignal: 1 }))).toBe(true);
    expect(
      hasPoorWifi(device({ macAddress: mac(1), wifiRxRate: { value: 6.5, units: 'Mbps' } })),
    ).toBe(true);
    expect(hasPoorWifi(device({ macAddress: mac(1) }))).toBe(false);
  });

  it('should not flag offline or wired devices', () => {
    expect(hasPoorWifi(device({ macAddress: mac(1), wifiSignal: 0, online: false }))).toBe(false);
    expect(
      hasPoorWifi(device({ macAddress: mac(1), wifiSignal: 0, connectionType: 'Ethernet' })),
    ).toBe(false);
  });
});

describe('onlineDeviceCounts and connectionState', () => {
  const devices = [
    device({ macAddress: mac(1) }),
    device({ macAddress: mac(2), online: false }),
    device({ macAddress: mac(3), connectionType: 'Ethernet' }),
    device({ macAddress: mac(4), connectionType: 'USB' }),
  ];

  it('should count online devices by connection type', () => {
    expect(onlineDeviceCounts(devices)).toEqual({ wifi: 1, ethernet: 1, usb: 1, total: 3 });
  });

  it('should show the WAN down when the gateway is offline, whatever it last said', () => {
    expect(connectionState({ online: true, wanConnected: true }, devices).wanConnected).toBe(true);
    expect(connectionState({ online: false, wanConnected: true }, devices).wanConnected).toBe(
      false,
    );
    expect(connectionState(null, devices).wanConnected).toBe(false);
  });

  it('should show the LAN up only while a device is online', () => {
    expect(connectionState(null, devices).lanConnected).toBe(true);
    expect(
      connectionState(null, [device({ macAddress: mac(1), online: false })]).lanConnected,
    ).toBe(false);
  });
});

describe('deviceDisplayName', () => {
  it('should prefer the alias, then the reported name, then the MAC', () => {
    expect(deviceDisplayName({ alias: 'Den TV', name: 'LGwebOSTV', macAddress: mac(1) })).toBe(
      'Den TV',
    );
    expect(deviceDisplayName({ alias: null, name: 'LGwebOSTV', macAddress: mac(1) })).toBe(
      'LGwebOSTV',
    );
    expect(deviceDisplayName({ alias: null, name: null, macAddress: mac(1) })).toBe(mac(1));
  });
});

/**
 * The devices as the API answers them for a line whose gateway reports no per-host byte counters
 * and no associated devices' signal (a TR-098 one, say): consumption and signal null.
 */
const { devices: uncounted } = localNetworkResponseSchema.parse({
  timestamp: 1_795_547_297_000,
  devices: [
    {
      macAddress: '3c:22:fb:11:22:33',
      alias: null,
      name: 'ada-macbook',
      manufacturer: 'Apple, Inc.',
      iconImageType: 'macbook',
      iconChosen: false,
      online: true,
      blocked: false,
      connectionType: 'WiFi',
      consumption: null,
      firstConnectedDate: 1_795_543_697_000,
      lastOnlineDate: 1_795_547_297_000,
      throughputRank: null,
      ipv4Addresses: ['192.168.1.20'],
      ipv6Addresses: [],
      wifiBand: '5GHz',
      wifiSignal: null,
      wifiSignalPercent: null,
      rssi: null,
      wifiNetwork: 'Home-5G',
      wifiStandard: null,
      wifiTxRate: null,
      wifiRxRate: null,
    },
    {
      macAddress: 'f0:18:98:aa:bb:cc',
      alias: null,
      name: 'living-room-tv',
      manufacturer: null,
      iconImageType: 'smart-tv',
      iconChosen: false,
      online: true,
      blocked: false,
      connectionType: 'Ethernet',
      consumption: null,
      firstConnectedDate: 1_795_543_697_000,
      lastOnlineDate: 1_795_547_297_000,
      throughputRank: null,
      ipv4Addresses: [],
      ipv6Addresses: [],
      wifiBand: null,
      wifiSignal: null,
      wifiSignalPercent: null,
      rssi: null,
      wifiNetwork: null,
      wifiStandard: null,
      wifiTxRate: null,
      wifiRxRate: null,
    },
  ],
});
const [laptop, tv] = uncounted as [LanDevice, LanDevice];

describe(signalNotReported.name, () => {
  it('should say an online WiFi device without a signal has none reported', () => {
    expect(signalNotReported(laptop)).toBe(true);
  });

  it('should not say it of a cabled device or an offline one', () => {
    expect(signalNotReported(tv)).toBe(false);
    expect(signalNotReported({ ...laptop, online: false })).toBe(false);
  });
});

describe('a device without a reported signal', () => {
  it('should be neither poor WiFi nor strong or weak WiFi', () => {
    expect(hasPoorWifi(laptop)).toBe(false);
    expect(filterDevices(uncounted, 'strong-wifi')).toEqual([]);
    expect(filterDevices(uncounted, 'weak-wifi')).toEqual([]);
  });

  it('should rank in neither bandwidth filter when its traffic is not counted', () => {
    expect(filterDevices(uncounted, 'high-bw')).toEqual([]);
    expect(filterDevices(uncounted, 'low-bw')).toEqual([]);
  });
});
