import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPaths, type CommandStatus, type LocalNetworkResponse } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedHouseholds, type TestApp } from '../../test/test-app';
import { createLogger } from '../app';
import {
  cpeEnvelope,
  faultBody,
  TestCpe,
  tr181Informed,
  tr181Parameters,
  type TestCpeOptions,
} from '../../test/test-cpe';
import { selectValue } from '../db/recordset';
import { systemActor } from '../modules/audit/actor';
import { CwmpRepository } from './cwmp.repository';

/**
 * The ACS over real HTTP: a hand-written gateway posts raw SOAP to the listening server, and
 * what its sessions read is looked for where the portal shows it.
 */

const consumerLogin = { username: 'acs-consumer', passphrase: 'Garden-Gnome-42!' };
const lines = [
  'LOS-181',
  'LOS-098',
  'LOS-CMD',
  'LOS-NAK',
  'LOS-SHARED',
  'LOS-A',
  'LOS-B',
  'LOS-CUT',
  'LOS-BAD',
  'LOS-GZIP',
  'LOS-SN',
  'LOS-PEND',
  'LOS-NOCR',
];

describe('the ACS', () => {
  /** Every log line of the server, at debug: no secret may be in one. */
  const logLines: string[] = [];
  let sut: TestApp;
  let base: string;
  let csr: string;
  let tokens: Map<string, string>;

  beforeAll(async () => {
    sut = await createTestApp(
      { CWMP_SESSION_TIMEOUT_SECONDS: '2', CWMP_BODY_LIMIT_BYTES: '65536' },
      undefined,
      {
        logger: createLogger(
          { logLevel: 'debug' },
          { write: (line: string) => logLines.push(line) },
        ),
      },
    );
    ({ tokens, csr } = await seedHouseholds(sut, [['SUB-ACS', lines]], consumerLogin));
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sut.close());

  const lineUrl = (code: string): string => `${base}/cwmp/v1/${tokens.get(code) ?? ''}`;
  const cpes: TestCpe[] = [];
  const cpeOf = (code: string, options: Partial<TestCpeOptions> = {}): TestCpe => {
    const cpe = new TestCpe({
      url: lineUrl(code),
      serialNumber: `SN-${code}`,
      parameters: tr181Parameters(),
      informed: tr181Informed,
      ...options,
    });
    cpes.push(cpe);
    return cpe;
  };
  const api = async <T = Record<string, unknown>>(
    template: string,
    code: string,
    query = '',
  ): Promise<T> => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `${template.replace(/:(code|losCode)/, code)}${query}`,
      headers: { 'x-cah-token': csr },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const requestCommand = async (code: string, command: object): Promise<string> => {
    const response = await sut.app.inject({
      method: 'POST',
      url: apiPaths.deviceActionRequest.replace(':losCode', code),
      headers: { 'x-cah-token': csr },
      payload: command,
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json().data);
  };
  const commandStatus = (code: string, messageId: string): Promise<CommandStatus> =>
    api(apiPaths.deviceActionStatus, code, `?messageId=${messageId}`);

  describe('a TR-181 gateway’s sessions', () => {
    let cpe: TestCpe;

    it('should set the interval and credentials, list the objects, read, and show the values on the portal', async () => {
      cpe = cpeOf('LOS-181');
      const ended = await cpe.session(['0 BOOTSTRAP', '1 BOOT']);
      expect(ended.status).toBe(204);
      const methods = cpe.received.map((request) => request.method);
      expect(methods.slice(0, 3)).toEqual([
        'SetParameterValues',
        'GetParameterNames',
        'GetParameterValues',
      ]);
      expect(methods.at(-1)).toBe('SetParameterValues');
      expect(cpe.received[0]?.values.map((value) => value.name)).toEqual([
        'Device.ManagementServer.PeriodicInformEnable',
        'Device.ManagementServer.PeriodicInformInterval',
        'Device.ManagementServer.ConnectionRequestUsername',
        'Device.ManagementServer.ConnectionRequestPassword',
      ]);
      expect(cpe.parameters.get('Device.ManagementServer.PeriodicInformInterval')?.value).toBe(
        '300',
      );
      expect(
        cpe.parameters.get('Device.WiFi.NeighboringWiFiDiagnostic.DiagnosticsState')?.value,
      ).toBe('Requested');
      // Every GetParameterValues names at most 32 names, and only objects the gateway listed.
      for (const request of cpe.received.filter((r) => r.method === 'GetParameterValues')) {
        expect(request.names.length).toBeLessThanOrEqual(32);
        expect(request.names.some((name) => name.startsWith('Device.DOCSIS.'))).toBe(false);
      }

      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-181');
      expect(
        network.devices.map((device) => [device.macAddress, device.name, device.blocked]),
      ).toEqual(
        expect.arrayContaining([
          ['3c:22:fb:11:22:33', 'ada-macbook', false],
          ['f0:18:98:aa:bb:cc', 'living-room-tv', false],
        ]),
      );
      const capabilities = await api(apiPaths.deviceCapabilities, 'LOS-181');
      expect(capabilities).toMatchObject({ commands: true, wifiRadio: true });
      const wifi = JSON.stringify(await api(apiPaths.wifiSettings, 'LOS-181'));
      expect(wifi).toContain('Home-5G');
      expect(wifi).toContain('44');
      const gateway = JSON.stringify(await api(apiPaths.gateway, 'LOS-181'));
      expect(gateway).toContain('TR181-Box');
    });

    it('should read in one request the next time, leaving out what the gateway faulted 9005 on', async () => {
      cpe.received.length = 0;
      sut.clock.advanceSeconds(300);
      cpe.parameters.set('Device.Hosts.Host.2.HostName', { value: 'den-tv', type: 'xsd:string' });
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.received.map((request) => request.method)).toEqual(['GetParameterValues']);
      expect(cpe.received[0]?.names).not.toContain('Device.DeviceInfo.ProductClass');
      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-181');
      expect(network.devices.map((device) => device.name)).toContain('den-tv');
    });

    it('should write nothing of the gateway for a periodic Inform of it as it was, and the change of a BOOT', async () => {
      const repository = new CwmpRepository(sut.database.db);
      const line = await repository.lineByToken(tokens.get('LOS-181') ?? '');
      if (!line) throw new Error('LOS-181 is provisioned');
      const before = (await repository.atInform(line)).device;
      cpe.received.length = 0;
      sut.clock.advanceSeconds(300);
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.received.map((request) => request.method)).toEqual(['GetParameterValues']);
      expect((await repository.atInform(line)).device?.updatedAt).toEqual(before?.updatedAt);

      sut.clock.advanceSeconds(300);
      expect((await cpe.session(['1 BOOT'])).status).toBe(204);
      expect((await repository.atInform(line)).device?.updatedAt).toEqual(sut.clock.now());
    });

    it('should take the PeriodicInformInterval as the gateway’s reporting interval', async () => {
      const interval = await selectValue(
        sut.database.db,
        sql`select s.reporting_interval_seconds from gateway_state s
            join lines_of_service l on l.id = s.line_id where l.line_of_service_code = 'LOS-181'`,
      );
      expect(interval).toBe(300);
    });

    it('should read the site survey’s results after DIAGNOSTICS COMPLETE, even in a later session', async () => {
      const neighbour = 'Device.WiFi.NeighboringWiFiDiagnostic.Result.1.';
      const s = (value: string) => ({ value, type: 'xsd:string' });
      cpe.parameters.set('Device.WiFi.NeighboringWiFiDiagnostic.DiagnosticsState', s('Complete'));
      cpe.parameters.set(`${neighbour}SSID`, s('Neighbours-5G'));
      cpe.parameters.set(`${neighbour}BSSID`, s('00:11:22:33:44:55'));
      cpe.parameters.set(`${neighbour}Channel`, { value: '36', type: 'xsd:unsignedInt' });
      cpe.parameters.set(`${neighbour}SignalStrength`, { value: '-70', type: 'xsd:int' });
      cpe.parameters.set(`${neighbour}OperatingFrequencyBand`, s('5GHz'));
      cpe.parameters.set(`${neighbour}OperatingChannelBandwidth`, s('80MHz'));
      sut.clock.advanceSeconds(60);
      // The gateway informs, is acknowledged, and is gone before the ACS could ask anything.
      expect((await cpe.inform(['8 DIAGNOSTICS COMPLETE'])).status).toBe(200);
      cpe.received.length = 0;
      sut.clock.advanceSeconds(60);
      expect((await cpe.session(['2 PERIODIC'])).status).toBe(204);
      expect(cpe.received[0]?.names).toContain('Device.WiFi.NeighboringWiFiDiagnostic.');
      expect(JSON.stringify(await api(apiPaths.wifiSpectrumAnalyzer, 'LOS-181'))).toContain(
        'Neighbours-5G',
      );
      cpe.received.length = 0;
      sut.clock.advanceSeconds(60);
      expect((await cpe.session(['2 PERIODIC'])).status).toBe(204);
      expect(cpe.received[0]?.names).not.toContain('Device.WiFi.NeighboringWiFiDiagnostic.');
    });

    it('should set the interval again when the gateway’s has changed since', async () => {
      cpe.parameters.set('Device.ManagementServer.PeriodicInformInterval', {
        value: '86400',
        type: 'xsd:unsignedInt',
      });
      cpe.received.length = 0;
      sut.clock.advanceSeconds(300);
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.received.map((request) => request.method)).toEqual(['GetParameterValues']);
      sut.clock.advanceSeconds(300);
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.received[1]?.method).toBe('SetParameterValues');
      expect(cpe.parameters.get('Device.ManagementServer.PeriodicInformInterval')?.value).toBe(
        '300',
      );
    });
  });

  describe('a TR-098 gateway', () => {
    it('should be read through the mapping and shown on the portal', async () => {
      const s = (value: string) => ({ value, type: 'xsd:string' });
      const igd = 'InternetGatewayDevice.';
      const cpe = cpeOf('LOS-098', {
        informed: [
          `${igd}DeviceInfo.SoftwareVersion`,
          `${igd}ManagementServer.ConnectionRequestURL`,
        ],
        parameters: {
          [`${igd}DeviceInfo.ModelName`]: s('HG253s'),
          [`${igd}DeviceInfo.SerialNumber`]: s('SN-LOS-098'),
          [`${igd}DeviceInfo.SoftwareVersion`]: s('V100R001'),
          [`${igd}DeviceInfo.UpTime`]: { value: '3600', type: 'xsd:unsignedInt' },
          [`${igd}ManagementServer.ConnectionRequestURL`]: s('http://127.0.0.1:1/'),
          [`${igd}ManagementServer.PeriodicInformEnable`]: { value: '1', type: 'xsd:boolean' },
          [`${igd}ManagementServer.PeriodicInformInterval`]: {
            value: '300',
            type: 'xsd:unsignedInt',
          },
          [`${igd}LANDevice.1.Hosts.Host.1.MACAddress`]: s('a8:23:fe:00:00:03'),
          [`${igd}LANDevice.1.Hosts.Host.1.HostName`]: s('kitchen-radio'),
          [`${igd}LANDevice.1.Hosts.Host.1.Active`]: { value: 'true', type: 'xsd:boolean' },
          [`${igd}LANDevice.1.Hosts.Host.1.IPAddress`]: s('192.168.1.30'),
          [`${igd}LANDevice.1.Hosts.Host.1.InterfaceType`]: s('802.11'),
          [`${igd}LANDevice.1.WLANConfiguration.1.SSID`]: s('Casa'),
          [`${igd}LANDevice.1.WLANConfiguration.1.Channel`]: {
            value: '11',
            type: 'xsd:unsignedInt',
          },
          [`${igd}LANDevice.1.WLANConfiguration.1.Standard`]: s('g'),
          [`${igd}LANDevice.1.WLANConfiguration.1.Enable`]: { value: '1', type: 'xsd:boolean' },
          [`${igd}WANDevice.1.WANCommonInterfaceConfig.WANAccessType`]: s('DSL'),
        },
      });
      expect((await cpe.session(['1 BOOT'])).status).toBe(204);
      expect(cpe.received[0]?.values.map((value) => value.name)).toContain(
        `${igd}ManagementServer.PeriodicInformInterval`,
      );
      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-098');
      expect(network.devices.map((device) => [device.macAddress, device.name])).toEqual([
        ['a8:23:fe:00:00:03', 'kitchen-radio'],
      ]);
      expect(JSON.stringify(await api(apiPaths.wifiSettings, 'LOS-098'))).toContain('Casa');
      expect(JSON.stringify(await api(apiPaths.gateway, 'LOS-098'))).toContain('HG253s');
    });
  });

  describe('commands', () => {
    /** A gateway's connection request endpoint that wants Digest with the credentials the ACS set. */
    async function connectionRequestServer(
      cpe: TestCpe,
      onAccepted: () => void,
    ): Promise<{ server: Server; url: string; requests: string[] }> {
      const requests: string[] = [];
      const server = createServer((request: IncomingMessage, response) => {
        const header = request.headers.authorization ?? '';
        requests.push(header.split(' ')[0] ?? '');
        const field = (name: string) => new RegExp(`${name}="?([^",]*)"?`).exec(header)?.[1] ?? '';
        const username = cpe.parameters.get(
          'Device.ManagementServer.ConnectionRequestUsername',
        )?.value;
        const password = cpe.parameters.get(
          'Device.ManagementServer.ConnectionRequestPassword',
        )?.value;
        const md5 = (text: string) => createHash('md5').update(text).digest('hex');
        const expected = md5(
          `${md5(`${username}:cpe:${password}`)}:n0nce:${field('nc')}:${field('cnonce')}:auth:${md5(`GET:${field('uri')}`)}`,
        );
        if (
          header.startsWith('Digest') &&
          field('username') === username &&
          field('response') === expected
        ) {
          response.writeHead(200).end();
          onAccepted();
          return;
        }
        response
          .writeHead(401, { 'www-authenticate': 'Digest realm="cpe", nonce="n0nce", qop="auth"' })
          .end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return { server, url: `http://127.0.0.1:${port}/cr`, requests };
    }

    it('should ask the gateway for a session when a channel change is queued, run it there, and show the ACK', async () => {
      const cpe = cpeOf('LOS-CMD');
      let session: Promise<unknown> | undefined;
      const endpoint = await connectionRequestServer(cpe, () => {
        session = cpe.session(['6 CONNECTION REQUEST']);
      });
      try {
        cpe.parameters.set('Device.ManagementServer.ConnectionRequestURL', {
          value: endpoint.url,
          type: 'xsd:string',
        });
        expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
        cpe.received.length = 0;
        const messageId = await requestCommand('LOS-CMD', {
          action: 'changeChannel',
          parameters: { freqBand: '5GHz', channel: 149 },
        });
        await expect.poll(() => session, { timeout: 5000 }).toBeDefined();
        await session;
        expect(endpoint.requests).toContain('Digest');
        expect(cpe.parameters.get('Device.WiFi.Radio.2.Channel')?.value).toBe('149');
        expect(await commandStatus('LOS-CMD', messageId)).toEqual({
          messageId,
          state: 'ACK',
          value: null,
        });
        // The change calls for a new site survey in the same session.
        expect(cpe.received.at(-1)?.values[0]?.name).toBe(
          'Device.WiFi.NeighboringWiFiDiagnostic.DiagnosticsState',
        );
      } finally {
        endpoint.server.close();
      }
    });

    it('should run a command queued during a session in that session', async () => {
      const cpe = cpeOf('LOS-CMD');
      sut.clock.advanceSeconds(60);
      expect((await cpe.inform()).status).toBe(200);
      let exchange = await cpe.post('');
      expect(exchange.status).toBe(200);
      const messageId = await requestCommand('LOS-CMD', {
        action: 'changeChannel',
        parameters: { freqBand: '2.4GHz', channel: 1 },
      });
      while (exchange.status === 200) exchange = await cpe.post(cpe.respond(exchange.body));
      expect(exchange.status).toBe(204);
      expect(cpe.parameters.get('Device.WiFi.Radio.1.Channel')?.value).toBe('1');
      expect((await commandStatus('LOS-CMD', messageId)).state).toBe('ACK');
    });

    it('should run a command queued while the gateway cannot be reached in its next periodic session', async () => {
      const cpe = cpeOf('LOS-CMD');
      cpe.parameters.set('Device.ManagementServer.ConnectionRequestURL', {
        value: 'http://127.0.0.1:9/unreachable',
        type: 'xsd:string',
      });
      sut.clock.advanceSeconds(60);
      expect((await cpe.session()).status).toBe(204);
      const messageId = await requestCommand('LOS-CMD', {
        action: 'changeChannel',
        parameters: { freqBand: '2.4GHz', channel: 11 },
      });
      // Queued, not yet fetched by a session.
      expect((await commandStatus('LOS-CMD', messageId)).state).toBe('REQUESTED');
      // A gateway informing every 30 s, say: the command has not expired.
      sut.clock.advanceSeconds(30);
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.parameters.get('Device.WiFi.Radio.1.Channel')?.value).toBe('11');
      expect((await commandStatus('LOS-CMD', messageId)).state).toBe('ACK');
    });

    it('should NAK a command the gateway faults, with the fault’s code and text', async () => {
      const cpe = cpeOf('LOS-NAK');
      expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
      const messageId = await requestCommand('LOS-NAK', {
        action: 'changeChannel',
        parameters: { freqBand: '2.4GHz', channel: 11 },
      });
      cpe.answer = (request) =>
        request.method === 'SetParameterValues'
          ? faultBody(9001, 'Request denied by local policy')
          : undefined;
      expect((await cpe.session(['2 PERIODIC'])).status).toBe(204);
      const status = await commandStatus('LOS-NAK', messageId);
      expect(status.state).toBe('NAK');
      expect(status.value).toContain('9001');
      expect(status.value).toContain('Request denied by local policy');
    });

    it('should block a host with a firewall rule on TR-181 and show it blocked', async () => {
      const cpe = cpeOf('LOS-NAK');
      cpe.answer = () => undefined;
      sut.clock.advanceSeconds(60);
      const messageId = await requestCommand('LOS-NAK', {
        action: 'block',
        parameters: { macAddress: '3c:22:fb:11:22:33' },
      });
      expect((await cpe.session(['2 PERIODIC'])).status).toBe(204);
      expect((await commandStatus('LOS-NAK', messageId)).state).toBe('ACK');
      expect(cpe.received.map((request) => request.method)).toContain('AddObject');
      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-NAK');
      expect(network.devices.map((device) => [device.macAddress, device.blocked])).toEqual([
        ['3c:22:fb:11:22:33', true],
        ['f0:18:98:aa:bb:cc', false],
      ]);
    });
  });

  describe('who may open a session', () => {
    const inform = (cpe: TestCpe, url: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers, body: cpe.informXml(['2 PERIODIC']) });

    it('should take the shared URL with Basic credentials: the line’s code and its token', async () => {
      const cpe = cpeOf('LOS-SHARED', {
        url: `${base}/cwmp/v1`,
        headers: () => ({
          authorization: `Basic ${Buffer.from(`LOS-SHARED:${tokens.get('LOS-SHARED')}`).toString('base64')}`,
        }),
      });
      expect((await cpe.session(['1 BOOT'])).status).toBe(204);
      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-SHARED');
      expect(network.devices.length).toBe(2);
    });

    it.each(['MD5', 'SHA-256'] as const)(
      'should take the shared URL with Digest %s',
      async (algorithm) => {
        const challenge = await fetch(`${base}/cwmp/v1`, { method: 'POST', body: '' });
        expect(challenge.status).toBe(401);
        const offered = challenge.headers.get('www-authenticate') ?? '';
        expect(offered).toContain('Basic realm="LineSight ACS"');
        const nonce = /nonce="([^"]+)"/.exec(offered)?.[1] ?? '';
        const hash = (text: string) =>
          createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
            .update(text)
            .digest('hex');
        const digest = (password: string) => {
          const ha1 = hash(`LOS-SHARED:LineSight ACS:${password}`);
          const ha2 = hash('POST:/cwmp/v1');
          const response = hash(`${ha1}:${nonce}:00000001:c0ffee:auth:${ha2}`);
          return `Digest username="LOS-SHARED", realm="LineSight ACS", nonce="${nonce}", uri="/cwmp/v1", algorithm=${algorithm}, qop=auth, nc=00000001, cnonce="c0ffee", response="${response}"`;
        };
        const cpe = cpeOf('LOS-SHARED');
        const right = await inform(cpe, `${base}/cwmp/v1`, {
          authorization: digest(tokens.get('LOS-SHARED') ?? ''),
        });
        expect(right.status).toBe(200);
        expect(await right.text()).toContain('InformResponse');
        const wrong = await inform(cpe, `${base}/cwmp/v1`, {
          authorization: digest('0'.repeat(32)),
        });
        expect(wrong.status).toBe(401);
        expect(wrong.headers.get('www-authenticate')).toContain('Digest');
      },
    );

    it('should answer an expired Digest nonce with a stale challenge', async () => {
      const challenge = await fetch(`${base}/cwmp/v1`, { method: 'POST', body: '' });
      const nonce = /nonce="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')?.[1];
      sut.clock.advanceSeconds(301);
      const response = await fetch(`${base}/cwmp/v1`, {
        method: 'POST',
        headers: {
          authorization: `Digest username="LOS-SHARED", realm="LineSight ACS", nonce="${nonce}", uri="/cwmp/v1", qop=auth, nc=00000001, cnonce="c", response="00"`,
        },
        body: '',
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('stale=true');
    });

    it.each([
      [
        'a wrong password',
        () => `Basic ${Buffer.from(`LOS-SHARED:${'0'.repeat(32)}`).toString('base64')}`,
      ],
      [
        'an unknown line',
        () => `Basic ${Buffer.from(`LOS-NONE:${tokens.get('LOS-SHARED')}`).toString('base64')}`,
      ],
      ['no credentials', () => ''],
      [
        'a forged Digest nonce',
        () =>
          'Digest username="LOS-SHARED", realm="LineSight ACS", nonce="Zm9yZ2Vk", uri="/cwmp/v1", response="00"',
      ],
    ])('should answer 401 on the shared URL for %s', async (_case, authorization) => {
      const response = await inform(
        cpeOf('LOS-SHARED'),
        `${base}/cwmp/v1`,
        authorization() ? { authorization: authorization() } : {},
      );
      expect(response.status).toBe(401);
    });

    it('should answer 401 to an unknown token, whatever the body', async () => {
      const response = await fetch(`${base}/cwmp/v1/${'0'.repeat(32)}`, {
        method: 'POST',
        body: '<not xml',
      });
      expect(response.status).toBe(401);
    });

    it('should answer 401 once the line is deprovisioned', async () => {
      await sut.app.services.devices.provision(systemActor, 'LOS-GONE', true);
      const { reportingUrl } = await sut.app.services.devices.reportingUrl('LOS-GONE');
      const url = `${base}/cwmp/v1/${reportingUrl.split('/').at(-1) ?? ''}`;
      const cpe = cpeOf('LOS-GONE', { url });
      expect((await cpe.inform()).status).toBe(200);
      await sut.app.services.devices.deprovision(systemActor, 'LOS-GONE');
      expect((await cpe.post('')).status).toBe(401);
      expect((await cpe.inform()).status).toBe(401);
    });

    it('should end an open session once the line is re-provisioned, on either URL', async () => {
      await sut.app.services.devices.provision(systemActor, 'LOS-MOVED', true);
      const tokenNow = async () =>
        (await sut.app.services.devices.reportingUrl('LOS-MOVED')).reportingUrl.split('/').at(-1) ??
        '';
      const onLineUrl = (token: string) => cpeOf('LOS-MOVED', { url: `${base}/cwmp/v1/${token}` });
      const onSharedUrl = (token: string) =>
        cpeOf('LOS-MOVED', {
          url: `${base}/cwmp/v1`,
          headers: () => ({
            authorization: `Basic ${Buffer.from(`LOS-MOVED:${token}`).toString('base64')}`,
          }),
        });
      for (const cpeOn of [onLineUrl, onSharedUrl]) {
        const cpe = cpeOn(await tokenNow());
        expect((await cpe.inform()).status).toBe(200);
        await sut.app.services.devices.provision(systemActor, 'LOS-MOVED', false);
        expect((await cpe.post('')).status).toBe(401);
      }
    });
  });

  describe('the protocol', () => {
    it('should answer in the CWMP namespace the Inform used, with the session cookie', async () => {
      const cpe = cpeOf('LOS-BAD', { minor: 3 });
      const answer = await cpe.inform(['2 PERIODIC']);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/xml');
      expect(answer.body).toContain('xmlns:cwmp="urn:dslforum-org:cwmp-1-3"');
      expect(answer.body).toContain('<cwmp:ID soapenv:mustUnderstand="1">inform-1</cwmp:ID>');
      expect(answer.headers.get('set-cookie')).toMatch(/^cwmp-session=\w+; Path=\/cwmp; HttpOnly$/);
      expect((await cpe.post('')).body).toContain('urn:dslforum-org:cwmp-1-3');
    });

    it('should follow a gateway that drops cookies on its line’s URL', async () => {
      const cpe = cpeOf('LOS-SHARED');
      cpe.keepsCookies = false;
      sut.clock.advanceSeconds(60);
      expect((await cpe.session(['2 PERIODIC'])).status).toBe(204);
      expect(cpe.received.length).toBeGreaterThan(0);
    });

    it('should end a session past 100 messages, and one past 5 minutes, with a 204', async () => {
      const cpe = cpeOf('LOS-SHARED');
      expect((await cpe.inform()).status).toBe(200);
      const ask = () => cpe.post(cpeEnvelope('<cwmp:GetRPCMethods/>', 'rpc'));
      for (let message = 2; message <= 100; message++) expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(204);

      expect((await cpe.inform()).status).toBe(200);
      expect((await ask()).body).toContain('<string>Inform</string>');
      sut.clock.advanceSeconds(301);
      expect((await ask()).status).toBe(204);
    });

    it('should set the interval alone on a gateway that refuses the credentials, and not ask again', async () => {
      const cpe = cpeOf('LOS-NOCR');
      cpe.answer = (request) =>
        request.values.some((value) => value.name.endsWith('ConnectionRequestUsername'))
          ? faultBody(9008, 'Attempt to set a non-writable parameter')
          : undefined;
      expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
      expect(cpe.received.slice(0, 2).map((request) => request.values.length)).toEqual([4, 2]);
      expect(cpe.parameters.get('Device.ManagementServer.PeriodicInformInterval')?.value).toBe(
        '300',
      );
      cpe.received.length = 0;
      sut.clock.advanceSeconds(300);
      expect((await cpe.session()).status).toBe(204);
      expect(cpe.received.map((request) => request.method)).toEqual(['GetParameterValues']);
    });

    it('should write an open session’s values when the server closes', async () => {
      await sut.app.services.devices.provision(systemActor, 'LOS-CLOSE', true);
      const { reportingUrl } = await sut.app.services.devices.reportingUrl('LOS-CLOSE');
      const cpe = cpeOf('LOS-CLOSE', {
        url: `${base}/cwmp/v1/${reportingUrl.split('/').at(-1) ?? ''}`,
      });
      expect((await cpe.inform(['0 BOOTSTRAP'])).status).toBe(200);
      const line = await sut.app.services.acs.lineByCode('LOS-CLOSE');
      expect(sut.app.services.acs.hasSession(line?.id ?? '')).toBe(true);
      await sut.app.services.acs.close();
      expect(sut.app.services.acs.hasSession(line?.id ?? '')).toBe(false);
      const identifier = await selectValue(
        sut.database.db,
        sql`select device_identifier from lines_of_service where line_of_service_code = 'LOS-CLOSE'`,
      );
      expect(identifier).toBe('SN-LOS-CLOSE');
    });
  });

  describe('bad input', () => {
    const countRows = (table: 'gateway_reports' | 'cwmp_devices', code: string): Promise<unknown> =>
      selectValue(
        sut.database.db,
        sql`select count(*)::int from ${sql.raw(table)} t
            join lines_of_service l on l.id = t.line_id where l.line_of_service_code = ${code}`,
      );

    it('should refuse another serial number on a bound line with fault 8001, writing nothing', async () => {
      expect((await cpeOf('LOS-SN').session(['0 BOOTSTRAP'])).status).toBe(204);
      const reports = await countRows('gateway_reports', 'LOS-SN');
      const genuine = cpeOf('LOS-SN');
      expect((await genuine.inform()).status).toBe(200);
      const intruder = cpeOf('LOS-SN', { serialNumber: 'SN-OTHER' });
      const answer = await intruder.inform();
      expect(answer.status).toBe(500);
      expect(answer.body).toContain('<FaultCode>8001</FaultCode>');
      expect(await countRows('gateway_reports', 'LOS-SN')).toBe(reports);
      // The genuine gateway's session goes on untouched.
      expect((await genuine.post('')).status).toBe(200);
    });

    const inSession = async (body: string) => {
      const cpe = cpeOf('LOS-BAD');
      expect((await cpe.inform()).status).toBe(200);
      return cpe.post(body);
    };

    it.each([
      ['malformed XML', '<soap:Envelope', /Malformed XML/],
      [
        'a DOCTYPE with entities',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
        /DOCTYPE/,
      ],
      [
        'an envelope nested too deep',
        `<a>${'<b>'.repeat(40)}${'</b>'.repeat(40)}</a>`,
        /deeper than 32/,
      ],
      ['a body that is not an envelope', '<hello/>', /not a SOAP 1.1 envelope/],
      [
        'an envelope over the body limit',
        `<x>${'y'.repeat(70_000)}</x>`,
        /larger than 65536 bytes/,
      ],
    ])(
      'should answer %s with 400 and a plain reason, and cut the session off',
      async (_case, body, reason) => {
        const response = await inSession(body);
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toContain('text/plain');
        expect(response.body).toMatch(reason);
        expect(sut.app.services.acs.hasSession((await lineIdOf('LOS-BAD')) ?? '')).toBe(false);
      },
    );

    it('should take envelopes sent gzip-compressed', async () => {
      const cpe = cpeOf('LOS-GZIP', { gzip: true });
      expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
      const network: LocalNetworkResponse = await api(apiPaths.localNetwork, 'LOS-GZIP');
      expect(network.devices.length).toBe(2);
    });

    it.each([
      ['a body that is not the gzip it says', 'gzip', Buffer.from('<x/>'), 400, /not valid gzip/],
      [
        'a gzip body over the limit once decoded',
        'gzip',
        gzipSync(`<x>${'y'.repeat(70_000)}</x>`),
        400,
        /larger than 65536 bytes/,
      ],
      ['a content coding the ACS does not know', 'br', Buffer.from('<x/>'), 415, /gzip/],
    ])(
      'should answer %s with %i and a plain reason, and cut the session off',
      async (_case, coding, body, status, reason) => {
        const cpe = cpeOf('LOS-BAD');
        expect((await cpe.inform()).status).toBe(200);
        const response = await fetch(lineUrl('LOS-BAD'), {
          method: 'POST',
          headers: { 'content-type': 'text/xml', 'content-encoding': coding },
          body,
        });
        expect(response.status).toBe(status);
        expect(response.headers.get('accept-encoding')).toBe('gzip, deflate, compress');
        expect(await response.text()).toMatch(reason);
        expect(sut.app.services.acs.hasSession((await lineIdOf('LOS-BAD')) ?? '')).toBe(false);
      },
    );

    it('should answer an unknown gateway request with fault 8000 and go on', async () => {
      const cpe = cpeOf('LOS-BAD');
      expect((await cpe.inform()).status).toBe(200);
      const answer = await cpe.post(
        cpeEnvelope('<cwmp:RequestDownload><FileType>1</FileType></cwmp:RequestDownload>', 'rd-1'),
      );
      expect(answer.status).toBe(500);
      expect(answer.body).toContain('<FaultCode>8000</FaultCode>');
      expect(answer.body).toContain('<cwmp:ID soapenv:mustUnderstand="1">rd-1</cwmp:ID>');
      const transfer = await cpe.post(
        cpeEnvelope(
          '<cwmp:TransferComplete><CommandKey>k</CommandKey><FaultStruct><FaultCode>0</FaultCode><FaultString></FaultString></FaultStruct></cwmp:TransferComplete>',
          'tc-1',
        ),
      );
      expect(transfer.body).toContain('TransferCompleteResponse');
    });

    it('should refuse a message before an Inform', async () => {
      const cpe = cpeOf('LOS-A');
      const response = await cpe.post(cpeEnvelope('<cwmp:GetRPCMethods/>', '1'));
      expect(response.status).toBe(400);
      expect(response.body).toMatch(/starts with an Inform/);
    });

    it('should write what a session cut off after one answer read, once it times out', async () => {
      const cpe = cpeOf('LOS-CUT');
      expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
      sut.clock.advanceSeconds(600);
      const before = Number(await countRows('gateway_reports', 'LOS-CUT'));
      cpe.parameters.set('Device.DeviceInfo.ModelName', {
        value: 'Cut-Off-Box',
        type: 'xsd:string',
      });
      // The whole read is too much for it (9004): the ACS halves it, and the gateway answers the
      // first half and is gone.
      let refused = false;
      cpe.answer = (request) => {
        if (request.method !== 'GetParameterValues' || refused) return undefined;
        refused = true;
        return faultBody(9004, 'Resources exceeded');
      };
      const left = await cpe.session(['2 PERIODIC'], 2);
      expect(left.status).toBe(200);
      expect(cpe.received.at(-1)?.names).toContain('Device.DeviceInfo.ModelName');
      expect(await countRows('gateway_reports', 'LOS-CUT')).toBe(before);
      await expect
        .poll(() => countRows('gateway_reports', 'LOS-CUT'), { timeout: 6000, interval: 200 })
        .toBe(before + 1);
      const deviceType = await selectValue(
        sut.database.db,
        sql`select device_type from lines_of_service where line_of_service_code = 'LOS-CUT'`,
      );
      expect(deviceType).toBe('Cut-Off-Box');
    });

    it('should leave a command PENDING when its session is cut off before the answer', async () => {
      const cpe = cpeOf('LOS-PEND');
      expect((await cpe.session(['0 BOOTSTRAP'])).status).toBe(204);
      sut.clock.advanceSeconds(60);
      const messageId = await requestCommand('LOS-PEND', {
        action: 'block',
        parameters: { macAddress: '3c:22:fb:11:22:33' },
      });
      // It answers the script's read of the firewall, then vanishes before the AddObject.
      expect((await cpe.session(['2 PERIODIC'], 1)).status).toBe(200);
      expect(cpe.received.at(-1)?.method).toBe('GetParameterValues');
      const line = await sut.app.services.acs.lineByCode('LOS-PEND');
      await expect
        .poll(() => sut.app.services.acs.hasSession(line?.id ?? ''), { timeout: 6000 })
        .toBe(false);
      expect(await commandStatus('LOS-PEND', messageId)).toEqual({
        messageId,
        state: 'PENDING',
        value: null,
      });
    });

    it('should keep two lines’ interleaved sessions apart', async () => {
      const a = cpeOf('LOS-A');
      const b = cpeOf('LOS-B');
      b.parameters.set('Device.Hosts.Host.1.HostName', { value: 'only-on-b', type: 'xsd:string' });
      b.keepsCookies = false;
      expect((await a.inform(['0 BOOTSTRAP'])).status).toBe(200);
      expect((await b.inform(['0 BOOTSTRAP'])).status).toBe(200);
      let answerA = await a.post('');
      let answerB = await b.post('');
      while (answerA.status === 200 || answerB.status === 200) {
        if (answerA.status === 200) answerA = await a.post(a.respond(answerA.body));
        if (answerB.status === 200) answerB = await b.post(b.respond(answerB.body));
      }
      expect([answerA.status, answerB.status]).toEqual([204, 204]);
      const namesOf = async (code: string) =>
        (await api<LocalNetworkResponse>(apiPaths.localNetwork, code)).devices.map((d) => d.name);
      expect(await namesOf('LOS-A')).not.toContain('only-on-b');
      expect(await namesOf('LOS-B')).toContain('only-on-b');
    });
  });

  it('should never log a token or a connection request password', () => {
    const passwords = cpes.flatMap(
      (cpe) => cpe.parameters.get('Device.ManagementServer.ConnectionRequestPassword')?.value ?? [],
    );
    expect(passwords.length).toBeGreaterThan(3);
    expect(logLines.length).toBeGreaterThan(10);
    const secrets = [...passwords, ...tokens.values()];
    expect(logLines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });

  const lineIdOf = async (code: string): Promise<string | undefined> =>
    (await sut.app.services.acs.lineByCode(code))?.id;
});
