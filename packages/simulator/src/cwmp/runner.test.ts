import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { describeGateway } from '../fleet';
import { Gateway } from '../gateway';
import { type CwmpEvent, type CwmpRun, runCwmp } from './runner';
import { connectionRequest } from './test-digest-client';

/**
 * runCwmp against a small ACS written here over real HTTP: it answers the Inform with a cookie,
 * sets the interval and the connection request credentials, and ends with 204, or fails as told.
 */

interface Exchange {
  body: string;
  cookie: string | undefined;
}

const envelope = (body: string) =>
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cwmp="urn:dslforum-org:cwmp-1-0"' +
  ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `<soap:Header><cwmp:ID soap:mustUnderstand="1">1</cwmp:ID></soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;

/** What the little ACS does with each session: its status for the Inform, then its requests. */
interface AcsScript {
  informStatus: () => number;
  requests: () => string[];
}

async function startAcs(script: AcsScript) {
  const exchanges: Exchange[] = [];
  let pending: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      exchanges.push({ body, cookie: request.headers.cookie });
      if (body.includes('<cwmp:Inform>')) {
        const status = script.informStatus();
        if (status !== 200) {
          response.writeHead(status).end();
          return;
        }
        pending = script.requests();
        response
          .writeHead(200, {
            'content-type': 'text/xml',
            'set-cookie': 'cwmp-session=s1; Path=/; HttpOnly',
          })
          .end(
            envelope('<cwmp:InformResponse><MaxEnvelopes>1</MaxEnvelopes></cwmp:InformResponse>'),
          );
        return;
      }
      const next = pending.shift();
      if (next === undefined) response.writeHead(204).end();
      else response.writeHead(200, { 'content-type': 'text/xml' }).end(envelope(next));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cwmp/v1/token`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const setUp = (interval: number) =>
  '<cwmp:SetParameterValues><ParameterList>' +
  `<ParameterValueStruct><Name>Device.ManagementServer.PeriodicInformInterval</Name><Value xsi:type="xsd:unsignedInt">${interval}</Value></ParameterValueStruct>` +
  '<ParameterValueStruct><Name>Device.ManagementServer.ConnectionRequestUsername</Name><Value xsi:type="xsd:string">acs</Value></ParameterValueStruct>' +
  '<ParameterValueStruct><Name>Device.ManagementServer.ConnectionRequestPassword</Name><Value xsi:type="xsd:string">pw</Value></ParameterValueStruct>' +
  '</ParameterList><ParameterKey>k</ParameterKey></cwmp:SetParameterValues>';

async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 15_000; !done(); await delay(50)) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

const gateway = () =>
  new Gateway(describeGateway(3, 0, { behaviour: { rebootsPerDay: 0, offlineSpellsPerDay: 0 } }));

describe(runCwmp.name, () => {
  let run: CwmpRun | undefined;
  let closeAcs: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await run?.stop();
    await closeAcs?.();
  });

  it('should inform, keep the cookie, take the interval and credentials, and answer a connection request with a session', async () => {
    const acs = await startAcs({ informStatus: () => 200, requests: () => [setUp(3600)] });
    closeAcs = acs.close;
    const events: CwmpEvent[] = [];

    run = await runCwmp([{ gateway: gateway(), acsUrl: acs.url, dataModel: 'tr181' }], {
      onEvent: (event) => events.push(event),
    });
    await until(() => events.some((event) => event.type === 'cwmp-session'));
    const agent = run.agents[0]!;
    const { second: status } = await connectionRequest(agent.connectionRequestUrl, {
      username: 'acs',
      password: 'pw',
    });
    await until(() => events.filter((event) => event.type === 'cwmp-session').length === 2);

    const sessions = events.filter((event) => event.type === 'cwmp-session');
    expect(sessions.map((event) => event.events)).toEqual([
      ['0 BOOTSTRAP'],
      ['6 CONNECTION REQUEST'],
    ]);
    expect(sessions[0]).toMatchObject({ requests: 1 });
    expect(status).toBe(200);
    expect(agent.periodicInformIntervalSeconds).toBe(3600);
    // The Inform, the response to the SetParameterValues, the empty POSTs: cookie after the first.
    expect(acs.exchanges[0]?.cookie).toBeUndefined();
    expect(acs.exchanges.slice(1, 3).map((exchange) => exchange.cookie)).toEqual([
      'cwmp-session=s1',
      'cwmp-session=s1',
    ]);
    expect(acs.exchanges[2]?.body).toContain('SetParameterValuesResponse');
  });

  it('should inform every interval the ACS set', async () => {
    const acs = await startAcs({ informStatus: () => 200, requests: () => [setUp(1)] });
    closeAcs = acs.close;
    const events: CwmpEvent[] = [];

    run = await runCwmp([{ gateway: gateway(), acsUrl: acs.url, dataModel: 'tr181' }], {
      onEvent: (event) => events.push(event),
    });
    await until(() => events.filter((event) => event.type === 'cwmp-session').length >= 3);

    const sessions = events.filter((event) => event.type === 'cwmp-session');
    expect(sessions.slice(1).every((event) => event.events.includes('2 PERIODIC'))).toBe(true);
  });

  it('should retry a failed session after the standard back-off, counting its retries', async () => {
    let informs = 0;
    const acs = await startAcs({
      informStatus: () => (++informs === 1 ? 503 : 200),
      requests: () => [],
    });
    closeAcs = acs.close;
    const events: CwmpEvent[] = [];

    run = await runCwmp([{ gateway: gateway(), acsUrl: acs.url, dataModel: 'tr098' }], {
      retryMinimumWaitSeconds: 0.2,
      onEvent: (event) => events.push(event),
    });
    await until(() => events.some((event) => event.type === 'cwmp-session'));

    const failed = events.find((event) => event.type === 'cwmp-failed');
    expect(failed).toMatchObject({ error: expect.stringContaining('503') });
    expect(failed?.type === 'cwmp-failed' && failed.retryInSeconds).toBeGreaterThanOrEqual(0.2);
    expect(failed?.type === 'cwmp-failed' && failed.retryInSeconds).toBeLessThanOrEqual(0.4);
    const retried = acs.exchanges.filter((exchange) => exchange.body.includes('<cwmp:Inform>'))[1];
    expect(retried?.body).toContain('<RetryCount>1</RetryCount>');
    expect(retried?.body).toContain('0 BOOTSTRAP');
  });

  it('should stop a gateway whose ACS URL answers 401', async () => {
    const acs = await startAcs({ informStatus: () => 401, requests: () => [] });
    closeAcs = acs.close;
    const events: CwmpEvent[] = [];

    run = await runCwmp([{ gateway: gateway(), acsUrl: acs.url, dataModel: 'tr181' }], {
      retryMinimumWaitSeconds: 0.1,
      onEvent: (event) => events.push(event),
    });
    await until(() => events.some((event) => event.type === 'revoked'));
    await delay(400);

    expect(events.map((event) => event.type)).toEqual(['revoked']);
  });
});
