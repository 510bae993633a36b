import { apiPaths, type LanDevice, type LocalNetworkResponse } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedHouseholds, type TestApp } from '../../../test/test-app';
import { selectValue } from '../../db/recordset';
import { manufacturerOfMac, manufacturerOfOui } from './manufacturers';

/**
 * The home-network routes against reports the test posts to a line's reporting URL: every value
 * read back is one the reports carried, or follows from them by the rules of decision 013.
 */

const phone = '3c:22:fb:00:00:01'; // Apple's OUI
const laptop = 'f8:bc:12:00:00:02'; // Dell's
const tv = 'a8:23:fe:00:00:03'; // LG's
const privateMac = '02:11:22:33:44:55'; // locally administered: a phone's private address
const consumerPassphrase = 'Garden-Gnome-42!';
/** The test clock's start, in epoch seconds: the first report's CollectionTime. */
const t0 = Date.UTC(2026, 0, 1, 12) / 1000;
/** The gateway has been up a day at the first report. */
const uptimeAt = (seconds: number): number => 86_400 + seconds - t0;

interface ReportOptions {
  at: number;
  phoneSignal: number;
  phoneSent: number;
  phoneReceived: number;
  laptopSent: number;
  laptopReceived: number;
  phoneBlocked?: boolean;
  clientVersion?: string | null;
}

/** A DSL gateway on two radios with a phone (5 GHz), a laptop (2.4 GHz), a TV and a stray. */
function reportOf(options: ReportOptions): Record<string, unknown> {
  const report: Record<string, unknown> = {
    CollectionTime: options.at,
    'Device.DeviceInfo.ModelName': 'SR400',
    'Device.DeviceInfo.SerialNumber': 'SN-0042',
    'Device.DeviceInfo.SoftwareVersion': '7.1.3',
    'Device.DeviceInfo.X_LINESIGHT_MACAddress': '00:26:ab:00:00:99',
    'Device.DeviceInfo.X_LINESIGHT_BuildIdentifier': 'build-2026.01',
    'Device.DeviceInfo.UpTime': uptimeAt(options.at),
    'Device.DeviceInfo.ProcessStatus.CPUUsage': 40,
    'Device.DeviceInfo.MemoryStatus.Total': 512_000,
    'Device.DeviceInfo.MemoryStatus.Free': 128_000,
    'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value': 51,
    'Device.DeviceInfo.Location.1.DataObject': JSON.stringify({
      type: 'Point',
      coordinates: [2.35222, 48.85661],
    }),
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.IP.Interface.1.IPv4Address.1.IPAddress': '203.0.113.7',
    'Device.IP.Interface.2.IPv4Address.1.IPAddress': '192.168.1.1',
    'Device.DSL.Line.1.Status': 'Up',
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
    'Device.WiFi.Radio.1.AutoChannelEnable': true,
    'Device.WiFi.Radio.1.Channel': 6,
    'Device.WiFi.Radio.1.PossibleChannels': '1-11',
    'Device.WiFi.Radio.1.OperatingChannelBandwidth': '20MHz',
    'Device.WiFi.Radio.1.OperatingStandards': 'b,g,n',
    'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
    'Device.WiFi.Radio.2.AutoChannelEnable': false,
    'Device.WiFi.Radio.2.Channel': 44,
    'Device.WiFi.Radio.2.PossibleChannels': '36,40,44,48',
    'Device.WiFi.Radio.2.OperatingChannelBandwidth': '80MHz',
    'Device.WiFi.Radio.2.OperatingStandards': 'a,n,ac,ax',
    'Device.WiFi.SSID.1.SSID': 'HomeNet',
    'Device.WiFi.SSID.1.BSSID': '00:26:AB:00:01:01',
    'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
    'Device.WiFi.SSID.2.SSID': 'HomeNet-5G',
    'Device.WiFi.SSID.2.BSSID': '00:26:AB:00:01:02',
    'Device.WiFi.SSID.2.LowerLayers': 'Device.WiFi.Radio.2.',
    'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
    'Device.WiFi.AccessPoint.1.Security.ModeEnabled': 'WPA2-Personal',
    'Device.WiFi.AccessPoint.2.SSIDReference': 'Device.WiFi.SSID.2.',
    'Device.WiFi.AccessPoint.2.Security.ModeEnabled': 'WPA3-Personal',
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.MACAddress': phone,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.SignalStrength': options.phoneSignal,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataDownlinkRate': 866_000,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataUplinkRate': 400_000,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.OperatingStandard': 'ax',
    'Device.Hosts.Host.1.PhysAddress': phone,
    'Device.Hosts.Host.1.HostName': 'Ada-iPhone',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.Layer1Interface': 'Device.WiFi.SSID.2',
    'Device.Hosts.Host.1.IPv4Address.1.IPAddress': '192.168.1.20',
    'Device.Hosts.Host.1.IPv6Address.1.IPAddress': 'fe80::1',
    'Device.Hosts.Host.1.WANStats.BytesSent': options.phoneSent,
    'Device.Hosts.Host.1.WANStats.BytesReceived': options.phoneReceived,
    'Device.Hosts.Host.1.X_LINESIGHT_Blocked': options.phoneBlocked ?? false,
    // Not in the AssociatedDevice table: its SSID comes from Layer1Interface.
    'Device.Hosts.Host.2.PhysAddress': laptop,
    'Device.Hosts.Host.2.HostName': 'dell-xps-laptop',
    'Device.Hosts.Host.2.Active': true,
    'Device.Hosts.Host.2.Layer1Interface': 'Device.WiFi.SSID.1',
    'Device.Hosts.Host.2.WANStats.BytesSent': options.laptopSent,
    'Device.Hosts.Host.2.WANStats.BytesReceived': options.laptopReceived,
    'Device.Hosts.Host.3.PhysAddress': tv,
    'Device.Hosts.Host.3.HostName': 'living-room-tv',
    'Device.Hosts.Host.3.Active': true,
    'Device.Hosts.Host.3.Layer1Interface': 'Device.Ethernet.Interface.2',
    'Device.Hosts.Host.4.PhysAddress': privateMac,
    'Device.Hosts.Host.4.HostName': 'unknown',
    'Device.Hosts.Host.4.Active': false,
  };
  const clientVersion = options.clientVersion === undefined ? '4.2.0' : options.clientVersion;
  if (clientVersion !== null) report['Device.DeviceInfo.X_LINESIGHT_ClientVersion'] = clientVersion;
  return report;
}

