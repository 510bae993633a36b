import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiPaths } from '@linesight/contract';
import { maxReportsPerBody } from '../../apps/server/src/ingest/ingest.service';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

/**
 * Replays issue 12's findings against the real server, started as `npm start` starts it (in a
 * child process, on PGlite in a temporary folder, no demo fleet), and prints each request with
 * the answer it gets now. Not a test: the tests hold the rules; this shows them from outside,
 * as the issue's tester saw them.
 *
 *   npx tsx bench/security/findings.ts
 */

const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const adminEmail = 'admin@example.com';
const adminPassphrase = 'Choose-A-Good-One-7';
const wrongPassphrase = 'Wrong-passphrase-1';

interface Answer {
  status: number;
  ms: number;
  headers: Headers;
  text: string;
}

async function call(
  method: string,
  url: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; token?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined && !options.headers?.['content-type']
        ? { 'content-type': 'application/json' }
        : {}),
      ...(options.token ? { 'x-cah-token': options.token } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    headers: response.headers,
    text,
  };
}

const show = (answer: Answer): string =>
  `${answer.status} ${answer.text.length > 160 ? `${answer.text.slice(0, 160)}…` : answer.text}`;

async function signInAs(email: string, passphrase: string, client: string): Promise<Answer> {
  return call('POST', apiPaths.authenticate, {
    body: JSON.stringify({ user: { email, passphrase } }),
    headers: { 'x-forwarded-for': client },
  });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linesight-findings-'));
  const logLines: string[] = [];
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_GATEWAYS: '0',
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSPHRASE: adminPassphrase,
  };
  delete environment.DATABASE_URL;
  const server = spawn(
    process.execPath,
    [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      env: environment,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  server.stdout.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n')));
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    const admin = await signInAs(adminEmail, adminPassphrase, '10.9.9.9');
    const token = admin.headers.get('x-cah-token') ?? '';
    const provisioned = await call('POST', apiPaths.provision, {
      token,
      body: JSON.stringify({ lineOfServiceCode: 'LOS-FINDINGS-1' }),
    });
    const reportingPath = new URL(
      (JSON.parse(provisioned.text) as { reportingUrl: string }).reportingUrl,
    ).pathname;
    const now = Math.floor(Date.now() / 1000);

    console.log('1. Five wrong passphrases and the right one at once, each from its own address');
    for (let trial = 0; trial < 5; trial++) {
      const email = `trial-${trial}@example.com`;
      await call('POST', apiPaths.user, {
        token,
        body: JSON.stringify({
          email,
          name: `Trial ${trial}`,
          role: 'CSR',
          rawPassphrase: adminPassphrase,
        }),
      });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          signInAs(
            email,
            index === 2 ? adminPassphrase : wrongPassphrase,
            `10.0.${trial}.${index}`,
          ),
        ),
      );
      console.log(`   trial ${trial}: the right one answered ${show(answers[2]!)}`);
    }

    console.log('2. ObjectHierarchy nested 5,000 levels, to an unknown token and to a known one');
    const nested = `{"Report":[{"CollectionTime":${now},"Device":${'{"A":'.repeat(5000)}1${'}'.repeat(5000)}}]}`;
    console.log(
      `   unknown: ${show(await call('POST', '/report/v1/00000000000000000000000000000000', { body: nested }))}`,
    );
    console.log(`   known:   ${show(await call('POST', reportingPath, { body: nested }))}`);

    console.log('3. Numbers out of range or with a fraction');
    const typed: [string, number][] = [
      ['Device.DeviceInfo.UpTime', 1.5],
      ['Device.Hosts.Host.1.WANStats.BytesSent', 1.5],
      ['Device.BulkData.Profile.1.ReportingInterval', 0.1],
      ['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value', 2147483648],
      ['Device.DeviceInfo.X_LINESIGHT_WANType', 2147483648],
    ];
    for (const [index, [parameter, value]] of typed.entries()) {
      const body = JSON.stringify({
        Report: [
          {
            CollectionTime: now - 3000 + index * 300,
            'Device.Hosts.Host.1.PhysAddress': '3c:22:fb:11:22:33',
            [parameter]: value,
          },
        ],
      });
      console.log(
        `   ${parameter} = ${value}: ${show(await call('POST', reportingPath, { body }))}`,
      );
    }

    console.log('4. A body of 10,000 reports (about 1 MB), and the largest allowed');
    for (const [count, start] of [
      [10_000, now - 400_000],
      [maxReportsPerBody, now - 200_000],
    ] as const) {
      const big = JSON.stringify({
        Report: Array.from({ length: count }, (_, index) => ({
          CollectionTime: start + index * 10,
          'Device.DeviceInfo.UpTime': 100 + index * 10,
          'Device.DeviceInfo.ProcessStatus.CPUUsage': index % 100,
        })),
      });
      let worstHealthMs = 0;
      let probing = true;
      const probe = (async () => {
        while (probing) {
          worstHealthMs = Math.max(worstHealthMs, (await call('GET', '/api/health')).ms);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const bigAnswer = await call('POST', reportingPath, { body: big });
      probing = false;
      await probe;
      const size = (big.length / 1e6).toFixed(2);
      const took = bigAnswer.ms.toFixed(0);
      console.log(
        `   ${count} reports, ${size} MB: ${show(bigAnswer)} in ${took} ms; worst health check meanwhile ${worstHealthMs.toFixed(0)} ms`,
      );
    }

    console.log('5. Forgot passphrase, known and unknown: `npx tsx bench/security/timing.ts`');

    console.log('6. Log lines at the default level for 100 gateway reports');
    const linesBefore = logLines.filter((line) => line.length > 0).length;
    for (let index = 0; index < 100; index++) {
      await call('POST', reportingPath, {
        body: JSON.stringify({
          Report: [{ CollectionTime: now - 100 + index, 'Device.DeviceInfo.UpTime': 5000 + index }],
        }),
      });
    }
    const linesAfter = logLines.filter((line) => line.length > 0).length;
    console.log(`   ${linesAfter - linesBefore} lines written`);

    console.log('7. Headers');
    const health = await call('GET', '/api/health');
    for (const header of ['cache-control', 'permissions-policy', 'x-frame-options']) {
      console.log(`   /api/health ${header}: ${health.headers.get(header)}`);
    }
    console.log(`   anonymous GET /api/docs/json: ${(await call('GET', '/api/docs/json')).status}`);

    console.log('Conformance: what the reference agent sends');
    const iso = new Date((now + 61) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const conformance: [string, string, string, Record<string, string>, string | Buffer][] = [
      [
        'ISO-8601 CollectionTime',
        'POST',
        reportingPath,
        {},
        JSON.stringify({ Report: [{ CollectionTime: iso, 'Device.DeviceInfo.UpTime': 1 }] }),
      ],
      [
        'no CollectionTime (None)',
        'POST',
        reportingPath,
        {},
        JSON.stringify({ Report: [{ 'Device.DeviceInfo.UpTime': 2 }] }),
      ],
      [
        'PUT',
        'PUT',
        reportingPath,
        {},
        JSON.stringify({ Report: [{ CollectionTime: now + 62, 'Device.DeviceInfo.UpTime': 3 }] }),
      ],
      [
        'BBF-Report-Format and URI parameters, gzip',
        'POST',
        `${reportingPath}?oui=00D09E&pc=SR400&sn=CPE-0001`,
        {
          'bbf-report-format': 'NameValuePair',
          'content-encoding': 'gzip',
          'content-type': 'application/json',
        },
        gzipSync(
          JSON.stringify({ Report: [{ CollectionTime: now + 63, 'Device.DeviceInfo.UpTime': 4 }] }),
        ),
      ],
    ];
    for (const [name, method, url, headers, body] of conformance) {
      console.log(`   ${name}: ${show(await call(method, url, { headers, body }))}`);
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
