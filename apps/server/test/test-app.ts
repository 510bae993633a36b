import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { systemActor, type UserActor } from '../src/modules/audit/actor';
import { PassphraseHasher } from '../src/modules/auth/passphrase-hasher';
import { UsersRepository } from '../src/modules/users/users.repository';
import { migratedTemplate } from './pglite-template';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** The scratch PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for the file and dropped after it.
 */
async function openTestDatabase(): Promise<{
  database: Database;
  url: string | undefined;
  dispose: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({
      kind: 'pglite',
      inMemory: true,
      template: await migratedTemplate(),
    });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `linesight_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() });
  return {
    database,
    url: testUrl.toString(),
    dispose: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The whole app on a fresh database (PGlite in memory, or a scratch PostgreSQL database with
 * DATABASE_URL). `extraRoutes` adds routes before the app is ready, as a later issue's would be.
 */
export async function createTestApp(
  environment: NodeJS.ProcessEnv = {},
  extraRoutes?: (app: FastifyInstance) => void,
  options: { logger?: FastifyBaseLogger } = {},
): Promise<TestApp> {
  const { database, url, dispose } = await openTestDatabase();
  await database.migrate();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', ...environment }),
    webRoot: undefined,
  };
  const clock = new ManualClock();
  const app = await buildApp({
    config,
    database,
    clock,
    buildId: 'test-build',
    logger: options.logger ?? false,
  });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    databaseUrl: url,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/**
 * A second server on the test app's database, as a second process behind a load balancer
 * would be: its own connection pool on PostgreSQL. PGlite is one process's database, so there
 * the peer shares the test app's connection.
 */
export async function createPeerApp(
  testApp: TestApp,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = testApp.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: testApp.databaseUrl })
    : testApp.database;
  const app = await buildApp({
    config: testApp.config,
    database,
    clock: testApp.clock,
    buildId: 'test-build',
    logger: false,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== testApp.database) await database.close();
    },
  };
}

export const strongPassphrase = 'Tr0ub4dor&Horse!';

/** The admin a test's setup acts as when it calls a service that only admins may call. */
export const testAdminActor: UserActor = {
  kind: 'user',
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'test-setup@example.com',
  role: 'Admin',
};

/** Stores an account directly; user management's own API comes with its issue. */
export async function createUser(
  testApp: TestApp,
  user: {
    email: string;
    role?: 'Admin' | 'CSR' | 'Consumer';
    passphrase?: string;
    name?: string;
    mustChangePassphrase?: boolean;
  },
): Promise<void> {
  const repository = new UsersRepository(testApp.database.db);
  await repository.insertIfEmailFree({
    email: user.email,
    name: user.name ?? 'Test User',
    role: user.role ?? 'CSR',
    passphraseHash: await new PassphraseHasher().hash(user.passphrase ?? strongPassphrase),
    mustChangePassphrase: user.mustChangePassphrase ?? false,
  });
}

export function signIn(
  app: FastifyInstance,
  email: string,
  passphrase = strongPassphrase,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/v1/authenticate',
    payload: { user: { email, passphrase } },
  });
}

/** The keep-alive with this token: 200 while the session lives, 401 once it has ended. */
export function ping(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/ping/secure', headers: { 'x-cah-token': token } });
}

export async function signedInToken(
  testApp: TestApp,
  email: string,
  passphrase = strongPassphrase,
): Promise<string> {
  const response = await signIn(testApp.app, email, passphrase);
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return String(response.headers['x-cah-token']);
}

/**
 * What the line-scoped route tests start from: each subscriber with its lines provisioned and
 * associated (their reporting tokens by line code), the first subscriber's consumer signed in
 * with `consumer`'s credentials, and a CSR signed in.
 */
export async function seedHouseholds(
  testApp: TestApp,
  households: readonly (readonly [subscriberCode: string, lineCodes: readonly string[]])[],
  consumer: { username: string; passphrase: string },
): Promise<{ tokens: Map<string, string>; csr: string; consumer: string }> {
  const { subscribers, devices, consumers } = testApp.app.services;
  const tokens = new Map<string, string>();
  for (const [subscriber, lines] of households) {
    await subscribers.put(systemActor, subscriber, `Subscriber ${subscriber}`, false);
    for (const line of lines) {
      const { reportingUrl } = await devices.provision(systemActor, line, true);
      tokens.set(line, reportingUrl.split('/').at(-1) ?? '');
      await devices.associate(systemActor, line, subscriber);
    }
  }
  const [firstSubscriber] = households[0] ?? [];
  if (!firstSubscriber) throw new Error('seedHouseholds needs a household');
  await consumers.setCredentials(
    systemActor,
    firstSubscriber,
    consumer.username,
    consumer.passphrase,
  );
  await createUser(testApp, { email: 'csr@example.com', role: 'CSR' });
  const csr = await signedInToken(testApp, 'csr@example.com');
  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/v1/consumerAuth',
    payload: { username: consumer.username, password: consumer.passphrase },
  });
  return { tokens, csr, consumer: String(signIn.headers['x-cah-token']) };
}

/** A built web client in a new temporary folder: `index.html` and one hashed asset. */
export function writeBuiltClient(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'linesight-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>LineSight</title>');
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  return webRoot;
}
