import { describe, expect, it } from 'vitest';
import type { ParameterValue } from '@linesight/contract';
import { gatewaySampleOf, hostSamplesOf } from '../ingest/normalise';
import { typedParameterPaths } from '../ingest/parameter-types';
import { wifiSettingsOf } from '../ingest/snapshots';
import { dslLinesOf } from '../ingest/wan-line';
import type { CwmpValue } from './rpc';
import { toTr181, tr098Mapping, tr098NotCarried, tr098ReadPaths } from './tr098';

const igd = 'InternetGatewayDevice.';

/** `[name, value, type]` rows under `InternetGatewayDevice.` as a GetParameterValues answer. */
function values(rows: [string, string, string?][]): CwmpValue[] {
  return rows.map(([name, value, type]) => ({
    name: `${igd}${name}`,
    value,
    type: type ?? 'xsd:string',
  }));
}

function byName(mapped: readonly CwmpValue[]): Map<string, string> {
  return new Map(mapped.map(({ name, value }) => [name, value]));
}

/** The mapped values as the collector's normalisers take a report's parameters. */
function asReport(mapped: readonly CwmpValue[]): Map<string, ParameterValue> {
  return new Map(mapped.map(({ name, value }) => [name, value]));
}

const wlan = 'LANDevice.1.WLANConfiguration.';
const dsl = 'WANDevice.1.WANDSLInterfaceConfig.';

