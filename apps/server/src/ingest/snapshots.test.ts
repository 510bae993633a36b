import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gatewaySnapshots } from '../db/schema';
import { channelList, locationOf, siteSurveyOf, wifiSettingsOf } from './snapshots';
import { systemActor } from '../modules/audit/actor';

const wifiReport = {
  'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
  'Device.WiFi.Radio.1.Channel': 6,
  'Device.WiFi.Radio.1.AutoChannelEnable': false,
  'Device.WiFi.Radio.1.OperatingChannelBandwidth': '20MHz',
  'Device.WiFi.Radio.1.PossibleChannels': '1-11',
  'Device.WiFi.Radio.1.OperatingStandards': 'b,g,n',
  'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
  'Device.WiFi.Radio.2.Channel': 44,
  'Device.WiFi.Radio.2.AutoChannelEnable': true,
  'Device.WiFi.Radio.2.OperatingChannelBandwidth': '80MHz',
  'Device.WiFi.Radio.2.PossibleChannels': '36,40,44,48,149-161',
  'Device.WiFi.SSID.1.SSID': 'HomeNet',
  'Device.WiFi.SSID.1.BSSID': '10:20:30:40:50:60',
  'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
  'Device.WiFi.SSID.3.SSID': 'HomeNet-5G',
  'Device.WiFi.SSID.3.Enable': true,
  'Device.WiFi.SSID.3.LowerLayers': 'Device.WiFi.Radio.2.',
  'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
  'Device.WiFi.AccessPoint.1.Security.ModeEnabled': 'WPA2-Personal',
};

const survey = {
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.SSID': 'Neighbour',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.BSSID': 'AA:00:00:00:00:01',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.Channel': 11,
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.SignalStrength': -71,
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.OperatingFrequencyBand': '2.4GHz',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.OperatingChannelBandwidth': '20MHz',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.OperatingStandards': 'n',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.SecurityModeEnabled': 'WPA2-Personal',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.2.SSID': '',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.2.Channel': 36,
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.2.OperatingFrequencyBand': '5GHz',
};

const asMap = (record: Record<string, string | number | boolean>) =>
  new Map(Object.entries(record));

describe('snapshot normalisers', () => {
  it('should read radios with their networks, their channel even when picked automatically, channel ranges spelled out', () => {
    const radios = wifiSettingsOf(asMap(wifiReport));
    expect(radios).toEqual([
      expect.objectContaining({
        radioInstance: 1,
        freqBand: '2.4GHz',
        channel: 6,
        channelBandwidth: 20,
        availableChannels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        wifiNetworks: [
          expect.objectContaining({
            ssid: 'HomeNet',
            bssid: '10:20:30:40:50:60',
            security: 'WPA2-Personal',
            referenceId: 'Device.WiFi.SSID.1',
          }),
        ],
      }),
      expect.objectContaining({
        radioInstance: 2,
        freqBand: '5GHz',
        channel: 44,
        autoChannel: true,
        channelBandwidth: 80,
        wifiNetworks: [expect.objectContaining({ ssid: 'HomeNet-5G', security: null })],
      }),
    ]);
  });

  it('should read channel lists of ranges and single channels', () => {
    expect(channelList('36,40,149-153')).toEqual([36, 40, 149, 150, 151, 152, 153]);
    expect(channelList('')).toEqual([]);
  });

  it('should read the site survey, keeping unnamed networks as they are', () => {
    expect(siteSurveyOf(asMap(survey))).toEqual([
      {
        ssid: 'Neighbour',
        bssid: 'aa:00:00:00:00:01',
        standard: 'n',
        channel: 11,
        rssi: -71,
        freqBand: '2.4GHz',
        channelBandwidth: 20,
        security: 'WPA2-Personal',
      },
      {
        ssid: null,
        bssid: null,
        standard: null,
        channel: 36,
        rssi: null,
        freqBand: '5GHz',
        channelBandwidth: null,
        security: null,
      },
    ]);
  });

  it('should read a GeoJSON point as latitude and longitude, and ignore anything else', () => {
    expect(
      locationOf(
        asMap({
          'Device.DeviceInfo.Location.1.DataObject':
            '{"type":"Point","coordinates":[-94.43,29.16]}',
        }),
      ),
    ).toEqual({
      latitude: 29.16,
      longitude: -94.43,
      source: 'service',
    });
    expect(
      locationOf(asMap({ 'Device.DeviceInfo.Location.1.DataObject': 'somewhere' })),
    ).toBeNull();
    expect(
      locationOf(
        asMap({
          'Device.DeviceInfo.Location.1.DataObject': '{"type":"Point","coordinates":[200,100]}',
        }),
      ),
    ).toBeNull();
  });
});

describe('storing snapshots', () => {
  let sut: TestApp;
  let token: string;
  const t0 = Date.UTC(2026, 0, 1, 12) / 1000;

  beforeAll(async () => {
    sut = await createTestApp();
    token =
      (await sut.app.services.devices.provision(systemActor, 'LOS-SNAP', false)).reportingUrl
        .split('/')
        .at(-1) ?? '';
    sut.clock.advanceSeconds(3600);
  });
  afterAll(() => sut.close());

  const post = (reports: object[]) =>
    sut.app.inject({ method: 'POST', url: `/report/v1/${token}`, payload: { Report: reports } });
  const snapshot = async (kind: string) => {
    const [row] = await sut.database.db
      .select()
      .from(gatewaySnapshots)
      .where(and(eq(gatewaySnapshots.kind, kind)));
    return row;
  };

  it('should keep the newest WiFi settings and each band’s latest survey apart', async () => {
    expect((await post([{ CollectionTime: t0, ...wifiReport, ...survey }])).statusCode).toBe(200);
    const only24 = Object.fromEntries(
      Object.entries(survey).filter(([path]) => path.includes('Result.1.')),
    );
    expect(
      (
        await post([
          {
            CollectionTime: t0 + 300,
            ...only24,
            'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.SignalStrength': -60,
          },
        ])
      ).statusCode,
    ).toBe(200);

    expect((await snapshot('siteSurvey:2.4GHz'))?.payload).toEqual({
      siteSurvey: [expect.objectContaining({ rssi: -60 })],
    });
    expect((await snapshot('siteSurvey:5GHz'))?.reportedAt).toEqual(new Date(t0 * 1000));
    expect((await snapshot('wifi'))?.payload).toEqual({
      wifiRadios: expect.arrayContaining([expect.objectContaining({ freqBand: '5GHz' })]),
    });
  });

  it('should not let an older report replace a newer snapshot', async () => {
    const older = {
      CollectionTime: t0 - 300,
      'Device.DeviceInfo.Location.1.DataObject': '{"type":"Point","coordinates":[2.35,48.85]}',
    };
    const newer = {
      CollectionTime: t0 + 600,
      'Device.DeviceInfo.Location.1.DataObject': '{"type":"Point","coordinates":[-0.12,51.5]}',
    };
    await post([newer]);
    await post([older]);
    expect((await snapshot('location'))?.payload).toEqual({
      latitude: 51.5,
      longitude: -0.12,
      source: 'service',
    });
  });
});
