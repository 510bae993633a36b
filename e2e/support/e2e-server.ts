/**
 * Starts the real server for the end-to-end tests on a fresh PGlite folder, after storing the
 * accounts the tests sign in with (user management's API arrives with its own issue) and
 * provisioning the shared fleet's lines (fleet.ts); once it listens, the fleet reports, and the
 * server tells Playwright it is ready (`e2eReadyLine`) only when every reporting line has.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '../../apps/server/src/clock';
import { openDatabase } from '../../apps/server/src/db/client';
import { inTransaction } from '../../apps/server/src/db/transaction';
import { AuditRepository } from '../../apps/server/src/modules/audit/audit.repository';
import { AuthRepository } from '../../apps/server/src/modules/auth/auth.repository';
import { hashToken } from '../../apps/server/src/modules/auth/auth.service';
import { PassphraseHasher } from '../../apps/server/src/modules/auth/passphrase-hasher';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { UsersService } from '../../apps/server/src/modules/users/users.service';
import { SubscribersRepository } from '../../apps/server/src/modules/subscribers/subscribers.repository';
import { migratedTemplate } from '../../apps/server/test/pglite-template';
import { startSmtpSink } from '../../apps/server/test/smtp-sink';
import { provisionFleet, startFleet } from './e2e-fleet';
import { consumerSubscriber, fleetReportingSeconds } from './fleet';
import {
  accounts,
  commandExpireSeconds,
  consumerSession,
  disposableAccounts,
  e2eBaseUrl,
  e2ePort,
  e2eReadyLine,
  lockoutSeconds,
  mailDir,
  passphrase,
} from './e2e-settings';

const startedAt = performance.now();
const dataDir = mkdtempSync(path.join(tmpdir(), 'linesight-e2e-'));
// From the migrated dump Vitest leaves (or this makes): no initdb, no migrations to run.
const database = await openDatabase({
  kind: 'pglite',
  dataDir,
  template: await migratedTemplate(),
});
await database.migrate();
const reportingPaths = await provisionFleet(database.db, e2eBaseUrl);
const users = new UsersRepository(database.db);
const hasher = new PassphraseHasher();
const passphraseHash = await hasher.hash(passphrase);

// The admin comes the way a first start makes it; the others are stored directly.
await new UsersService(
  users,
  hasher,
  systemClock,
  inTransaction(database.db, (db) => ({
    users: new UsersRepository(db),
    auth: new AuthRepository(db),
    audit: new AuditRepository(db),
  })),
).ensureInitialAdmin({
  email: accounts.admin.email,
  passphrase,
});

await users.insertIfEmailFree({ ...accounts.csr, role: 'CSR', passphraseHash });
await users.insertIfEmailFree({ ...accounts.forgetful, role: 'CSR', passphraseHash });
await users.insertIfEmailFree({ ...accounts.changer, role: 'CSR', passphraseHash });
await users.insertIfEmailFree({
  ...accounts.mustChange,
  role: 'Admin',
  passphraseHash,
  mustChangePassphrase: true,
});
for (const email of disposableAccounts) {
  await users.insertIfEmailFree({ email, name: 'Disposable', role: 'CSR', passphraseHash });
}
// The consumer's lines are their subscriber's, as a consumer sign-in would find them.
const consumerHousehold = await new SubscribersRepository(database.db).findByCode(
  consumerSubscriber.subscriberCode,
);
await users.insertIfEmailFree({
  email: consumerSession.user.email,
  name: consumerSession.user.name,
  role: 'Consumer',
  passphraseHash,
  subscriberId: consumerHousehold?.id ?? null,
});
const consumer = await users.findByEmail(consumerSession.user.email);
if (!consumer) throw new Error('the consumer was not stored');
const now = new Date();
await new AuthRepository(database.db).insertSession({
  tokenHash: hashToken(consumerSession.token),
  userId: consumer.id,
  signInMode: 'consumer',
  idToken: null,
  ssoLogoutUrl: null,
  createdAt: now,
  lastSeenAt: now,
});
await database.close();

// A real SMTP server for the passphrase-reset mails; the tests read what it drops in mailDir.
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const smtp = await startSmtpSink((mail) => {
  mailCount += 1;
  writeFileSync(
    path.join(mailDir, `${String(mailCount).padStart(4, '0')}.json`),
    JSON.stringify(mail),
  );
});

Object.assign(process.env, {
  SMTP_URL: smtp.url,
  PUBLIC_URL: e2eBaseUrl,
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOCKOUT_SECONDS: String(lockoutSeconds),
  // Every test signs in from 127.0.0.1; the per-client limit has its own API test.
  SIGNIN_RATE_LIMIT_PER_MINUTE: '1000',
  LOG_LEVEL: 'warn',
  DEMO_GATEWAYS: '0',
  COMMAND_EXPIRE_SECONDS: String(commandExpireSeconds),
  // The TR-069 lines inform as often as the Bulk Data ones report (the ACS sets the interval).
  CWMP_INFORM_INTERVAL_SECONDS: String(fleetReportingSeconds),
});
delete process.env.DATABASE_URL;
const server = await import('../../apps/server/src/server');

await startFleet(`http://127.0.0.1:${e2ePort}`, reportingPaths, (line) =>
  process.stderr.write(`${line}\n`),
);
// The backfilled hours built and scored now: the QoE, uptime and dashboard screens have data.
await server.rollUpNow();
process.stdout.write(
  `${e2eReadyLine} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`,
);