/** A DSL gateway as a TR-098 agent answers: two 2.4 GHz SSIDs (one a guest) and one 5 GHz. */
const gateway = values([
  ['DeviceInfo.Manufacturer', 'Sagemcom'],
  ['DeviceInfo.ManufacturerOUI', '00256D'],
  ['DeviceInfo.ModelName', 'F@st 3890'],
  ['DeviceInfo.ProductClass', 'F3890'],
  ['DeviceInfo.SerialNumber', 'SN123456'],
  ['DeviceInfo.SoftwareVersion', '4.2.1'],
  ['DeviceInfo.HardwareVersion', 'HW2'],
  ['DeviceInfo.UpTime', '86400', 'xsd:unsignedInt'],
  ['DeviceInfo.ProcessStatus.CPUUsage', '23', 'xsd:unsignedInt'],
  ['DeviceInfo.MemoryStatus.Total', '524288', 'xsd:unsignedInt'],
  ['DeviceInfo.MemoryStatus.Free', '201326', 'xsd:unsignedInt'],
  ['DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value', '54', 'xsd:int'],
  ['DeviceInfo.VendorConfigFile.1.Name', 'config.xml'],
  ['ManagementServer.PeriodicInformInterval', '300', 'xsd:unsignedInt'],
  ['ManagementServer.ConnectionRequestURL', 'http://203.0.113.7:7547/cr'],
  ['LANDevice.1.Hosts.Host.1.MACAddress', '3C:22:FB:11:22:33'],
  ['LANDevice.1.Hosts.Host.1.IPAddress', '192.168.1.20'],
  ['LANDevice.1.Hosts.Host.1.HostName', 'ada-macbook'],
  ['LANDevice.1.Hosts.Host.1.Active', '1', 'xsd:boolean'],
  ['LANDevice.1.Hosts.Host.1.InterfaceType', '802.11'],
  ['LANDevice.1.Hosts.Host.1.Layer2Interface', `${igd}LANDevice.1.WLANConfiguration.5`],
  ['LANDevice.1.Hosts.Host.2.MACAddress', 'f0:18:98:aa:bb:cc'],
  ['LANDevice.1.Hosts.Host.2.HostName', 'living-room-tv'],
  ['LANDevice.1.Hosts.Host.2.Active', 'true', 'xsd:boolean'],
  ['LANDevice.1.Hosts.Host.2.InterfaceType', 'Ethernet'],
  ['LANDevice.1.Hosts.Host.2.Layer2Interface', `${igd}LANDevice.1.LANEthernetInterfaceConfig.2.`],
  ['LANDevice.1.Hosts.Host.3.MACAddress', '00:11:22:33:44:55'],
  ['LANDevice.1.Hosts.Host.3.InterfaceType', 'Ethernet'],
  ['LANDevice.1.Hosts.Host.3.Active', 'false', 'xsd:boolean'],
  ['LANDevice.2.Hosts.Host.1.MACAddress', '00:11:22:33:44:66'],
  ['LANDevice.2.Hosts.Host.1.InterfaceType', 'HomePlug'],
  [`${wlan}1.Enable`, '1', 'xsd:boolean'],
  [`${wlan}1.SSID`, 'Home'],
  [`${wlan}1.BSSID`, 'A4:91:B1:0C:22:70'],
  [`${wlan}1.Channel`, '6', 'xsd:unsignedInt'],
  [`${wlan}1.AutoChannelEnable`, 'false', 'xsd:boolean'],
  [`${wlan}1.PossibleChannels`, '1-13'],
  [`${wlan}1.Standard`, 'g'],
  [`${wlan}1.BeaconType`, '11i'],
  [`${wlan}1.IEEE11iAuthenticationMode`, 'PSKAuthentication'],
  [`${wlan}1.KeyPassphrase`, ''],
  [`${wlan}1.AssociatedDevice.1.AssociatedDeviceMACAddress`, 'F0:18:98:00:00:01'],
  [`${wlan}2.Enable`, '0', 'xsd:boolean'],
  [`${wlan}2.SSID`, 'Home-guest'],
  [`${wlan}2.Channel`, '6', 'xsd:unsignedInt'],
  [`${wlan}2.AutoChannelEnable`, 'true', 'xsd:boolean'],
  [`${wlan}2.Standard`, 'n'],
  [`${wlan}2.BeaconType`, 'None'],
  [`${wlan}5.Enable`, 'true', 'xsd:boolean'],
  [`${wlan}5.SSID`, 'Home-5G'],
  [`${wlan}5.BSSID`, 'a4:91:b1:0c:22:74'],
  [`${wlan}5.Channel`, '36', 'xsd:unsignedInt'],
  [`${wlan}5.AutoChannelEnable`, 'true', 'xsd:boolean'],
  [`${wlan}5.PossibleChannels`, '36,40,44,48'],
  [`${wlan}5.Standard`, 'n'],
  [`${wlan}5.BeaconType`, 'WPAand11i'],
  [`${wlan}5.IEEE11iAuthenticationMode`, 'EAPAuthentication'],
  [`${wlan}5.AssociatedDevice.3.AssociatedDeviceMACAddress`, '3c:22:fb:11:22:33'],
  [`${dsl}Status`, 'Up'],
  [`${dsl}ModulationType`, 'ADSL_2plus'],
  [`${dsl}StandardUsed`, 'G.992.5_Annex_B'],
  [`${dsl}LinkEncapsulationUsed`, 'G.992.3_Annex_K_ATM'],
  [`${dsl}PowerManagementState`, 'L0'],
  [`${dsl}DownstreamNoiseMargin`, '61', 'xsd:int'],
  [`${dsl}UpstreamNoiseMargin`, '72', 'xsd:int'],
  [`${dsl}DownstreamAttenuation`, '205', 'xsd:int'],
  [`${dsl}UpstreamAttenuation`, '110', 'xsd:int'],
  [`${dsl}DownstreamPower`, '184', 'xsd:int'],
  [`${dsl}UpstreamPower`, '121', 'xsd:int'],
  [`${dsl}DownstreamMaxRate`, '18000', 'xsd:unsignedInt'],
  [`${dsl}UpstreamMaxRate`, '4294967295', 'xsd:unsignedInt'],
  [`${dsl}DownstreamCurrRate`, '16000', 'xsd:unsignedInt'],
  [`${dsl}UpstreamCurrRate`, '1024', 'xsd:unsignedInt'],
  [`${dsl}ShowtimeStart`, '4000', 'xsd:unsignedInt'],
  [`${dsl}Stats.ShowtimeStart`, '3600', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.ErroredSecs`, '12', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.SeverelyErroredSecs`, '2', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.FECErrors`, '1000', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.ATUCFECErrors`, '10', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.HECErrors`, '5', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.CRCErrors`, '7', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.ATUCCRCErrors`, '3', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.ATUCHECErrors`, '4294967295', 'xsd:unsignedInt'],
  [`${dsl}Stats.Total.LinkRetrain`, '2', 'xsd:unsignedInt'],
  ['WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.ExternalIPAddress', '198.51.100.9'],
  ['WANDevice.1.WANConnectionDevice.1.WANIPConnection.2.ExternalIPAddress', '10.0.0.2'],
]);

