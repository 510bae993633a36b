/**
 * Starts the real server for the end-to-end tests on a fresh PGlite folder, after storing the
 * accounts the tests sign in with (user management's API arrives with its own issue).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '../../apps/server/src/clock';
import { openDatabase } from '../../apps/server/src/db/client';
import { AuthRepository } from '../../apps/server/src/modules/auth/auth.repository';
import { hashToken } from '../../apps/server/src/modules/auth/auth.service';
import { PassphraseHasher } from '../../apps/server/src/modules/auth/passphrase-hasher';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { UsersService } from '../../apps/server/src/modules/users/users.service';
import {
  accounts,
  consumerSession,
  disposableAccounts,
  e2ePort,
  lockoutSeconds,
  passphrase,
} from './e2e-settings';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linesight-e2e-'));
const database = await openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
const users = new UsersRepository(database.db);
const hasher = new PassphraseHasher();
const passphraseHash = await hasher.hash(passphrase);

// The admin comes the way a first start makes it; the others are stored directly.
await new UsersService(
  users,
  new AuthRepository(database.db),
  hasher,
  systemClock,
).ensureInitialAdmin({
  email: accounts.admin.email,
  passphrase,
});

await users.insertIfEmailFree({ ...accounts.csr, role: 'CSR', passphraseHash });
await users.insertIfEmailFree({
  ...accounts.mustChange,
  role: 'Admin',
  passphraseHash,
  mustChangePassphrase: true,
});
for (const email of disposableAccounts) {
  await users.insertIfEmailFree({ email, name: 'Disposable', role: 'CSR', passphraseHash });
}
await users.insertIfEmailFree({
  email: consumerSession.user.email,
  name: consumerSession.user.name,
  role: 'Consumer',
  passphraseHash,
});
const consumer = await users.findByEmail(consumerSession.user.email);
if (!consumer) throw new Error('the consumer was not stored');
const now = new Date();
await new AuthRepository(database.db).insertSession({
  tokenHash: hashToken(consumerSession.token),
  userId: consumer.id,
  signInMode: 'consumer',
  createdAt: now,
  lastSeenAt: now,
});
await database.close();

Object.assign(process.env, {
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOCKOUT_SECONDS: String(lockoutSeconds),
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;
await import('../../apps/server/src/server');
