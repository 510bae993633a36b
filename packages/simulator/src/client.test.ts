import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { postReports, ReportDeliveryError, ReportRejectedError } from './client';
import { describeGateway } from './fleet';
import { Gateway } from './gateway';
import type { BulkDataReport } from './report';

type Answer = { status: number; body?: unknown } | 'hang up';

interface FakeCollector {
  url: string;
  received: { headers: IncomingHttpHeaders; body: unknown }[];
}

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A collector that answers each request with the next scripted answer (the last repeats). */
async function fakeCollector(answers: Answer[]): Promise<FakeCollector> {
  const received: FakeCollector['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({ headers: request.headers, body: JSON.parse(text.toString()) });
      const answer = answers[received.length - 1] ?? answers.at(-1) ?? { status: 500 };
      if (answer === 'hang up') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/report/v1/0123456789abcdef`, received };
}

const fast = { backoffMs: 1, maxBackoffMs: 5 };
const accepted = (count: number): Answer => ({
  status: 200,
  body: { accepted: count, duplicates: 0 },
});

function reports(count: number): BulkDataReport[] {
  const gateway = new Gateway(describeGateway(1, 0));
  const start = Date.UTC(2026, 0, 5) / 1000;
  return Array.from({ length: count }, (_, index) => gateway.reportAt(start + index * 300));
}

describe(postReports.name, () => {
  it('should send a small body as plain JSON and a large one gzipped', async () => {
    const collector = await fakeCollector([accepted(1)]);
    const small = { CollectionTime: 1767571200, 'Device.DeviceInfo.UpTime': 5 };

    await postReports(collector.url, [small]);
    await postReports(collector.url, reports(3));

    const [plain, zipped] = collector.received;
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(plain?.body).toEqual({ Report: [small] });
    expect(zipped?.headers['content-encoding']).toBe('gzip');
    expect(zipped?.headers['content-type']).toBe('application/json');
    expect(zipped?.body).toEqual({ Report: reports(3) });
  });

  it('should answer what the collector accepted', async () => {
    const collector = await fakeCollector([{ status: 200, body: { accepted: 2, duplicates: 1 } }]);

    await expect(postReports(collector.url, reports(3))).resolves.toEqual({
      status: 'accepted',
      accepted: 2,
      duplicates: 1,
    });
  });

  it('should send again after a 5xx or a dropped connection until the collector commits', async () => {
    const collector = await fakeCollector([{ status: 503 }, 'hang up', accepted(1)]);

    const outcome = await postReports(collector.url, reports(1), fast);

    expect(outcome).toEqual({ status: 'accepted', accepted: 1, duplicates: 0 });
    expect(collector.received).toHaveLength(3);
  });

  it('should say the URL is revoked on 401, without sending again', async () => {
    const collector = await fakeCollector([{ status: 401 }]);

    await expect(postReports(collector.url, reports(1), fast)).resolves.toEqual({
      status: 'revoked',
    });
    expect(collector.received).toHaveLength(1);
  });

  it("should throw the collector's reason on 400, without sending again", async () => {
    const collector = await fakeCollector([
      {
        status: 400,
        body: { error: { code: 'REPORT.MALFORMED', message: 'Report[0] holds no parameters.' } },
      },
    ]);

    const sending = postReports(collector.url, reports(1), fast);

    await expect(sending).rejects.toThrow(ReportRejectedError);
    await expect(sending).rejects.toThrow(/400 REPORT\.MALFORMED: Report\[0\] holds no parameters/);
    expect(collector.received).toHaveLength(1);
  });

  it('should give up after its retries when nobody answers, without showing the token', async () => {
    const collector = await fakeCollector([accepted(1)]);
    for (const server of servers.splice(0)) server.close();

    const sending = postReports(collector.url, reports(1), { ...fast, retries: 2 });

    await expect(sending).rejects.toThrow(ReportDeliveryError);
    await expect(sending).rejects.toThrow(/gave up after 3 attempts/);
    await expect(sending).rejects.not.toThrow(/0123456789abcdef/);
  });
});