describe('toTr181', () => {
  const mapped = toTr181(gateway);
  const canonical = byName(mapped);

  it('should rename the device information and keep its values and types', () => {
    expect(canonical.get('Device.DeviceInfo.ModelName')).toBe('F@st 3890');
    expect(canonical.get('Device.DeviceInfo.SerialNumber')).toBe('SN123456');
    expect(canonical.get('Device.ManagementServer.PeriodicInformInterval')).toBe('300');
    expect(mapped.find(({ name }) => name === 'Device.DeviceInfo.UpTime')).toEqual({
      name: 'Device.DeviceInfo.UpTime',
      value: '86400',
      type: 'xsd:unsignedInt',
    });
    expect(gatewaySampleOf(asReport(mapped))).toMatchObject({
      uptimeSeconds: 86400,
      firmwareVersion: '4.2.1',
      cpuPercent: 23,
      ramTotalKib: 524288,
      ramFreeKib: 201326,
      temperatureTenths: 540,
      wanIp: '198.51.100.9',
    });
  });

  it('should drop what the table does not name and never emit a TR-098 path', () => {
    expect(mapped.every(({ name }) => name.startsWith('Device.'))).toBe(true);
    expect([...canonical.keys()].some((name) => name.includes('VendorConfigFile'))).toBe(false);
    expect([...canonical.keys()].some((name) => name.includes('KeyPassphrase'))).toBe(false);
    expect(toTr181(values([['Layer3Forwarding.DefaultConnectionService', 'x']]))).toEqual([]);
    expect(toTr181([{ name: 'Device.DeviceInfo.UpTime', value: '1', type: 'xsd:int' }])).toEqual(
      [],
    );
  });

  it('should give the collector the hosts with their connection type, network and band', () => {
    const hosts = new Map(hostSamplesOf(asReport(mapped)).map((host) => [host.mac, host]));
    expect(hosts.get('3c:22:fb:11:22:33')).toMatchObject({
      hostName: 'ada-macbook',
      active: true,
      connectionType: 'WiFi',
      ipv4Addresses: ['192.168.1.20'],
      wifiBand: '5GHz',
      wifiNetwork: 'Home-5G',
      signalDbm: null,
      bytesSentCounter: null,
    });
    expect(hosts.get('f0:18:98:aa:bb:cc')).toMatchObject({ connectionType: 'Ethernet' });
    expect(hosts.get('00:11:22:33:44:55')).toMatchObject({
      connectionType: 'Ethernet',
      active: false,
    });
    expect(hosts.get('00:11:22:33:44:66')).toMatchObject({ connectionType: 'Not reported' });
  });

  it("should keep LANDevice 1's host numbers and move another LANDevice's past them", () => {
    expect(canonical.get('Device.Hosts.Host.2.PhysAddress')).toBe('f0:18:98:aa:bb:cc');
    expect(canonical.get('Device.Hosts.Host.1000001.PhysAddress')).toBe('00:11:22:33:44:66');
    expect(canonical.get('Device.Hosts.Host.1.Layer1Interface')).toBe('Device.WiFi.SSID.5');
    expect(canonical.get('Device.Hosts.Host.2.Layer1Interface')).toBe(
      'Device.Ethernet.Interface.2',
    );
    expect(canonical.get('Device.Hosts.Host.3.Layer1Interface')).toBe('Device.Ethernet.Interface.');
  });

  it('should make one radio per band, the lowest WLAN giving its settings, with its networks', () => {
    const radios = wifiSettingsOf(asReport(mapped));
    expect(radios).toEqual([
      {
        radioInstance: 1,
        referenceId: 'Device.WiFi.Radio.1',
        freqBand: '2.4GHz',
        channel: 6,
        autoChannel: false,
        channelBandwidth: null,
        availableChannels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
        standard: 'b,g',
        wifiNetworks: [
          {
            ssid: 'Home',
            bssid: 'a4:91:b1:0c:22:70',
            ssidEnabled: true,
            security: 'WPA2-Personal',
            referenceId: 'Device.WiFi.SSID.1',
            parentRadioReferenceId: 'Device.WiFi.Radio.1',
          },
          {
            ssid: 'Home-guest',
            bssid: null,
            ssidEnabled: false,
            security: 'None',
            referenceId: 'Device.WiFi.SSID.2',
            parentRadioReferenceId: 'Device.WiFi.Radio.1',
          },
        ],
      },
      {
        radioInstance: 2,
        referenceId: 'Device.WiFi.Radio.2',
        freqBand: '5GHz',
        channel: 36,
        autoChannel: true,
        channelBandwidth: null,
        availableChannels: [36, 40, 44, 48],
        standard: 'n',
        wifiNetworks: [
          {
            ssid: 'Home-5G',
            bssid: 'a4:91:b1:0c:22:74',
            ssidEnabled: true,
            security: 'WPA-WPA2-Enterprise',
            referenceId: 'Device.WiFi.SSID.5',
            parentRadioReferenceId: 'Device.WiFi.Radio.2',
          },
        ],
      },
    ]);
  });

  it('should carry the DSL line in TR-181 units, dropping rates marked unavailable', () => {
    const [line] = dslLinesOf(asReport(mapped));
    expect(line).toMatchObject({
      line: 1,
      status: {
        status: 'Up',
        standard: 'G.992.5_Annex_B',
        trafficType: 'G.992.3_Annex_K_ATM',
        linkPowerState: 'L0',
        retrains: 2,
      },
      lastChangeSeconds: 3600,
    });
    expect(line?.stats.downstream).toMatchObject({
      snr: 61,
      attenuation: 205,
      power: 184,
      attainRate: 18000,
      currentRate: 16000,
    });
    expect(line?.stats.upstream).toMatchObject({ snr: 72, attainRate: null, currentRate: 1024 });
    expect(line?.errors.downstream).toMatchObject({
      frameErrors: 7,
      hecErrors: 5,
      rsCorr: 1000,
      erroredSecs: 12,
      ses: 2,
    });
    expect(line?.errors.upstream).toMatchObject({ frameErrors: 3, hecErrors: null, rsCorr: 10 });
  });

  it('should fall back to the modulation, and say a line that is training is not up', () => {
    const [line] = dslLinesOf(
      asReport(
        toTr181(
          values([
            [`${dsl}Status`, 'EstablishingLink'],
            [`${dsl}ModulationType`, 'ADSL_G.dmt'],
          ]),
        ),
      ),
    );
    expect(line?.status).toMatchObject({ status: 'Dormant', standard: 'ADSL_G.dmt' });
  });

  it('should number WAN connections IP before PPP, whatever order they arrive in', () => {
    expect(canonical.get('Device.IP.Interface.1.IPv4Address.1.IPAddress')).toBe('10.0.0.2');
    expect(canonical.get('Device.IP.Interface.2.IPv4Address.1.IPAddress')).toBe('198.51.100.9');
  });

  it('should give the same names and values whatever order the values arrive in', () => {
    const shuffled = [...gateway].reverse();
    const sorted = (list: CwmpValue[]) =>
      [...list].sort((a, b) => a.name.localeCompare(b.name) || a.value.localeCompare(b.value));
    expect(sorted(toTr181(shuffled))).toEqual(sorted(mapped));
  });

  it('should keep the numbers of a session when a host or a WLAN comes or goes', () => {
    const fewer = gateway.filter(
      ({ name }) => !name.includes('Hosts.Host.1.') && !name.includes('WLANConfiguration.2.'),
    );
    const later = byName(toTr181(fewer));
    expect(later.get('Device.Hosts.Host.2.PhysAddress')).toBe('f0:18:98:aa:bb:cc');
    expect(later.get('Device.WiFi.SSID.5.SSID')).toBe('Home-5G');
    expect(later.get('Device.WiFi.Radio.2.Channel')).toBe('36');
  });

  it('should infer the band from the standard or the channel, and leave it out when neither says', () => {
    const radio = (standard: string, channel: string, possible = '') =>
      byName(
        toTr181(
          values([
            [`${wlan}3.Standard`, standard],
            [`${wlan}3.Channel`, channel],
            [`${wlan}3.PossibleChannels`, possible],
          ]),
        ),
      );
    const band = (standard: string, channel: string, possible?: string) => {
      const mapped = radio(standard, channel, possible);
      return (
        mapped.get('Device.WiFi.Radio.1.OperatingFrequencyBand') ??
        mapped.get('Device.WiFi.Radio.2.OperatingFrequencyBand')
      );
    };
    expect(band('a', '0')).toBe('5GHz');
    expect(band('n,ac', '0')).toBe('5GHz');
    expect(band('b', '0')).toBe('2.4GHz');
    expect(band('g-only', '0')).toBe('2.4GHz');
    expect(band('n', '11')).toBe('2.4GHz');
    expect(band('n', '149')).toBe('5GHz');
    expect(band('n', '0', '36-64,100-140')).toBe('5GHz');
    expect(band('n', '0', '1-13')).toBe('2.4GHz');
    expect(radio('n', '149').get('Device.WiFi.Radio.2.OperatingFrequencyBand')).toBe('5GHz');
    const unknown = radio('n', '0', '1-13,36-48');
    expect(unknown.get('Device.WiFi.Radio.5.Channel')).toBe('0');
    expect(unknown.get('Device.WiFi.SSID.3.LowerLayers')).toBe('Device.WiFi.Radio.5.');
    expect([...unknown.keys()].some((name) => name.endsWith('OperatingFrequencyBand'))).toBe(false);
  });

  it.each([
    ['Basic', { BasicEncryptionModes: 'None' }, 'None'],
    [
      'Basic',
      { BasicEncryptionModes: 'WEPEncryption', WEPEncryptionLevel: 'Disabled,40-bit,104-bit' },
      'WEP-128',
    ],
    ['Basic', { BasicEncryptionModes: 'WEPEncryption', WEPEncryptionLevel: '40-bit' }, 'WEP-64'],
    ['WPA', { WPAAuthenticationMode: 'PSKAuthentication' }, 'WPA-Personal'],
    ['WPA', { WPAAuthenticationMode: 'EAPAuthentication' }, 'WPA-Enterprise'],
    ['WPAand11i', { IEEE11iAuthenticationMode: 'PSKAuthentication' }, 'WPA-WPA2-Personal'],
    ['WPA3', {}, 'WPA3-Personal'],
    ['11iandWPA3', {}, 'WPA2-WPA3-Personal'],
  ])('should read beacon type %s with %o as security %s', (beacon, modes, expected) => {
    const rows: [string, string][] = [
      [`${wlan}1.BeaconType`, beacon],
      ...Object.entries(modes).map(([field, value]): [string, string] => [
        `${wlan}1.${field}`,
        value,
      ]),
    ];
    expect(
      byName(toTr181(values(rows))).get('Device.WiFi.AccessPoint.1.Security.ModeEnabled'),
    ).toBe(expected);
  });
});

