import {
  apiPaths,
  type CommandState,
  type SiteSurveyEntry,
  type WifiSpectrumAnalyzer,
} from '@linesight/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedHouseholds, type TestApp } from '../../../test/test-app';
import { selectValue } from '../../db/recordset';

/**
 * The site survey and the channel changes made from it, against reports the test posts: the
 * networks the radios heard, the gateway's own networks from its WiFi settings, the
 * recommendation of docs/decisions/016, and every refusal docs/decisions/017 lists.
 */

const consumerPassphrase = 'Garden-Gnome-42!';
/** The test clock's start (ManualClock's), epoch seconds. */
const start = Date.UTC(2026, 0, 1, 12) / 1000;
const surveyedAt = start - 600;
const commandExpireSeconds = 20;

type Report = Record<string, string | number | boolean>;

/**
 * A gateway whose agent takes commands (unless `agent` is false), with a 2.4 GHz radio on Auto
 * (on channel 6) and a 5 GHz radio fixed on `channel5` at 20 MHz, a network on each and a
 * disabled guest network.
 */
function wifiReport(at: number, options: { channel5: number; agent?: boolean }): Report {
  const report: Report = {
    CollectionTime: at,
    'Device.DeviceInfo.UpTime': 86_400,
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
    'Device.WiFi.Radio.1.AutoChannelEnable': true,
    'Device.WiFi.Radio.1.Channel': 6,
    'Device.WiFi.Radio.1.PossibleChannels': '1-11',
    'Device.WiFi.Radio.1.OperatingChannelBandwidth': '20MHz',
    'Device.WiFi.Radio.1.OperatingStandards': 'b,g,n',
    'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
    'Device.WiFi.Radio.2.AutoChannelEnable': false,
    'Device.WiFi.Radio.2.Channel': options.channel5,
    'Device.WiFi.Radio.2.PossibleChannels': '36,40,44,48',
    'Device.WiFi.Radio.2.OperatingChannelBandwidth': '20MHz',
    'Device.WiFi.Radio.2.OperatingStandards': 'a,n,ac,ax',
    'Device.WiFi.SSID.1.SSID': 'HomeNet',
    'Device.WiFi.SSID.1.BSSID': '00:26:AB:00:01:01',
    'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
    'Device.WiFi.SSID.2.SSID': 'HomeNet-5G',
    'Device.WiFi.SSID.2.BSSID': '00:26:AB:00:01:02',
    'Device.WiFi.SSID.2.LowerLayers': 'Device.WiFi.Radio.2.',
    'Device.WiFi.SSID.3.SSID': 'HomeNet-Guest',
    'Device.WiFi.SSID.3.BSSID': '00:26:AB:00:01:03',
    'Device.WiFi.SSID.3.LowerLayers': 'Device.WiFi.Radio.2.',
    'Device.WiFi.SSID.3.Enable': false,
    'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
    'Device.WiFi.AccessPoint.1.Security.ModeEnabled': 'WPA2-Personal',
    'Device.WiFi.AccessPoint.2.SSIDReference': 'Device.WiFi.SSID.2.',
    'Device.WiFi.AccessPoint.2.Security.ModeEnabled': 'WPA3-Personal',
  };
  if (options.agent ?? true) report['Device.DeviceInfo.X_LINESIGHT_ClientVersion'] = '4.2.0';
  return report;
}

const result = (index: number, fields: Record<string, string | number>): Report =>
  Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      `Device.WiFi.NeighboringWiFiDiagnostic.Result.${index}.${name}`,
      value,
    ]),
  );

/**
 * What the radios heard: a neighbour on 2.4 GHz channel 5 and one on 5 GHz channel 36, and
 * the gateway's own two networks, one of them with its BSSID written with dashes.
 */
