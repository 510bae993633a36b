import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type FleetEvent, fleetTargets, runFleet } from './fleet-run';

interface Line {
  /** Reports it has stored. */
  reports: number;
  /** How long it takes to answer a body (ms). */
  delayMs: number;
  status: number;
}

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A collector with a line per token: it stores reports, slowly or not, or answers a status. */
async function fakeCollector(
  lines: Record<string, Partial<Line>>,
): Promise<{ urls: string[]; lines: Record<string, Line> }> {
  const state = Object.fromEntries(
    Object.entries(lines).map(([token, line]) => [
      token,
      { reports: 0, delayMs: 0, status: 200, ...line },
    ]),
  );
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const line = state[request.url?.split('/')[3] ?? ''];
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const count = (JSON.parse(body.toString()) as { Report: unknown[] }).Report.length;
      setTimeout(() => {
        if (line?.status === 200) line.reports += count;
        response.writeHead(line?.status ?? 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ accepted: count, duplicates: 0 }));
      }, line?.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    urls: Object.keys(lines).map((token) => `http://127.0.0.1:${port}/report/v1/${token}`),
    lines: state,
  };
}

const fleetOptions = { seed: 61, behaviour: { offlineSpellsPerDay: 0 } };
/** About 170 reports a gateway at a second apart: four bodies. */
const backfillDays = 0.002;

describe(runFleet.name, () => {
  it('should backfill each gateway, then take it live as soon as its own backfill is done', async () => {
    const collector = await fakeCollector({ quick: {}, slow: { delayMs: 400 } });
    const targets = fleetTargets(collector.urls, fleetOptions);
    const stop = new AbortController();
    const events: FleetEvent[] = [];

    const running = runFleet({
      targets,
      backfillDays,
      intervalSeconds: 1,
      commands: false,
      signal: stop.signal,
      onEvent: (event) => events.push(event),
    });
    await delay(4000);
    stop.abort();
    const { backfill } = await running;

    const [quick, slow] = targets.map((target) => target.gateway.serialNumber);
    const indexOf = (matches: (event: FleetEvent) => boolean) => events.findIndex(matches);
    const slowDone = indexOf(
      (event) => event.type === 'backfill-gateway-done' && event.result.serialNumber === slow,
    );
    const quickLive = indexOf((event) => event.type === 'sent' && event.serialNumber === quick);
    expect(events[0]).toEqual({ type: 'backfill-started', gateways: 2, days: backfillDays });
    expect(quickLive).toBeGreaterThan(-1);
    expect(quickLive).toBeLessThan(slowDone);
    expect(events.some((event) => event.type === 'sent' && event.serialNumber === slow)).toBe(true);
    const done = events.filter((event) => event.type === 'backfill-gateway-done');
    expect(done.map((event) => event.done)).toEqual([1, 2]);
    expect(done.at(-1)).toMatchObject({
      gateways: 2,
      reports: backfill[0]!.reports + backfill[1]!.reports,
    });
    expect(events.find((event) => event.type === 'backfill-done')).toMatchObject({
      gateways: 2,
      reports: backfill[0]!.reports + backfill[1]!.reports,
    });
    for (const result of backfill) {
      expect(result).toMatchObject({ revoked: false, stopped: false });
      expect(result.reports).toBeGreaterThan(150);
    }
    expect(collector.lines.quick!.reports).toBeGreaterThan(backfill[0]!.reports);
  });

  it('should stop mid-backfill when the signal aborts, and take nobody live', async () => {
    const collector = await fakeCollector({ only: { delayMs: 300 } });
    const stop = new AbortController();
    const events: FleetEvent[] = [];

    const running = runFleet({
      targets: fleetTargets(collector.urls, fleetOptions),
      backfillDays,
      intervalSeconds: 1,
      commands: false,
      signal: stop.signal,
      onEvent: (event) => events.push(event),
    });
    await delay(500);
    stop.abort();
    const started = Date.now();
    const { backfill } = await running;

    expect(Date.now() - started).toBeLessThan(1000);
    // The body in flight when it aborted still gets its answer; no more go out.
    expect(backfill[0]).toMatchObject({ stopped: true, revoked: false });
    expect(backfill[0]!.bodies).toBeGreaterThanOrEqual(1);
    expect(backfill[0]!.bodies).toBeLessThanOrEqual(2);
    expect(events.some((event) => event.type === 'sent')).toBe(false);
  });

  it('should not take live a gateway whose URL was revoked, nor wait for a signal when not live', async () => {
    const collector = await fakeCollector({ kept: {}, revoked: { status: 401 } });
    const events: FleetEvent[] = [];

    const { backfill } = await runFleet({
      targets: fleetTargets(collector.urls, fleetOptions),
      backfillDays,
      intervalSeconds: 1,
      live: false,
      onEvent: (event) => events.push(event),
    });

    expect(backfill.map((result) => result.revoked)).toEqual([false, true]);
    expect(events.every((event) => event.type.startsWith('backfill'))).toBe(true);
  });
});