describe('a line’s home network', () => {
  let sut: TestApp;
  let csr: string;
  let consumer: string;
  let tokens: Map<string, string>;

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method,
      url,
      headers: { 'x-cah-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const path = (template: string, code: string): string =>
    template.replace(/:(code|losCode)/, encodeURIComponent(code));
  const get = (template: string, code: string, token = csr) =>
    call('GET', path(template, code), token);
  const post = async (code: string, options: ReportOptions): Promise<void> => {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get(code)}`,
      payload: { Report: [reportOf(options)] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const devicesOf = async (code: string, token = csr): Promise<LanDevice[]> => {
    const response = await get(apiPaths.localNetwork, code, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LocalNetworkResponse>().devices;
  };
  const deviceOf = async (code: string, mac: string): Promise<LanDevice | undefined> =>
    (await devicesOf(code)).find((device) => device.macAddress === mac);

  beforeAll(async () => {
    sut = await createTestApp();
    ({ tokens, csr, consumer } = await seedHouseholds(
      sut,
      [
        ['SUB-ADA', ['LOS-HOME', 'LOS-QUIET']],
        ['SUB-BOB', ['LOS-BOB', 'LOS-WRT', 'LOS-NOAGENT', 'LOS-NOCOUNT']],
      ],
      { username: 'mwc-ada', passphrase: consumerPassphrase },
    ));

    // Two reports five minutes apart: the second's counters grew, the phone's signal fell.
    sut.clock.advanceSeconds(10);
    const first = {
      phoneSent: 1_000,
      phoneReceived: 10_000,
      laptopSent: 500,
      laptopReceived: 1_000,
    };
    await post('LOS-HOME', { at: t0, phoneSignal: -50, ...first });
    sut.clock.advanceSeconds(300);
    await post('LOS-HOME', {
      at: t0 + 300,
      phoneSignal: -60,
      phoneSent: 3_000,
      phoneReceived: 60_000,
      laptopSent: 1_500,
      laptopReceived: 6_000,
    });
    await post('LOS-WRT', {
      at: t0 + 300,
      phoneSignal: -50,
      ...first,
      clientVersion: 'LineSight-WRT 2.1',
    });
    await post('LOS-NOAGENT', { at: t0 + 300, phoneSignal: -50, ...first, clientVersion: null });
    // A gateway (a TR-098 one, say) that counts no host's bytes and rates no host's signal.
    const uncounted = Object.fromEntries(
      Object.entries(reportOf({ at: t0 + 300, phoneSignal: -50, ...first })).filter(
        ([name]) => !/\.(WANStats\.Bytes\w+|SignalStrength)$/.test(name),
      ),
    );
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get('LOS-NOCOUNT')}`,
      payload: { Report: [uncounted] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    sut.clock.advanceSeconds(10);
  });
  afterAll(() => sut.close());

  const reads = [
    apiPaths.deviceCapabilities,
    apiPaths.gateway,
    apiPaths.supportInfo,
    apiPaths.localNetwork,
    apiPaths.lineOfServiceLocation,
    apiPaths.lineOfServiceLocationRefresh,
    apiPaths.wifiSettings,
  ];

  describe('before the gateway reports', () => {
    it.each(reads)('should answer %s with 204 and no body', async (template) => {
      const response = await get(template, 'LOS-QUIET');
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    });
  });

  describe('refusals', () => {
    it.each(reads)('should answer %s for a line that does not exist with 404', async (template) => {
      const response = await get(template, 'LOS-NOWHERE');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_NOT_FOUND');
    });

    it.each(reads)('should refuse a consumer %s of another subscriber’s line', async (template) => {
      const response = await get(template, 'LOS-BOB', consumer);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('AUTH.FORBIDDEN');
    });

    it('should refuse a consumer’s writes and commands on another subscriber’s line', async () => {
      const writes = [
        call('PUT', path(apiPaths.localNetwork, 'LOS-WRT'), consumer, {
          localNetwork: [{ macAddress: phone, alias: 'Mine now', icon: null }],
        }),
        call('PUT', path(apiPaths.lineOfServiceLocation, 'LOS-WRT'), consumer, {
          lat: '1',
          long: '2',
        }),
        call('POST', path(apiPaths.deviceActionRequest, 'LOS-WRT'), consumer, {
          action: 'block',
          parameters: { macAddress: phone },
        }),
      ];
      for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);
    });

    it('should answer the writes for a line that does not exist with 404', async () => {
      const body = { localNetwork: [{ macAddress: phone, alias: 'x', icon: null }] };
      const responses = [
        await call('PUT', path(apiPaths.localNetwork, 'LOS-NOWHERE'), csr, body),
        await call('PUT', path(apiPaths.lineOfServiceLocation, 'LOS-NOWHERE'), csr, {
          lat: 1,
          long: 2,
        }),
        await call('POST', path(apiPaths.deviceActionRequest, 'LOS-NOWHERE'), csr, {
          action: 'unblock',
          parameters: { macAddress: phone },
        }),
        await call(
          'GET',
          `${path(apiPaths.deviceActionStatus, 'LOS-NOWHERE')}?messageId=${crypto.randomUUID()}`,
          csr,
        ),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_NOT_FOUND');
      }
    });
  });

  it('should show every capability flag, true for what the reports carried', async () => {
    const response = await get(apiPaths.deviceCapabilities, 'LOS-HOME', consumer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      commands: true,
      docsis: false,
      docsisSa: false,
      dslPerformance: true,
      localNetworkDevices: true,
      localNetworkHostDevices: true,
      macCounters: true,
      phaCapExtendedLength: false,
      physicalStatus: true,
      wifiRadio: true,
      wifiRadioPerformance: true,
      wifiSpectrumAnalyzer: false,
      wifiSsid: true,
    });
  });

  it('should show the gateway online with its WAN up, health, addresses and best WiFi standard', async () => {
    const response = await get(apiPaths.gateway, 'LOS-HOME');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      lineOfServiceCode: 'LOS-HOME',
      mostRecentReportTime: (t0 + 300) * 1000,
      online: true,
      reportingIntervalSeconds: 300,
      wanType: 32,
      wanConnected: true,
      // UpTime as reported, and the 20 s since that report (the clock is at t0 + 320).
      secondsSinceLastReboot: uptimeAt(t0 + 300) + 20,
      latestCPU: 40,
      totalRamBytes: 512_000 * 1024,
      latestUsedRamBytes: (512_000 - 128_000) * 1024,
      latestTemperature: 510,
      manufacturer: 'Seiko Epson Corporation',
      modelName: 'SR400',
      macAddress: '00:26:ab:00:00:99',
      ipv4Addresses: ['203.0.113.7'],
      ipv6Addresses: [],
      wifiStandard: 9,
    });
  });

  it('should show the support information the gateway reported', async () => {
    const response = await get(apiPaths.supportInfo, 'LOS-HOME', consumer);
    expect(response.json()).toEqual({
      clientId: 'SN-0042',
      wanIp: '203.0.113.7',
      buildIdentifier: 'build-2026.01',
      clientVersion: '4.2.0',
      firmwareVersion: '7.1.3',
    });
  });

  it('should list the LAN devices online first, then by name, with what the reports said of each', async () => {
    const response = await get(apiPaths.localNetwork, 'LOS-HOME', consumer);
    expect(response.statusCode).toBe(200);
    const { timestamp, devices } = response.json<LocalNetworkResponse>();
    expect(timestamp).toBe((t0 + 300) * 1000);
    expect(devices.map((device) => device.macAddress)).toEqual([phone, laptop, tv, privateMac]);
    const [ada, dell, television, stray] = devices;
    // The last two readings, -50 and -60 dBm: -55 dBm is (90 - 55) / 55 = 63.6 %, 3 bars.
    expect(ada).toEqual({
      macAddress: phone,
      alias: null,
      name: 'Ada-iPhone',
      manufacturer: 'Apple, Inc.',
      iconImageType: 'smartphone',
      iconChosen: false,
      online: true,
      blocked: false,
      connectionType: 'WiFi',
      consumption: {
        inBytes: 50_000,
        outBytes: 2_000,
        startTime: Math.floor((t0 + 320 - 7 * 86_400) / 7200) * 7200 * 1000,
      },
      firstConnectedDate: t0 * 1000,
      lastOnlineDate: (t0 + 300) * 1000,
      throughputRank: 1,
      ipv4Addresses: ['192.168.1.20'],
      ipv6Addresses: ['fe80::1'],
      wifiBand: '5GHz',
      wifiSignal: 3,
      wifiSignalPercent: ((90 - 55) / 55) * 100,
      rssi: -55,
      wifiNetwork: 'HomeNet-5G',
      wifiStandard: 'ax',
      wifiTxRate: { value: 866, units: 'Mbps' },
      wifiRxRate: { value: 400, units: 'Mbps' },
    });
    expect(dell).toMatchObject({
      manufacturer: 'Dell Inc.',
      iconImageType: 'laptop',
      connectionType: 'WiFi',
      wifiNetwork: 'HomeNet',
      consumption: { inBytes: 5_000, outBytes: 1_000 },
      throughputRank: 2,
      // Not associated in the report: no signal or rate to rate.
      wifiSignal: null,
      wifiTxRate: null,
    });
    expect(television).toMatchObject({
      manufacturer: 'LG Electronics',
      iconImageType: 'smart-tv',
      connectionType: 'Ethernet',
      wifiBand: null,
      wifiNetwork: null,
      consumption: { inBytes: 0, outBytes: 0 },
      throughputRank: null,
    });
    expect(stray).toMatchObject({
      online: false,
      manufacturer: null,
      connectionType: 'Not reported',
      iconImageType: 'network-device',
      lastOnlineDate: null,
    });
  });

  it('should answer no consumption and no signal, not zero, when the gateway reports neither', async () => {
    const devices = await devicesOf('LOS-NOCOUNT');
    expect(devices.map(({ macAddress, consumption }) => ({ macAddress, consumption }))).toEqual([
      { macAddress: phone, consumption: null },
      { macAddress: laptop, consumption: null },
      { macAddress: tv, consumption: null },
      { macAddress: privateMac, consumption: null },
    ]);
    expect(devices[0]).toMatchObject({
      online: true,
      connectionType: 'WiFi',
      wifiSignal: null,
      wifiSignalPercent: null,
      rssi: null,
      wifiTxRate: { value: 866, units: 'Mbps' },
    });
  });

  it('should name and icon devices in one change, all or none, and clear them again', async () => {
    const put = (code: string, token: string, localNetwork: unknown[]) =>
      call('PUT', path(apiPaths.localNetwork, code), token, { localNetwork });
    const renamed = await put('LOS-HOME', consumer, [
      { macAddress: tv, alias: '  Zebra TV ', icon: null },
      { macAddress: laptop, alias: null, icon: 'desktop' },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(204);
    let devices = await devicesOf('LOS-HOME');
    expect(devices.map((device) => device.macAddress)).toEqual([phone, laptop, tv, privateMac]);
    expect(devices.find((device) => device.macAddress === tv)).toMatchObject({
      alias: 'Zebra TV',
      name: 'living-room-tv',
      iconImageType: 'smart-tv',
      iconChosen: false,
    });
    expect(devices.find((device) => device.macAddress === laptop)).toMatchObject({
      alias: null,
      iconImageType: 'desktop',
      iconChosen: true,
    });

    const refused = await put('LOS-HOME', csr, [
      { macAddress: phone, alias: 'Should not stick', icon: 'tablet' },
      { macAddress: '3c:22:fb:99:99:99', alias: 'Nobody', icon: null },
    ]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('LOCAL_NETWORK.DEVICE_NOT_FOUND');
    expect(await deviceOf('LOS-HOME', phone)).toMatchObject({ alias: null, iconChosen: false });

    const badIcon = await put('LOS-HOME', csr, [
      { macAddress: phone, alias: 'x', icon: 'toaster' },
    ]);
    expect(badIcon.statusCode).toBe(400);

    const cleared = await put('LOS-HOME', csr, [
      { macAddress: tv, alias: '', icon: null },
      { macAddress: laptop, alias: null, icon: null },
    ]);
    expect(cleared.statusCode).toBe(204);
    devices = await devicesOf('LOS-HOME');
    expect(devices.find((device) => device.macAddress === tv)).toMatchObject({ alias: null });
    expect(devices.find((device) => device.macAddress === laptop)).toMatchObject({
      iconImageType: 'laptop',
      iconChosen: false,
    });
    const audited = await selectValue<number>(
      sut.database.db,
      sql`select count(*)::int from audit_entries where action = 'localNetwork.update'
           and line_of_service_code = 'LOS-HOME'`,
    );
    expect(audited).toBe(2);
  });

  it('should serve the reported location until a user sets one, and again once it is deleted', async () => {
    const location = () => get(apiPaths.lineOfServiceLocation, 'LOS-HOME', consumer);
    const put = (body: unknown) =>
      call('PUT', path(apiPaths.lineOfServiceLocation, 'LOS-HOME'), consumer, body);
    const reported = { lat: 48.85661, long: 2.35222, accuracy: null, source: 'service' };
    expect((await location()).json()).toEqual(reported);

    const set = await put({ lat: '51.123456789', long: '-0.1' });
    expect(set.statusCode, set.body).toBe(200);
    const user = { lat: 51.12346, long: -0.1, accuracy: null, source: 'user' };
    expect(set.json()).toEqual(user);
    expect((await location()).json()).toEqual(user);
    expect((await get(apiPaths.lineOfServiceLocationRefresh, 'LOS-HOME')).json()).toEqual(reported);

    for (const [body, code] of [
      [{ lat: '51' }, 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED'],
      [{ lat: '', long: '2' }, 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED'],
      [{ lat: 'north', long: '2' }, 'LOCATION.INVALID_COORDINATES'],
      [{ lat: '1.', long: '2' }, 'LOCATION.INVALID_COORDINATES'],
      [{ lat: '90.5', long: '2' }, 'LOCATION.INVALID_COORDINATES'],
      [{ lat: 10, long: -180.01 }, 'LOCATION.INVALID_COORDINATES'],
    ] as const) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe(code);
    }
    expect((await location()).json()).toEqual(user);

    const deleted = await put({});
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(reported);
    const audited = await selectValue<string[]>(
      sut.database.db,
      sql`select json_agg(action order by id) from audit_entries
           where action like 'location.%' and line_of_service_code = 'LOS-HOME'`,
    );
    expect(audited).toEqual(['location.set', 'location.delete']);
  });

  it('should show the radios with Auto as channel 0, centre and side channels, and their networks', async () => {
    const response = await get(apiPaths.wifiSettings, 'LOS-HOME', consumer);
    expect(response.statusCode).toBe(200);
    const timestamp = (t0 + 300) * 1000;
    expect(response.json()).toEqual({
      wifiRadios: [
        {
          freqBand: '2.4GHz',
          channel: 0,
          centerChannel: 6,
          sideChannel: null,
          channelBandwidth: 20,
          availableChannels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
          radioInstance: 1,
          standard: 'b,g,n',
          timestamp,
          wifiNetworks: [
            {
              ssid: 'HomeNet',
              bssid: '00:26:ab:00:01:01',
              ssidEnabled: true,
              security: 'WPA2-Personal',
              referenceId: 'Device.WiFi.SSID.1',
              parentRadioReferenceId: 'Device.WiFi.Radio.1',
            },
          ],
        },
        {
          freqBand: '5GHz',
          channel: 44,
          centerChannel: 42,
          sideChannel: null,
          channelBandwidth: 80,
          availableChannels: [36, 40, 44, 48],
          radioInstance: 2,
          standard: 'a,n,ac,ax',
          timestamp,
          wifiNetworks: [
            {
              ssid: 'HomeNet-5G',
              bssid: '00:26:ab:00:01:02',
              ssidEnabled: true,
              security: 'WPA3-Personal',
              referenceId: 'Device.WiFi.SSID.2',
              parentRadioReferenceId: 'Device.WiFi.Radio.2',
            },
          ],
        },
      ],
    });
  });

  describe('device actions', () => {
    const request = (code: string, body: unknown, token = csr) =>
      call('POST', path(apiPaths.deviceActionRequest, code), token, body);
    const status = (code: string, messageId: string, token = csr) =>
      call('GET', `${path(apiPaths.deviceActionStatus, code)}?messageId=${messageId}`, token);

    it('should block a device through the gateway’s command poll, and show it blocked after its next report', async () => {
      const requested = await request(
        'LOS-HOME',
        { action: 'block', parameters: { macAddress: phone } },
        consumer,
      );
      expect(requested.statusCode, requested.body).toBe(200);
      const messageId = String(requested.json().data);
      expect((await status('LOS-HOME', messageId, consumer)).json()).toEqual({
        messageId,
        state: 'REQUESTED',
        value: null,
      });

      const reportingUrl = `/report/v1/${tokens.get('LOS-HOME')}`;
      const poll = await sut.app.inject({ method: 'GET', url: `${reportingUrl}/commands?wait=0` });
      expect(poll.json().commands).toEqual([
        { messageId, action: 'block', parameters: { macAddress: phone } },
      ]);
      expect((await status('LOS-HOME', messageId)).json().state).toBe('PENDING');
      const ack = await sut.app.inject({
        method: 'POST',
        url: `${reportingUrl}/commands/${messageId}`,
        payload: { result: 'ACK' },
      });
      expect(ack.statusCode, ack.body).toBeLessThan(300);
      expect((await status('LOS-HOME', messageId, consumer)).json()).toEqual({
        messageId,
        state: 'ACK',
        value: null,
      });

      expect(await deviceOf('LOS-HOME', phone)).toMatchObject({ blocked: false });
      sut.clock.advanceSeconds(300);
      await post('LOS-HOME', {
        at: t0 + 600,
        phoneSignal: -60,
        phoneSent: 3_000,
        phoneReceived: 60_000,
        laptopSent: 1_500,
        laptopReceived: 6_000,
        phoneBlocked: true,
      });
      expect(await deviceOf('LOS-HOME', phone)).toMatchObject({ blocked: true });
    });

    it('should not tell a line the state of another line’s command', async () => {
      const requested = await request('LOS-HOME', {
        action: 'unblock',
        parameters: { macAddress: phone },
      });
      const messageId = String(requested.json().data);
      const response = await status('LOS-WRT', messageId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('COMMAND.NOT_FOUND');
    });

    it.each([
      ['LOS-HOME', tv, 409, 'DEVICE_ACTION.ETHERNET_NOT_SUPPORTED'],
      ['LOS-HOME', privateMac, 409, 'DEVICE_ACTION.CONNECTION_TYPE_NOT_REPORTED'],
      ['LOS-HOME', '3c:22:fb:99:99:99', 404, 'DEVICE_ACTION.DEVICE_NOT_FOUND'],
      ['LOS-WRT', phone, 409, 'DEVICE_ACTION.BLOCK_NOT_SUPPORTED'],
      ['LOS-NOAGENT', phone, 409, 'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED'],
    ])(
      'should refuse to block on %s the device %s with %i %s',
      async (code, mac, statusCode, error) => {
        const commands = () =>
          selectValue<number>(sut.database.db, sql`select count(*)::int from device_commands`);
        const before = await commands();
        const response = await request(code, { action: 'block', parameters: { macAddress: mac } });
        expect(response.statusCode).toBe(statusCode);
        expect(response.json().error.code).toBe(error);
        expect(await commands()).toBe(before);
      },
    );

    it('should queue a channel change as the contract allows it', async () => {
      const response = await request('LOS-HOME', {
        action: 'changeBandwidthAndChannel',
        parameters: { freqBand: '5GHz', channel: 36, channelBandwidth: 40 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('should show the gateway offline, its WAN and devices with it, once 2.5 reporting intervals pass', async () => {
    sut.clock.advanceSeconds(2.5 * 300 + 1);
    const gateway = (await get(apiPaths.gateway, 'LOS-HOME')).json();
    expect(gateway).toMatchObject({ online: false, wanConnected: false });
    const devices = await devicesOf('LOS-HOME');
    expect(devices.every((device) => !device.online && device.wifiSignal === null)).toBe(true);
  });
});

describe('manufacturers', () => {
  it('should name the IEEE registrant of a MAC’s OUI, and nobody for a private or unknown one', () => {
    expect(manufacturerOfMac('b8:27:eb:12:34:56')).toBe('Raspberry Pi Foundation');
    expect(manufacturerOfMac('06:27:eb:12:34:56')).toBeNull();
    expect(manufacturerOfOui('00263F')).not.toBeNull();
    expect(manufacturerOfOui('FFFFFE')).toBeNull();
    expect(manufacturerOfOui(null)).toBeNull();
  });
});
