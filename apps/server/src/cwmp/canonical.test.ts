import { describe, expect, it } from 'vitest';
import { canonicalParameters, typedValue } from './canonical';
import { chunksOf, namesToRead, topObjectOf } from './read-set';
import type { CwmpValue } from './rpc';

const value = (name: string, text: string, type = 'xsd:string'): CwmpValue => ({
  name,
  value: text,
  type,
});

describe(typedValue.name, () => {
  it.each([
    ['xsd:unsignedInt', '42', 42],
    ['xsd:int', ' -58 ', -58],
    ['xsd:unsignedLong', '18446744073709551615', '18446744073709551615'],
    ['xsd:unsignedInt', 'lots', 'lots'],
    ['xsd:boolean', '1', true],
    ['xsd:boolean', 'FALSE', false],
    ['xsd:boolean', 'maybe', 'maybe'],
    ['xsd:string', '007', '007'],
    ['xsd:dateTime', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
  ])('should read a %s %j as %j', (type, text, expected) => {
    expect(typedValue(value('Device.X', text, type))).toBe(expected);
  });
});

describe(canonicalParameters.name, () => {
  const deviceId = {
    manufacturer: 'Acme',
    oui: '00D09E',
    productClass: 'Box',
    serialNumber: 'SN-1',
  };

  it('should add the DeviceId, the CWMP version and each host’s block state', () => {
    const parameters = canonicalParameters({
      model: 'tr181',
      deviceId,
      cwmpMinor: 2,
      blockStateRead: true,
      values: [
        value('Device.DeviceInfo.SerialNumber', 'SN-1'),
        value('Device.Hosts.Host.1.PhysAddress', 'AA:BB:CC:00:00:01'),
        value('Device.Hosts.Host.2.PhysAddress', 'aa:bb:cc:00:00:02'),
        value('Device.Firewall.AdvancedLevel', 'Device.Firewall.Level.1.'),
        value('Device.Firewall.Level.1.Chain', 'Device.Firewall.Chain.1.'),
        value('Device.Firewall.Chain.1.Rule.1.Enable', 'true', 'xsd:boolean'),
        value('Device.Firewall.Chain.1.Rule.1.Target', 'Drop'),
        value('Device.Firewall.Chain.1.Rule.1.SourceMAC', 'aa:bb:cc:00:00:01'),
        value('Device.Firewall.', ''),
      ],
    });
    expect(Object.fromEntries(parameters)).toMatchObject({
      'Device.DeviceInfo.SerialNumber': 'SN-1',
      'Device.DeviceInfo.ManufacturerOUI': '00D09E',
      'Device.DeviceInfo.ProductClass': 'Box',
      'Device.DeviceInfo.X_LINESIGHT_ClientVersion': 'CWMP 1.2',
      'Device.Hosts.Host.1.X_LINESIGHT_Blocked': true,
      'Device.Hosts.Host.2.X_LINESIGHT_Blocked': false,
    });
    expect(parameters.has('Device.Firewall.')).toBe(false);
  });

  it('should say nothing of blocks when the block mechanism was not read', () => {
    const parameters = canonicalParameters({
      model: 'tr181',
      deviceId,
      cwmpMinor: 0,
      blockStateRead: false,
      values: [value('Device.Hosts.Host.1.PhysAddress', 'aa:bb:cc:00:00:01')],
    });
    expect(parameters.has('Device.Hosts.Host.1.X_LINESIGHT_Blocked')).toBe(false);
  });

  it('should map TR-098 values and carry the periodic inform interval', () => {
    const parameters = canonicalParameters({
      model: 'tr098',
      deviceId,
      cwmpMinor: 0,
      blockStateRead: false,
      values: [
        value('InternetGatewayDevice.DeviceInfo.UpTime', '3600', 'xsd:unsignedInt'),
        value(
          'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
          '300',
          'xsd:unsignedInt',
        ),
      ],
    });
    expect(parameters.get('Device.DeviceInfo.UpTime')).toBe(3600);
    expect(parameters.get('Device.ManagementServer.PeriodicInformInterval')).toBe(300);
    expect([...parameters.keys()].some((name) => name.startsWith('InternetGatewayDevice.'))).toBe(
      false,
    );
  });
});

describe('the read set', () => {
  it('should name the top object of a path', () => {
    expect(topObjectOf('Device.WiFi.Radio.')).toBe('Device.WiFi.');
    expect(topObjectOf('Device.DeviceInfo.UpTime')).toBe('Device.DeviceInfo.');
  });

  it('should leave out names under missing objects and names the gateway faulted on', () => {
    expect(
      namesToRead(
        [
          'Device.WiFi.Radio.',
          'Device.DSL.Line.',
          'Device.DeviceInfo.UpTime',
          'Device.WiFi.Radio.',
        ],
        ['Device.WiFi.', 'Device.DeviceInfo.'],
        ['Device.DeviceInfo.UpTime'],
      ),
    ).toEqual(['Device.WiFi.Radio.']);
    expect(namesToRead(['Device.DSL.Line.'], null, [])).toEqual(['Device.DSL.Line.']);
  });

  it('should cut names in requests of at most 32', () => {
    const names = Array.from({ length: 70 }, (_, index) => `Device.X.${index}`);
    expect(chunksOf(names).map((chunk) => chunk.length)).toEqual([32, 32, 6]);
  });
});