describe('tr098Mapping', () => {
  /** The table's TR-181 side with its instance tokens as TR-181 writes them. */
  const generic = (path: string) => path.replace(/\{\w\}|(?<=\.)\d+(?=\.)/g, '{i}');
  /** Read without a type check (the OUI), by the session engine, or not read at all. */
  const outsideCollector = new Set([
    'Device.DeviceInfo.ManufacturerOUI',
    'Device.DeviceInfo.Manufacturer',
    'Device.DeviceInfo.HardwareVersion',
    'Device.ManagementServer.PeriodicInformEnable',
    'Device.ManagementServer.PeriodicInformInterval',
    'Device.ManagementServer.ConnectionRequestURL',
  ]);

  it('should map only to parameters the collector or the session engine reads', () => {
    const unread = tr098Mapping
      .map(({ tr181 }) => generic(tr181))
      .filter((path) => !typedParameterPaths.includes(path) && !outsideCollector.has(path));
    expect(unread).toEqual([]);
  });

  it('should name TR-098 paths under the root the read paths cover', () => {
    for (const { tr098 } of tr098Mapping) {
      expect(tr098.startsWith(igd)).toBe(true);
      expect(tr098ReadPaths.some((path) => tr098.startsWith(path))).toBe(true);
    }
    expect(tr098ReadPaths.length).toBeLessThanOrEqual(32);
  });

  it('should list what TR-098 does not carry, among it the per-host byte counters', () => {
    expect(tr098NotCarried.map(({ tr181 }) => tr181)).toContain(
      'Device.Hosts.Host.{i}.WANStats.BytesSent, BytesReceived',
    );
    expect(tr098NotCarried.every(({ why }) => why.length > 0)).toBe(true);
  });
});
