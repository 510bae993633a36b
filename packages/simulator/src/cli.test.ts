import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run sim` does. */
async function sim(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run sim', () => {
  it('should print its usage with --help', async () => {
    const run = await sim('--help');

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run sim -- \[options\]/);
    for (const flag of [
      '--reporting-urls',
      '--urls',
      '--seed',
      '--interval',
      '--backfill-days',
      '--nak-share',
      '--silent-share',
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it('should print the reports the fleet makes with --dry-run, sending nothing', async () => {
    const at = '2026-01-05T20:00:00Z';

    const run = await sim('--dry-run', '--count', '2', '--at', at, '--seed', '7');

    expect(run.code).toBe(0);
    const expected = createFleet({ seed: 7, size: 2 }).map((gateway) =>
      gateway.reportAt(Date.parse(at) / 1000),
    );
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [[], /Say where to report with --urls or --reporting-urls/],
    [['--urls', 'http://localhost/report/v1/abc', '--interval', 'soon'], /--interval must be/],
    [['--urls', 'ftp://localhost/x'], /is not an http\(s\) reporting URL/],
    [['--reporting-urls', '/nonexistent/urls.txt'], /Cannot read \/nonexistent\/urls\.txt/],
    [['--dry-run', '--at', 'yesterday'], /--at must be an ISO time/],
    [['--urls', 'http://localhost/report/v1/abc', '--nak-share', '1.5'], /--nak-share must be/],
    [
      ['--urls', 'http://localhost/report/v1/abc', '--nak-share', '0.6', '--silent-share', '0.6'],
      /together cannot pass 1/,
    ],
  ])('should refuse %j with a clear message and exit code 2', async (args, message) => {
    const run = await sim(...args);

    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run with --help for usage.');
  });

  it('should backfill, go live and answer commands until Ctrl-C, then stop gracefully', async () => {
    let commandSent = false;
    const answers: string[] = [];
    const collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const json = (status: number, body?: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(body === undefined ? undefined : JSON.stringify(body));
        };
        if (request.method === 'POST' && request.url?.includes('/commands/')) {
          answers.push(Buffer.concat(chunks).toString());
          json(204);
        } else if (request.url?.includes('/commands')) {
          const commands = commandSent
            ? []
            : [
                {
                  messageId: 'm-1',
                  action: 'changeBandwidth',
                  parameters: { freqBand: '5GHz', channelBandwidth: 40 },
                },
              ];
          commandSent = true;
          setTimeout(() => json(200, { commands }), commands.length > 0 ? 0 : 30_000).unref();
        } else {
          json(200, { accepted: 1, duplicates: 0 });
        }
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      cli,
      '--urls',
      `http://127.0.0.1:${port}/report/v1/abcd`,
      '--backfill-days',
      '0.001',
      '--interval',
      '1',
      '--live',
      '--silent-share',
      '0',
      '--nak-share',
      '0',
    ]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    while (!/ACK changeBandwidth \(m-1\)/.test(stderr) || !/: sent 1 /.test(stderr))
      await delay(100);
    child.kill('SIGINT');
    const code = await exited;
    collector.close();
    collector.closeAllConnections();

    expect(code).toBe(0);
    expect(stderr).toMatch(/Backfilling 0\.001 days for 1 gateways…/);
    expect(stderr).toMatch(/\[1\/1\] \w+: \d+ reports in \d+ bodies/);
    expect(stderr).toMatch(/Stopping; waiting for requests in flight…/);
    expect(answers).toEqual([JSON.stringify({ result: 'ACK' })]);
  });

  it('should run one TR-069 session for a gateway given an ACS URL with its data model', async () => {
    const bodies: string[] = [];
    const acs = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        bodies.push(body);
        if (!body.includes('<cwmp:Inform>')) {
          response.writeHead(204).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(
          '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cwmp="urn:dslforum-org:cwmp-1-0">' +
            '<s:Body><cwmp:InformResponse><MaxEnvelopes>1</MaxEnvelopes></cwmp:InformResponse></s:Body></s:Envelope>',
        );
      });
    });
    await new Promise<void>((resolve) => acs.listen(0, '127.0.0.1', resolve));
    const { port } = acs.address() as AddressInfo;

    const run = await sim('--urls', `tr098 http://127.0.0.1:${port}/cwmp/v1/abcd`, '--seed', '4');
    acs.close();

    expect(run.code).toBe(0);
    const serial = createFleet({ seed: 4, size: 1 })[0]?.serialNumber ?? '';
    expect(run.stderr).toContain(`${serial}: TR-069 session, 0 requests answered`);
    expect(bodies[0]).toContain('<cwmp:Inform>');
    expect(bodies[0]).toContain('InternetGatewayDevice.DeviceSummary');
    expect(bodies[1]).toBe('');
  });
});