const survey: Report = {
  ...result(1, {
    SSID: '"Neighbour 1"',
    BSSID: 'AA:BB:CC:00:00:01',
    Channel: 5,
    SignalStrength: -50,
    OperatingFrequencyBand: '2.4GHz',
    OperatingChannelBandwidth: '20MHz',
    OperatingStandards: 'b,g,n',
    SecurityModeEnabled: 'WPA2-Personal',
  }),
  ...result(2, {
    SSID: 'HomeNet',
    BSSID: '00-26-ab-00-01-01',
    Channel: 6,
    SignalStrength: -20,
    OperatingFrequencyBand: '2.4GHz',
    OperatingChannelBandwidth: '20MHz',
  }),
  ...result(3, {
    SSID: 'CafeNet',
    BSSID: 'AA:BB:CC:00:00:02',
    Channel: 36,
    SignalStrength: -60,
    OperatingFrequencyBand: '5GHz',
    OperatingChannelBandwidth: '40MHz',
    OperatingStandards: 'a,n,ac',
    SecurityModeEnabled: 'None',
  }),
  ...result(4, {
    SSID: 'HomeNet-5G',
    BSSID: '00:26:ab:00:01:02',
    Channel: 36,
    SignalStrength: -25,
    OperatingFrequencyBand: '5GHz',
    OperatingChannelBandwidth: '20MHz',
  }),
};

