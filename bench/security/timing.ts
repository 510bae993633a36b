import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths, defaultBrand, resetLinkRequestFor } from '@linesight/contract';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { PassphraseHasher } from '../../apps/server/src/modules/auth/passphrase-hasher';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';

/**
 * Whether the time an answer takes tells a known e-mail address from an unknown one (issue 12,
 * finding 5: forgot-passphrase answered a known address 3.7 ms slower at the median). The real
 * server runs in a child process (work it does after an answer must not slow the client down)
 * on PGlite in a temporary folder; requests go over HTTP one at a time, known and unknown
 * addresses taking turns, each address used once so no per-address limit or lockout is
 * reached, and the medians and quartiles of each are printed.
 *
 *   npx tsx bench/security/timing.ts [--samples 40] [--gap-ms 30]
 */

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    'gap-ms': { type: 'string', default: '30' },
    serve: { type: 'boolean', default: false },
  },
});
const samples = Number(values.samples);
/** A pause before each request, so one request's after-work (a mail) does not fall in the next. */
const gapMs = Number(values['gap-ms']);
const passphrase = 'Tr0ub4dor&Horse!';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const format = (q: number): string => quantile(sorted, q).toFixed(1);
  return `median ${format(0.5)} ms (quartiles ${format(0.25)}–${format(0.75)})`;
}

async function timed(url: string, body: object): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, gapMs));
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The child: the server with `samples` known users, its address on the first line out. */
async function serve(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linesight-timing-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGNIN_RATE_LIMIT_PER_MINUTE: '100000',
    FORGOT_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, database, buildId: 'bench', logger: false });
  const users = new UsersRepository(database.db);
  const passphraseHash = await new PassphraseHasher().hash(passphrase);
  for (let index = 0; index < samples; index++) {
    await users.insertIfEmailFree({
      email: `known-${index}@example.com`,
      name: 'Known User',
      role: 'CSR',
      passphraseHash,
      mustChangePassphrase: false,
    });
  }
  console.log(await app.listen({ host: '127.0.0.1', port: 0 }));
  process.stdin.resume();
  await once(process.stdin, 'end');
  await app.services.passphrase.settled();
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--serve', '--samples', String(samples)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [firstOutput] = (await once(server.stdout, 'data')) as [Buffer];
  const address = firstOutput.toString().trim();

  const forgot = { known: [] as number[], unknown: [] as number[] };
  const signIn = { known: [] as number[], unknown: [] as number[] };
  for (let index = 0; index < samples; index++) {
    for (const kind of ['known', 'unknown'] as const) {
      const email = `${kind}-${index}@example.com`;
      forgot[kind].push(
        await timed(
          `${address}${apiPaths.sendResetPassphraseLink}`,
          resetLinkRequestFor(email, defaultBrand),
        ),
      );
      signIn[kind].push(
        await timed(`${address}${apiPaths.authenticate}`, {
          user: { email, passphrase: 'Wrong-passphrase-1' },
        }),
      );
    }
  }
  server.stdin.end();
  await once(server, 'exit');
  console.log(`${samples} samples each, ${gapMs} ms apart, PGlite, over HTTP on 127.0.0.1`);
  console.log(`forgot passphrase, known address:   ${summary(forgot.known)}`);
  console.log(`forgot passphrase, unknown address: ${summary(forgot.unknown)}`);
  console.log(`sign-in (wrong passphrase), known:   ${summary(signIn.known)}`);
  console.log(`sign-in (wrong passphrase), unknown: ${summary(signIn.unknown)}`);
}

await (values.serve ? serve() : main());
