import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInToken,
  strongPassphrase,
  type TestApp,
  createUser,
} from '../../../test/test-app';
import { sql } from 'drizzle-orm';
import { selectValue } from '../../db/recordset';
import { systemActor } from '../audit/actor';

const consumerPassphrase = 'Garden-Gnome-42!';

async function provisionSubscriber(sut: TestApp, code: string, lines: string[]): Promise<void> {
  await sut.app.services.subscribers.put(systemActor, code, `Subscriber ${code}`, false);
  for (const line of lines) {
    await sut.app.services.devices.provision(systemActor, line, true);
    await sut.app.services.devices.associate(systemActor, line, code);
  }
}

function consumerAuth(sut: TestApp, username: string, password: string) {
  return sut.app.inject({
    method: 'POST',
    url: '/api/user/v1/consumerAuth',
    payload: { username, password },
  });
}

/** A route a monitoring screen will have: line data, open to staff and consumers. */
function registerLineRoute(app: TestApp['app']): void {
  app.get(
    '/api/test/lineData/:losCode',
    { config: { access: ['Admin', 'CSR', 'Consumer'], lineScope: { param: 'losCode' } } },
    async (request) => ({ line: (request.params as { losCode: string }).losCode }),
  );
}

describe('consumers with the built-in device manager', () => {
  let sut: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    sut = await createTestApp({}, registerLineRoute);
    await createUser(sut, { email: 'admin@example.com', role: 'Admin' });
    adminToken = await signedInToken(sut, 'admin@example.com');
    await provisionSubscriber(sut, 'SUB-A', ['LOS-A1', 'LOS-A2']);
    await provisionSubscriber(sut, 'SUB-B', ['LOS-B1']);
  });
  afterAll(() => sut.close());

  const putConsumer = (code: string, payload: object, token = adminToken) =>
    sut.app.inject({
      method: 'PUT',
      url: `/api/subscriber/v1/${code}/consumer`,
      headers: { 'x-cah-token': token },
      payload,
    });

  it('should let an admin set a subscriber’s sign-in, under the passphrase policy', async () => {
    const weak = await putConsumer('SUB-A', { username: 'mwc-ada', passphrase: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('USER_MANAGEMENT_MINIMUM_LENGTH');
    const set = await putConsumer('SUB-A', { username: 'mwc-ada', passphrase: consumerPassphrase });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: 'mwc-ada' });
    const read = await sut.app.inject({
      method: 'GET',
      url: '/api/subscriber/v1/SUB-A/consumer',
      headers: { 'x-cah-token': adminToken },
    });
    expect(read.json()).toEqual({ username: 'mwc-ada' });
  });

  it('should refuse a user name another account has, and an unknown subscriber', async () => {
    const taken = await putConsumer('SUB-B', {
      username: 'MWC-ADA',
      passphrase: consumerPassphrase,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('PROVISIONING.CONSUMER_USERNAME_IN_USE');
    const staff = await putConsumer('SUB-B', {
      username: 'admin@example.com',
      passphrase: consumerPassphrase,
    });
    expect(staff.statusCode).toBe(409);
    const unknown = await putConsumer('SUB-X', { username: 'x', passphrase: consumerPassphrase });
    expect(unknown.statusCode).toBe(404);
  });

  it('should keep one sign-in when two admins set a subscriber’s at once', async () => {
    await provisionSubscriber(sut, 'SUB-RACE', ['LOS-RACE']);
    const answers = await Promise.all(
      ['mwc-first', 'mwc-second'].map((username) =>
        putConsumer('SUB-RACE', { username, passphrase: consumerPassphrase }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const accounts = await selectValue(
      sut.database.db,
      sql`select count(*)::int from users u join subscribers s on s.id = u.subscriber_id
          where s.subscriber_code = 'SUB-RACE' and u.role = 'Consumer'`,
    );
    expect(accounts).toBe(1);
  });

  it('should keep consumer credentials an admin-only matter', async () => {
    await createUser(sut, { email: 'csr@example.com', role: 'CSR' });
    const csrToken = await signedInToken(sut, 'csr@example.com');
    const response = await putConsumer(
      'SUB-B',
      { username: 'b', passphrase: consumerPassphrase },
      csrToken,
    );
    expect(response.statusCode).toBe(403);
  });

  it('should sign a consumer in with their lines of service', async () => {
    const response = await consumerAuth(sut, 'mwc-ada', consumerPassphrase);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'mwc-ada',
      role: 'Consumer',
      linesOfService: ['LOS-A1', 'LOS-A2'],
      idToken: null,
      ssoLogoutUrl: null,
    });
    expect(String(response.headers['x-cah-token'])).not.toBe('');
  });

  it('should not let a consumer sign in as staff, nor staff as a consumer', async () => {
    const asStaff = await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/authenticate',
      payload: { user: { email: 'mwc-ada@example.com', passphrase: consumerPassphrase } },
    });
    expect(asStaff.statusCode).toBe(401);
    expect((await consumerAuth(sut, 'admin@example.com', strongPassphrase)).statusCode).toBe(401);
  });

  it('should give a consumer only their own lines: the same 403 for any other, existing or not', async () => {
    const app = sut.app;
    // The test route stands for every line-data route: the check lives in access control.
    const token = String(
      (await consumerAuth(sut, 'mwc-ada', consumerPassphrase)).headers['x-cah-token'],
    );
    const get = (code: string) =>
      app.inject({
        method: 'GET',
        url: `/api/test/lineData/${code}`,
        headers: { 'x-cah-token': token },
      });
    expect((await get('LOS-A2')).statusCode).toBe(200);
    const other = await get('LOS-B1');
    const missing = await get('LOS-NOWHERE');
    expect(other.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(other.body).toBe(missing.body);
    // Staff see every line.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/test/lineData/LOS-B1',
          headers: { 'x-cah-token': adminToken },
        })
      ).statusCode,
    ).toBe(200);
    // The real line routes go through the same check.
    const subscriberDevice = (code: string, sessionToken = token) =>
      app.inject({
        method: 'GET',
        url: `/api/subscriberDevice/v1/${code}`,
        headers: { 'x-cah-token': sessionToken },
      });
    const own = await subscriberDevice('LOS-A1');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ lineOfServiceCode: 'LOS-A1', subscriberCode: 'SUB-A' });
    expect((await subscriberDevice('LOS-B1')).body).toBe(missing.body);
    expect((await subscriberDevice('LOS-B1', adminToken)).statusCode).toBe(200);
    expect((await subscriberDevice('LOS-NOWHERE', adminToken)).statusCode).toBe(404);
    // And consumers reach no staff route.
    const search = await app.inject({
      method: 'GET',
      url: '/api/search/v1/LOS',
      headers: { 'x-cah-token': token },
    });
    expect(search.statusCode).toBe(403);
  });

  it('should lock a consumer user name out after repeated failures, as for staff', async () => {
    await putConsumer('SUB-B', { username: 'bob', passphrase: consumerPassphrase });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await consumerAuth(sut, 'bob', 'Wrong-Passphrase-1')).statusCode).toBe(401);
    }
    const locked = await consumerAuth(sut, 'bob', consumerPassphrase);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({
      error: { code: 'SIGNIN.LOCKED_OUT' },
      isLockedOut: true,
      configuredLockoutSeconds: 300,
    });
  });

  it('should end the consumer’s sign-in when an admin removes it', async () => {
    const token = String(
      (await consumerAuth(sut, 'mwc-ada', consumerPassphrase)).headers['x-cah-token'],
    );
    const removed = await sut.app.inject({
      method: 'DELETE',
      url: '/api/subscriber/v1/SUB-A/consumer',
      headers: { 'x-cah-token': adminToken },
    });
    expect(removed.statusCode).toBe(204);
    const ping = await sut.app.inject({
      method: 'GET',
      url: '/api/ping/secure',
      headers: { 'x-cah-token': token },
    });
    expect(ping.statusCode).toBe(401);
    expect((await consumerAuth(sut, 'mwc-ada', consumerPassphrase)).statusCode).toBe(401);
  });
});