describe('the site survey', () => {
  let sut: TestApp;
  let csr: string;
  let consumer: string;
  let tokens: Map<string, string>;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method,
      url,
      headers: { 'x-cah-token': token },
      ...(payload ? { payload } : {}),
    });
  const path = (template: string, code: string): string =>
    template.replace(/:(code|losCode)/, encodeURIComponent(code));
  const post = async (code: string, report: Report): Promise<void> => {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get(code)}`,
      payload: { Report: [report] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const siteSurvey = async (code: string, token = csr): Promise<WifiSpectrumAnalyzer> => {
    const response = await call('GET', path(apiPaths.wifiSpectrumAnalyzer, code), token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WifiSpectrumAnalyzer>();
  };
  const request = (code: string, body: object, token = csr) =>
    call('POST', path(apiPaths.deviceActionRequest, code), token, body);
  const state = async (code: string, messageId: string): Promise<CommandState> =>
    (
      await call('GET', `${path(apiPaths.deviceActionStatus, code)}?messageId=${messageId}`, csr)
    ).json<{ state: CommandState }>().state;
  const poll = async (code: string) =>
    (
      await sut.app.inject({
        method: 'GET',
        url: `/report/v1/${tokens.get(code)}/commands?wait=0`,
      })
    ).json<{ commands: { messageId: string }[] }>().commands;

  beforeAll(async () => {
    sut = await createTestApp({ COMMAND_EXPIRE_SECONDS: String(commandExpireSeconds) });
    ({ tokens, csr, consumer } = await seedHouseholds(
      sut,
      [
        ['SUB-ADA', ['LOS-HOME', 'LOS-QUIET', 'LOS-WIRED', 'LOS-NOAGENT', 'LOS-SURVEYONLY']],
        ['SUB-BOB', ['LOS-BOB']],
      ],
      { username: 'mwc-ada', passphrase: consumerPassphrase },
    ));
    await post('LOS-HOME', { ...wifiReport(surveyedAt, { channel5: 36 }), ...survey });
    await post('LOS-BOB', wifiReport(surveyedAt, { channel5: 36 }));
    await post('LOS-NOAGENT', wifiReport(surveyedAt, { channel5: 36, agent: false }));
    await post('LOS-WIRED', {
      CollectionTime: surveyedAt,
      'Device.DeviceInfo.X_LINESIGHT_ClientVersion': '4.2.0',
    });
    await post('LOS-SURVEYONLY', { CollectionTime: surveyedAt, ...survey });
  });
  afterAll(() => sut.close());

  const neighbours: SiteSurveyEntry[] = [
    {
      ssid: '"Neighbour 1"',
      bssid: 'aa:bb:cc:00:00:01',
      standard: 'b,g,n',
      channel: 5,
      rssi: -50,
      freqBand: '2.4GHz',
      channelBandwidth: 20,
      centerChannel: 5,
      security: 'WPA2-Personal',
      client: false,
      timestamp: surveyedAt * 1000,
    },
    {
      ssid: 'CafeNet',
      bssid: 'aa:bb:cc:00:00:02',
      standard: 'a,n,ac',
      channel: 36,
      rssi: -60,
      freqBand: '5GHz',
      channelBandwidth: 40,
      centerChannel: 38,
      security: 'None',
      client: false,
      timestamp: surveyedAt * 1000,
    },
  ];
  const ownRow = (band: '2.4GHz' | '5GHz', channel: number, at: number): SiteSurveyEntry => ({
    ssid: band === '2.4GHz' ? 'HomeNet' : 'HomeNet-5G',
    bssid: band === '2.4GHz' ? '00:26:ab:00:01:01' : '00:26:ab:00:01:02',
    standard: band === '2.4GHz' ? 'b,g,n' : 'a,n,ac,ax',
    channel,
    rssi: null,
    freqBand: band,
    channelBandwidth: 20,
    centerChannel: channel,
    security: band === '2.4GHz' ? 'WPA2-Personal' : 'WPA3-Personal',
    client: true,
    timestamp: at * 1000,
  });

  it('should list the neighbours heard and the gateway’s own enabled networks, once each', async () => {
    const { siteSurvey: rows } = await siteSurvey('LOS-HOME');
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        ...neighbours,
        // On Auto, the channel the radio picked; the guest network is disabled.
        ownRow('2.4GHz', 6, surveyedAt),
        ownRow('5GHz', 36, surveyedAt),
      ]),
    );
  });

  it('should recommend per band the channel the neighbours heard leave clearest', async () => {
    const { recommendedChannel } = await siteSurvey('LOS-HOME');
    // 2.4 GHz: the neighbour on 5 overlaps 1 and 6, not 11. 5 GHz: the neighbour is on 36 and
    // 40; 44 is the lowest of the clear ones (docs/decisions/016).
    expect(recommendedChannel).toEqual([
      { freqBand: '2.4GHz', channel: 11 },
      { freqBand: '5GHz', channel: 44 },
    ]);
  });

  it('should show the radio on the recommended channel once the gateway reports it moved, the survey as it was', async () => {
    const change = await request('LOS-HOME', {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 44 },
    });
    expect(change.statusCode, change.body).toBe(200);
    const messageId = String(change.json().data);
    expect(await poll('LOS-HOME')).toEqual([
      { messageId, action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 44 } },
    ]);
    const ack = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get('LOS-HOME')}/commands/${messageId}`,
      payload: { result: 'ACK' },
    });
    expect(ack.statusCode).toBeLessThan(300);

    const movedAt = start;
    await post('LOS-HOME', wifiReport(movedAt, { channel5: 44 }));
    const { siteSurvey: rows, recommendedChannel } = await siteSurvey('LOS-HOME');
    expect(rows.filter((row) => row.client)).toEqual([
      ownRow('2.4GHz', 6, movedAt),
      ownRow('5GHz', 44, movedAt),
    ]);
    expect(rows.filter((row) => !row.client)).toEqual(neighbours);
    expect(recommendedChannel).toContainEqual({ freqBand: '5GHz', channel: 44 });
  });

  it('should show a survey without radios as the neighbours alone, with no recommendation', async () => {
    const { siteSurvey: rows, recommendedChannel } = await siteSurvey('LOS-SURVEYONLY');
    // With no WiFi settings the gateway's own networks are not known: they stay in as heard.
    expect(rows.every((row) => !row.client)).toBe(true);
    expect(rows).toEqual(expect.arrayContaining(neighbours.map((row) => ({ ...row }))));
    expect(recommendedChannel).toEqual([]);
  });

  it('should let the consumer see their own line’s survey, not another subscriber’s', async () => {
    expect((await siteSurvey('LOS-HOME', consumer)).siteSurvey).toHaveLength(4);
    const other = await call('GET', path(apiPaths.wifiSpectrumAnalyzer, 'LOS-BOB'), consumer);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('AUTH.FORBIDDEN');
  });

  it.each([
    ['a line that never reported', 204, 'LOS-QUIET'],
    ['a gateway that reported neither radios nor a survey', 204, 'LOS-WIRED'],
    ['a line that does not exist', 404, 'LOS-NOWHERE'],
  ])('should answer %s with %i', async (_, statusCode, code) => {
    const response = await call('GET', path(apiPaths.wifiSpectrumAnalyzer, code), csr);
    expect(response.statusCode).toBe(statusCode);
  });

  describe('channel changes', () => {
    const commands = () =>
      selectValue<number>(sut.database.db, sql`select count(*)::int from device_commands`);

    const change = (action: string, parameters: object) => ({ action, parameters });

    it.each([
      [
        'a consumer changing the bandwidth',
        403,
        'DEVICE_ACTION.CONSUMER_CHANNEL_ONLY',
        'LOS-HOME',
        'consumer',
        change('changeBandwidth', { freqBand: '5GHz', channelBandwidth: 40 }),
      ],
      [
        'a consumer changing bandwidth and channel',
        403,
        'DEVICE_ACTION.CONSUMER_CHANNEL_ONLY',
        'LOS-HOME',
        'consumer',
        change('changeBandwidthAndChannel', {
          freqBand: '5GHz',
          channel: 44,
          channelBandwidth: 40,
        }),
      ],
      [
        'a channel of another band',
        400,
        'DEVICE_ACTION.CHANNEL_OUTSIDE_BAND',
        'LOS-HOME',
        'csr',
        change('changeChannel', { freqBand: '5GHz', channel: 14 }),
      ],
      [
        'a channel of the band the radio does not offer',
        409,
        'DEVICE_ACTION.CHANNEL_NOT_AVAILABLE',
        'LOS-HOME',
        'csr',
        change('changeChannel', { freqBand: '5GHz', channel: 149 }),
      ],
      [
        'a bandwidth the radio’s standard does not allow',
        409,
        'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED',
        'LOS-HOME',
        'csr',
        change('changeBandwidth', { freqBand: '2.4GHz', channelBandwidth: 80 }),
      ],
      [
        'a channel whose block at that bandwidth the radio does not offer',
        409,
        'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH',
        'LOS-HOME',
        'csr',
        change('changeBandwidthAndChannel', {
          freqBand: '5GHz',
          channel: 40,
          channelBandwidth: 160,
        }),
      ],
      [
        'a band the gateway has no radio on',
        409,
        'DEVICE_ACTION.NO_RADIO',
        'LOS-WIRED',
        'csr',
        change('changeChannel', { freqBand: '5GHz', channel: 36 }),
      ],
      [
        'a gateway without the commands capability',
        409,
        'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED',
        'LOS-NOAGENT',
        'csr',
        change('changeChannel', { freqBand: '5GHz', channel: 40 }),
      ],
      [
        'a gateway that never reported',
        409,
        'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED',
        'LOS-QUIET',
        'csr',
        change('changeChannel', { freqBand: '5GHz', channel: 40 }),
      ],
    ] as const)(
      'should refuse %s with %i %s and queue nothing',
      async (_, statusCode, error, code, caller, body) => {
        const before = await commands();
        const response = await request(code, body, caller === 'csr' ? csr : consumer);
        expect(response.statusCode, response.body).toBe(statusCode);
        expect(response.json().error.code).toBe(error);
        expect(await commands()).toBe(before);
      },
    );

    it.each([
      [
        'a consumer moving the channel',
        { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 40 } },
        'consumer',
      ],
      [
        'a wider channel on a radio on Auto, which picks a channel that fits',
        { action: 'changeBandwidth', parameters: { freqBand: '2.4GHz', channelBandwidth: 40 } },
        'csr',
      ],
      [
        'a channel and the bandwidth its block allows',
        {
          action: 'changeBandwidthAndChannel',
          parameters: { freqBand: '5GHz', channel: 44, channelBandwidth: 40 },
        },
        'csr',
      ],
    ] as const)('should queue %s', async (_, body, caller) => {
      const before = await commands();
      const response = await request('LOS-HOME', body, caller === 'csr' ? csr : consumer);
      expect(response.statusCode, response.body).toBe(200);
      expect(await commands()).toBe((before ?? 0) + 1);
      await poll('LOS-HOME');
    });

    it('should expire a command the gateway never fetches after COMMAND_EXPIRE_SECONDS, warning at a fifth and two fifths', async () => {
      const response = await request('LOS-HOME', {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 48 },
      });
      const messageId = String(response.json().data);
      const states: CommandState[] = [await state('LOS-HOME', messageId)];
      for (const seconds of [4, 4, 12]) {
        sut.clock.advanceSeconds(seconds);
        states.push(await state('LOS-HOME', messageId));
      }
      expect(states).toEqual(['REQUESTED', 'TIMEOUT-1', 'TIMEOUT-2', 'EXPIRED']);
      expect(await poll('LOS-HOME')).toEqual([]);
    });
  });
});
