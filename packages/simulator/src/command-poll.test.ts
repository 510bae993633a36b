import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandOptions } from './command-poll';
import { createFleet } from './fleet';
import type { Gateway } from './gateway';
import { type LiveEvent, runLive } from './live';
import type { HostProfile } from './profile';

/** A command as the collector hands it over. */
type Delivered = { messageId: string; action: string; parameters: Record<string, unknown> };
/** How the stub answers the next command polls: a status, or a dropped connection. */
type PollAnswer = number | 'hang up';

interface StubCollector {
  url: string;
  queue(...commands: Delivered[]): void;
  /** Scripted answers for the next polls; after them, polls behave. */
  script(...answers: PollAnswer[]): void;
  /** Hold polls open this long when nothing is queued, ignoring `wait` (ms). */
  holdMs: number | null;
  polls: number;
  reports: number;
  answers: Map<string, unknown>;
  close(): Promise<void>;
}

const stubs: StubCollector[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

/**
 * The collector's side of the command channel (docs/reporting-protocol.md, "Commands"): long
 * polls that answer as soon as a command is queued, results taken with 204; reports accepted.
 */
async function stubCollector(): Promise<StubCollector> {
  const queued: Delivered[] = [];
  const scripted: PollAnswer[] = [];
  const waiting = new Set<() => void>();
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const stub: StubCollector = {
    url: '',
    queue(...commands) {
      queued.push(...commands);
      for (const wake of waiting) wake();
    },
    script: (...answers) => scripted.push(...answers),
    holdMs: null,
    polls: 0,
    reports: 0,
    answers: new Map(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stub').pathname;
      const answered = /\/commands\/([^/]+)$/.exec(path);
      if (answered?.[1]) {
        stub.answers.set(
          decodeURIComponent(answered[1]),
          JSON.parse(Buffer.concat(chunks).toString()),
        );
        response.writeHead(204).end();
      } else if (path.endsWith('/commands')) {
        stub.polls += 1;
        const next = scripted.shift();
        if (next === 'hang up') request.socket.destroy();
        else if (next !== undefined)
          json(response, next, { error: { code: 'X', message: 'scripted' } });
        else {
          const wait = Number(new URL(request.url ?? '/', 'http://stub').searchParams.get('wait'));
          const answer = () => {
            waiting.delete(answer);
            clearTimeout(timer);
            json(response, 200, { commands: queued.splice(0) });
          };
          const timer = setTimeout(answer, stub.holdMs ?? wait * 1000);
          if (queued.length > 0) answer();
          else waiting.add(answer);
        }
      } else {
        stub.reports += 1;
        json(response, 200, { accepted: 1, duplicates: 0 });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/report/v1/0123456789abcdef`;
  stubs.push(stub);
  return stub;
}

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await delay(20);
  }
}

const quick: CommandOptions = { nakShare: 0, silentShare: 0, waitSeconds: 1, retryDelayMs: 50 };

const homeOnWifi = (host: HostProfile) =>
  host.connection.medium === 'wifi' && host.presence === 'always';

/** A gateway whose agent blocks, with a host always home on WiFi, that does not go offline. */
function freshGateway(seed = 51): Gateway {
  const gateway = createFleet({ seed, size: 40, behaviour: { offlineSpellsPerDay: 0 } }).find(
    (candidate) =>
      !candidate.profile.agent.clientVersion.includes('WRT') &&
      candidate.profile.hosts.some(homeOnWifi),
  );
  if (!gateway) throw new Error('no such gateway');
  return gateway;
}

function startLive(
  gateway: Gateway,
  url: string,
  commands: CommandOptions,
  intervalSeconds = 3600,
) {
  const events: LiveEvent[] = [];
  const run = runLive([{ gateway, url }], {
    intervalSeconds,
    commands,
    onEvent: (event) => events.push(event),
  });
  return { run, events };
}

describe('a live gateway on the command channel', () => {
  it('should carry out each command it fetches and answer ACK or NAK', async () => {
    const collector = await stubCollector();
    const gateway = freshGateway();
    const wifiHost = gateway.profile.hosts.find(homeOnWifi)!;
    const { run, events } = startLive(gateway, collector.url, quick);

    collector.queue(
      { messageId: 'm-1', action: 'block', parameters: { macAddress: wifiHost.mac } },
      { messageId: 'm-2', action: 'block', parameters: { macAddress: 'aa:bb:cc:00:00:01' } },
      { messageId: 'm-3', action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 44 } },
      { messageId: 'm-4', action: 'reboot', parameters: {} },
    );
    await until(() => collector.answers.size === 4);
    await run.stop();

    expect(Object.fromEntries(collector.answers)).toEqual({
      'm-1': { result: 'ACK' },
      'm-2': { result: 'NAK', value: 'Unknown host aa:bb:cc:00:00:01' },
      'm-3': { result: 'ACK' },
      'm-4': { result: 'NAK', value: 'Unsupported command: reboot' },
    });
    expect(events.filter((event) => event.type === 'command-received')).toHaveLength(4);
    expect(events.filter((event) => event.type === 'command-answered')).toContainEqual(
      expect.objectContaining({ messageId: 'm-2', action: 'block', result: 'NAK' }),
    );
    const report = gateway.reportAt(Math.floor(Date.now() / 1000) + 7200);
    expect(report['Device.WiFi.Radio.2.Channel']).toBe(44);
    expect(report['Device.WiFi.Radio.2.AutoChannelEnable']).toBe(false);
    expect(report[`Device.Hosts.Host.${wifiHost.instance}.X_LINESIGHT_Blocked`]).toBe(true);
  });

  it('should refuse some commands as busy and leave some unanswered, the same ones for the same seed', async () => {
    const fates = async (): Promise<Map<string, string>> => {
      const collector = await stubCollector();
      const { run, events } = startLive(freshGateway(), collector.url, {
        ...quick,
        nakShare: 0.25,
        silentShare: 0.25,
      });
      collector.queue(
        ...Array.from({ length: 60 }, (_, index) => ({
          messageId: `m-${index}`,
          action: 'changeBandwidth',
          parameters: { freqBand: '5GHz', channelBandwidth: 40 },
        })),
      );
      const settled = () =>
        events.filter(
          (event) => event.type === 'command-answered' || event.type === 'command-unanswered',
        );
      await until(() => settled().length === 60);
      await run.stop();
      return new Map(
        settled().map((event) => [
          'messageId' in event ? event.messageId : '',
          event.type === 'command-answered' ? `${event.result} ${event.value ?? ''}` : 'silent',
        ]),
      );
    };

    const first = await fates();
    const outcomes = [...first.values()];
    const busy = outcomes.filter((outcome) => outcome === 'NAK Radio busy, try again later');
    const silent = outcomes.filter((outcome) => outcome === 'silent');
    expect(busy.length).toBeGreaterThan(6);
    expect(busy.length).toBeLessThan(26);
    expect(silent.length).toBeGreaterThan(6);
    expect(silent.length).toBeLessThan(26);
    expect(outcomes.filter((outcome) => outcome === 'ACK ')).toHaveLength(
      60 - busy.length - silent.length,
    );
    expect(await fates()).toEqual(first);
  });

  it('should back off after failures and stop, reports too, when the URL is revoked', async () => {
    const collector = await stubCollector();
    collector.script(503, 'hang up', 401);
    const { run, events } = startLive(freshGateway(), collector.url, quick, 1);

    await until(() => events.some((event) => event.type === 'revoked'));
    const { polls, reports } = collector;
    await delay(1500);
    await run.stop();

    expect(polls).toBe(3);
    expect(collector.polls).toBe(3);
    expect(collector.reports).toBe(reports);
    expect(events.filter((event) => event.type !== 'sent').map((event) => event.type)).toEqual([
      'command-failed',
      'command-failed',
      'revoked',
    ]);
    expect(events).toContainEqual(expect.objectContaining({ error: expect.stringMatching(/503/) }));
  });

  it('should not ask again at once a collector that answers without waiting', async () => {
    const collector = await stubCollector();
    collector.holdMs = 0;
    const { run } = startLive(freshGateway(), collector.url, quick);

    await delay(1500);
    await run.stop();

    expect(collector.polls).toBeGreaterThanOrEqual(1);
    expect(collector.polls).toBeLessThanOrEqual(3);
  });

  it('should stop at once, closing its poll, so the collector can shut down', async () => {
    const collector = await stubCollector();
    collector.holdMs = 30_000;
    const { run, events } = startLive(freshGateway(), collector.url, { ...quick, waitSeconds: 30 });
    await until(() => collector.polls === 1);

    const stopping = Date.now();
    await run.stop();
    const stopped = Date.now();
    await collector.close();

    expect(stopped - stopping).toBeLessThan(500);
    expect(Date.now() - stopped).toBeLessThan(500);
    expect(events).toEqual([]);
  });
});