describe('consumers with an external device manager', () => {
  let sut: TestApp;
  let deviceManager: Server;

  beforeAll(async () => {
    // A device manager that knows one consumer, of subscriber SUB-EXT.
    deviceManager = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { username, password } = JSON.parse(body) as { username: string; password: string };
        const known = username === 'mwc-ext' && password === consumerPassphrase;
        response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
        response.end(known ? JSON.stringify({ subscriberCode: 'SUB-EXT' }) : '{}');
      });
    });
    await new Promise<void>((resolve) => deviceManager.listen(0, '127.0.0.1', resolve));
    const { port } = deviceManager.address() as AddressInfo;
    sut = await createTestApp({ DEVICE_MANAGER_URL: `http://127.0.0.1:${port}/verify` });
    await provisionSubscriber(sut, 'SUB-EXT', ['LOS-EXT']);
  });
  afterAll(async () => {
    await sut.close();
    deviceManager.close();
  });

  it('should sign a consumer in when the device manager vouches for them', async () => {
    const response = await consumerAuth(sut, 'mwc-ext', consumerPassphrase);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'Consumer', linesOfService: ['LOS-EXT'] });
  });

  it('should refuse what the device manager refuses', async () => {
    expect((await consumerAuth(sut, 'mwc-ext', 'Wrong-Passphrase-1')).statusCode).toBe(401);
    expect((await consumerAuth(sut, 'someone', consumerPassphrase)).statusCode).toBe(401);
  });
});
