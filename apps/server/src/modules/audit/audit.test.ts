import type { AuditEntry } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  signedInToken,
  type TestApp,
} from '../../../test/test-app';
import type { UserActor } from './actor';
import { AuditService } from './audit.service';

const userPassphrase = 'Garden-Party-42!';
const newUserPassphrase = 'Velvet-Otter-77?';
const consumerPassphrase = 'Copper-Kettle-58#';
const day = 24 * 3600 * 1000;

describe(AuditService.name, () => {
  let sut: TestApp;
  let adminToken: string;
  let admin: UserActor;
  /** Every secret the tests hand the server or get from it; none may reach the trail. */
  const secrets: string[] = [userPassphrase, newUserPassphrase, consumerPassphrase];

  beforeAll(async () => {
    sut = await createTestApp();
    await createUser(sut, { email: 'root@example.com', role: 'Admin', name: 'Rosa Root' });
    await createUser(sut, { email: 'csr@example.com', role: 'CSR' });
    await createUser(sut, {
      email: 'fresh@example.com',
      role: 'Admin',
      mustChangePassphrase: true,
    });
    const response = await signIn(sut.app, 'root@example.com');
    adminToken = String(response.headers['x-cah-token']);
    admin = { kind: 'user', userId: response.json().id, email: 'root@example.com', role: 'Admin' };
    secrets.push(adminToken);
  });
  afterAll(() => sut.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sut.app.inject({ method, url, payload, headers: { 'x-cah-token': adminToken } });

  const readTrail = (query = '', token = adminToken) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/audit/v1${query}`,
      headers: { 'x-cah-token': token },
    });

  async function trail(query = ''): Promise<AuditEntry[]> {
    const response = await readTrail(query);
    expect(response.statusCode).toBe(200);
    return response.json<AuditEntry[]>();
  }

  async function total(): Promise<number> {
    return Number((await readTrail('?pageSize=1')).headers['x-total-results']);
  }

  /** The newest entry with this action. */
  async function latest(action: string): Promise<AuditEntry | undefined> {
    return (await trail(`?action=${action}&pageSize=1`))[0];
  }

  const byAdmin = () => ({
    kind: 'user',
    userId: admin.userId,
    email: admin.email,
    role: 'Admin',
  });

  function tokenOf(reportingUrl: string): string {
    return reportingUrl.split('/').at(-1) ?? '';
  }

  describe('user management', () => {
    let userId: string;

    it('should record a user created, with who created them and without the passphrase', async () => {
      const created = await call('POST', '/api/user/v1', {
        email: 'nina@example.com',
        name: 'Nina New',
        rawPassphrase: userPassphrase,
      });
      expect(created.statusCode).toBe(201);
      userId = created.json().id;
      expect(await latest('user.create')).toEqual({
        id: expect.any(Number),
        at: sut.clock.now().getTime(),
        actor: byAdmin(),
        action: 'user.create',
        lineOfServiceCode: null,
        subscriberCode: null,
        target: userId,
        details: { email: 'nina@example.com', name: 'Nina New', role: 'CSR' },
      });
    });

    it('should record each kind of change an update makes as its own entry', async () => {
      const before = await total();
      const updated = await call('PUT', `/api/user/v1/${userId}`, {
        email: 'nina@example.com',
        name: 'Nina Renamed',
        role: 'Admin',
        rawPassphrase: newUserPassphrase,
      });
      expect(updated.statusCode).toBe(200);
      const entries = await trail(`?pageSize=3`);
      expect(await total()).toBe(before + 3);
      expect(entries.map((entry) => [entry.action, entry.target, entry.details])).toEqual(
        expect.arrayContaining([
          ['user.update', userId, { name: 'Nina Renamed' }],
          ['user.changeRole', userId, { role: 'Admin', previousRole: 'CSR' }],
          ['user.setPassphrase', userId, { sessionsEnded: true }],
        ]),
      );
      expect(entries.every((entry) => entry.actor.userId === admin.userId)).toBe(true);
    });

    it('should record nothing for an update that changes nothing', async () => {
      const before = await total();
      const updated = await call('PUT', `/api/user/v1/${userId}`, {
        email: 'nina@example.com',
        name: 'Nina Renamed',
        role: 'Admin',
      });
      expect(updated.statusCode).toBe(200);
      expect(await total()).toBe(before);
    });

    it('should record nothing for a change that is refused', async () => {
      const before = await total();
      const taken = await call('POST', '/api/user/v1', {
        email: 'NINA@example.com',
        name: 'Nina Again',
        rawPassphrase: userPassphrase,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('USER_MANAGEMENT_EMAIL_IN_USE');
      const clash = await call('PUT', `/api/user/v1/${userId}`, {
        email: 'csr@example.com',
        name: 'Nina Renamed',
        role: 'CSR',
      });
      expect(clash.statusCode).toBe(409);
      const self = await call('DELETE', `/api/user/v1/${admin.userId}`);
      expect(self.statusCode).toBe(400);
      expect(await total()).toBe(before);
    });

    it('should record a user deleted with who they were, and keep the entries they made', async () => {
      const ninaToken = await signedInToken(sut, 'nina@example.com', newUserPassphrase);
      secrets.push(ninaToken);
      const put = await sut.app.inject({
        method: 'PUT',
        url: '/api/subscriber/v1/SUB-BY-NINA',
        headers: { 'x-cah-token': ninaToken },
        payload: { name: 'Made By Nina' },
      });
      expect(put.statusCode).toBe(201);

      expect((await call('DELETE', `/api/user/v1/${userId}`)).statusCode).toBe(204);
      expect(await latest('user.delete')).toMatchObject({
        actor: byAdmin(),
        target: userId,
        details: { email: 'nina@example.com', name: 'Nina Renamed', role: 'Admin' },
      });
      expect(await trail(`?userId=${userId}`)).toEqual([
        expect.objectContaining({
          action: 'subscriber.create',
          actor: { kind: 'user', userId, email: 'nina@example.com', role: 'Admin' },
          subscriberCode: 'SUB-BY-NINA',
          details: { name: 'Made By Nina' },
        }),
      ]);
    });
  });

  describe('subscribers and lines of service', () => {
    let firstToken: string;

    it('should record a subscriber created and renamed, and nothing for the same name again', async () => {
      const created = await sut.app.inject({
        method: 'PUT',
        url: '/api/subscriber/v1/SUB-1',
        headers: { 'x-cah-token': adminToken, 'if-none-match': '*' },
        payload: { name: 'First Name' },
      });
      expect(created.statusCode).toBe(201);
      expect(
        (await call('PUT', '/api/subscriber/v1/SUB-1', { name: 'Second Name' })).statusCode,
      ).toBe(200);
      const before = await total();
      expect(
        (await call('PUT', '/api/subscriber/v1/SUB-1', { name: 'Second Name' })).statusCode,
      ).toBe(200);
      expect(await total()).toBe(before);
      expect(
        (await trail('?subscriberCode=SUB-1')).map((entry) => [entry.action, entry.details]),
      ).toEqual([
        ['subscriber.update', { name: 'Second Name' }],
        ['subscriber.create', { name: 'First Name' }],
      ]);
    });

    it('should record nothing when a create-only subscriber exists already', async () => {
      const before = await total();
      const refused = await sut.app.inject({
        method: 'PUT',
        url: '/api/subscriber/v1/SUB-1',
        headers: { 'x-cah-token': adminToken, 'if-none-match': '*' },
        payload: { name: 'Third Name' },
      });
      expect(refused.statusCode).toBe(409);
      expect(await total()).toBe(before);
    });

    it('should record a line provisioned, associated and re-provisioned, with no reporting token', async () => {
      const provisioned = await call('POST', '/api/device/v1/provision', {
        lineOfServiceCode: 'LOS-1',
      });
      expect(provisioned.statusCode).toBe(201);
      firstToken = tokenOf(provisioned.json().reportingUrl);
      secrets.push(firstToken);
      expect(
        (await call('PUT', '/api/lineOfService/v1/LOS-1', { subscriberCode: 'SUB-1' })).statusCode,
      ).toBe(200);
      const reprovisioned = await call('POST', '/api/device/v1/provision', {
        lineOfServiceCode: 'LOS-1',
      });
      expect(reprovisioned.statusCode).toBe(200);
      secrets.push(tokenOf(reprovisioned.json().reportingUrl));

      const entries = await trail('?lineOfServiceCode=LOS-1');
      expect(entries.map((entry) => [entry.action, entry.subscriberCode, entry.details])).toEqual([
        ['line.reprovision', 'SUB-1', {}],
        ['line.associate', 'SUB-1', { subscriberCode: 'SUB-1', previousSubscriberCode: null }],
        ['line.provision', null, {}],
      ]);
      expect(entries.every((entry) => entry.actor.userId === admin.userId)).toBe(true);
    });

    it('should name the device a re-provision forgets', async () => {
      const current = await call('GET', '/api/device/v1/reportingUrl/LOS-1');
      const report = await sut.app.inject({
        method: 'POST',
        url: `/report/v1/${tokenOf(current.json().reportingUrl)}`,
        payload: {
          Report: [
            {
              CollectionTime: Math.floor(sut.clock.now().getTime() / 1000),
              'Device.DeviceInfo.ModelName': 'SR400',
              'Device.DeviceInfo.SerialNumber': 'CPE-00A1B2C3',
              'Device.DeviceInfo.UpTime': 3600,
            },
          ],
        },
      });
      expect(report.statusCode).toBe(200);
      const again = await call('POST', '/api/device/v1/provision', { lineOfServiceCode: 'LOS-1' });
      secrets.push(tokenOf(again.json().reportingUrl));
      expect((await latest('line.reprovision'))?.details).toEqual({
        device: { deviceType: 'SR400', identifier: 'CPE-00A1B2C3' },
      });
    });

    it('should keep a line’s entries once it is deprovisioned, and a subscriber’s once deleted', async () => {
      expect((await call('DELETE', '/api/lineOfService/v1/LOS-1')).statusCode).toBe(204);
      expect(await latest('line.deprovision')).toMatchObject({
        actor: byAdmin(),
        lineOfServiceCode: 'LOS-1',
        subscriberCode: 'SUB-1',
      });
      expect((await call('DELETE', '/api/subscriber/v1/SUB-1')).statusCode).toBe(204);
      expect(await latest('subscriber.delete')).toMatchObject({
        subscriberCode: 'SUB-1',
        details: { name: 'Second Name', unassociatedLines: [] },
      });
      expect((await trail('?lineOfServiceCode=LOS-1')).map((entry) => entry.action)).toEqual([
        'line.deprovision',
        'line.reprovision',
        'line.reprovision',
        'line.associate',
        'line.provision',
      ]);
      expect((await trail('?subscriberCode=SUB-1')).map((entry) => entry.action)).toEqual([
        'subscriber.delete',
        'line.deprovision',
        'line.reprovision',
        'line.reprovision',
        'line.associate',
        'subscriber.update',
        'subscriber.create',
      ]);
    });

    it('should record nothing for a deprovision or association of an unknown line', async () => {
      const before = await total();
      expect((await call('DELETE', '/api/lineOfService/v1/LOS-NONE')).statusCode).toBe(404);
      await call('PUT', '/api/subscriber/v1/SUB-2', { name: 'Two' });
      const unknownLine = await call('PUT', '/api/lineOfService/v1/LOS-NONE', {
        subscriberCode: 'SUB-2',
      });
      expect(unknownLine.statusCode).toBe(404);
      expect(await total()).toBe(before + 1);
    });

    it('should leave neither the change nor its entry when writing the entry fails', async () => {
      // The entry cannot be written, so the change must roll back with it.
      await sut.database.db.execute(
        sql`alter table audit_entries add constraint refuse_line check (action <> 'line.provision') not valid`,
      );
      try {
        const provisioned = await call('POST', '/api/device/v1/provision', {
          lineOfServiceCode: 'LOS-ROLLED-BACK',
        });
        expect(provisioned.statusCode).toBe(500);
      } finally {
        await sut.database.db.execute(sql`alter table audit_entries drop constraint refuse_line`);
      }
      expect((await call('GET', '/api/device/v1/reportingUrl/LOS-ROLLED-BACK')).statusCode).toBe(
        404,
      );
      expect(await trail('?lineOfServiceCode=LOS-ROLLED-BACK')).toEqual([]);
    });
  });

  describe('consumer sign-ins', () => {
    it('should record a sign-in created, changed and removed, never its passphrase', async () => {
      const put = (passphrase: string, username = 'home-user') =>
        call('PUT', '/api/subscriber/v1/SUB-2/consumer', { username, passphrase });
      expect((await put(consumerPassphrase)).statusCode).toBe(200);
      expect((await put(newUserPassphrase, 'home-user-2')).statusCode).toBe(200);
      expect((await call('DELETE', '/api/subscriber/v1/SUB-2/consumer')).statusCode).toBe(204);

      const entries = await trail('?subscriberCode=SUB-2&pageSize=3');
      expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
        ['consumer.delete', { username: 'home-user-2' }],
        ['consumer.update', { username: 'home-user-2' }],
        ['consumer.create', { username: 'home-user' }],
      ]);
      expect(new Set(entries.map((entry) => entry.target)).size).toBe(1);
      expect(entries[0]?.actor).toEqual(byAdmin());
    });

    it('should record nothing when the user name is taken', async () => {
      const before = await total();
      const taken = await call('PUT', '/api/subscriber/v1/SUB-2/consumer', {
        username: 'csr@example.com',
        passphrase: consumerPassphrase,
      });
      expect(taken.statusCode).toBe(409);
      expect(await total()).toBe(before);
    });
  });

  describe('device commands', () => {
    let token: string;
    const block = { action: 'block', parameters: { macAddress: 'aa:bb:cc:00:00:01' } } as const;
    const answer = (messageId: string, payload: object) =>
      sut.app.inject({ method: 'POST', url: `/report/v1/${token}/commands/${messageId}`, payload });

    beforeAll(async () => {
      await call('PUT', '/api/subscriber/v1/SUB-CMD', { name: 'Commands' });
      const provisioned = await call('POST', '/api/device/v1/provision', {
        lineOfServiceCode: 'LOS-CMD',
      });
      token = tokenOf(provisioned.json().reportingUrl);
      secrets.push(token);
      await call('PUT', '/api/lineOfService/v1/LOS-CMD', { subscriberCode: 'SUB-CMD' });
    });

    it('should record who asked for a command and the gateway’s ACK', async () => {
      const messageId = await sut.app.services.actions.request(admin, 'LOS-CMD', block);
      expect((await answer(messageId, { result: 'ACK' })).statusCode).toBe(204);
      const entries = await trail('?lineOfServiceCode=LOS-CMD&pageSize=2');
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'command.result',
          actor: { kind: 'gateway', userId: null, email: null, role: null },
          subscriberCode: 'SUB-CMD',
          target: messageId,
          details: { action: 'block', outcome: 'ACK', value: null },
        }),
        expect.objectContaining({
          action: 'command.request',
          actor: byAdmin(),
          lineOfServiceCode: 'LOS-CMD',
          subscriberCode: 'SUB-CMD',
          target: messageId,
          details: block,
        }),
      ]);
    });

    it('should record a NAK with the gateway’s message, and nothing for a second answer', async () => {
      const messageId = await sut.app.services.actions.request(admin, 'LOS-CMD', {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 36 },
      });
      expect((await answer(messageId, { result: 'NAK', value: 'radio off' })).statusCode).toBe(204);
      const before = await total();
      expect((await answer(messageId, { result: 'ACK' })).statusCode).toBe(409);
      expect(await total()).toBe(before);
      expect(await latest('command.result')).toMatchObject({
        target: messageId,
        details: { action: 'changeChannel', outcome: 'NAK', value: 'radio off' },
      });
    });

    it('should record a command that expired unanswered once, by the system', async () => {
      const messageId = await sut.app.services.actions.request(admin, 'LOS-CMD', block);
      sut.clock.advanceSeconds(299);
      expect(await sut.app.services.actions.expireUnanswered()).toBe(0);
      sut.clock.advanceSeconds(1);
      expect(await sut.app.services.actions.expireUnanswered()).toBe(1);
      expect(await sut.app.services.actions.expireUnanswered()).toBe(0);
      expect(await latest('command.result')).toMatchObject({
        actor: { kind: 'system', userId: null },
        lineOfServiceCode: 'LOS-CMD',
        subscriberCode: 'SUB-CMD',
        target: messageId,
        details: { action: 'block', outcome: 'EXPIRED' },
      });
      const late = await answer(messageId, { result: 'ACK' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('COMMAND.EXPIRED');
    });

    it('should record nothing for a command on an unknown line', async () => {
      const before = await total();
      await expect(sut.app.services.actions.request(admin, 'LOS-NONE', block)).rejects.toThrow();
      expect(await total()).toBe(before);
    });
  });

  describe('reading the trail', () => {
    it('should hold no passphrase, hash, session token or reporting token', async () => {
      const everything = (await readTrail('?pageSize=500')).body;
      for (const secret of secrets) expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(/\$argon2/);
      expect(everything).not.toMatch(/[0-9a-f]{32}/);
    });

    it('should page newest first with the total in x-total-results', async () => {
      const all = await trail('?pageSize=500');
      const response = await readTrail('?page=2&pageSize=3');
      expect(response.headers['x-total-results']).toBe(String(all.length));
      expect(response.json()).toEqual(all.slice(3, 6));
      const times = all.map((entry) => entry.at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await readTrail(`?page=${all.length + 1}&pageSize=1`)).json()).toEqual([]);
    });

    it('should filter by actor, action and time, together', async () => {
      const from = sut.clock.now().getTime();
      sut.clock.advanceSeconds(60);
      await call('PUT', '/api/subscriber/v1/SUB-TIME', { name: 'In Range' });
      sut.clock.advanceSeconds(60);
      await call('PUT', '/api/subscriber/v1/SUB-TIME', { name: 'After Range' });
      const to = from + 90_000;
      expect(
        (await trail(`?userId=${admin.userId}&action=subscriber.create&from=${from}&to=${to}`)).map(
          (entry) => entry.details,
        ),
      ).toEqual([{ name: 'In Range' }]);
      expect(await trail(`?action=subscriber.update&from=${to}`)).toEqual([
        expect.objectContaining({ details: { name: 'After Range' } }),
      ]);
      expect(await trail(`?userId=00000000-0000-4000-8000-000000000000`)).toEqual([]);
    });

    it.each([
      ['a start after its end', '?from=2000&to=1000'],
      ['an unknown action', '?action=user.explode'],
      ['a page size past the limit', '?pageSize=501'],
      ['a page of zero', '?page=0'],
      ['a user id that is not one', '?userId=root'],
      ['a time that is not a number', '?from=yesterday'],
      ['a time past any date', '?to=9e16'],
    ])('should refuse %s with 400 and a code', async (_, query) => {
      const response = await readTrail(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID');
    });

    it('should be refused to anonymous callers, CSRs, consumers and passphrase changers', async () => {
      const anonymous = await sut.app.inject({ method: 'GET', url: '/api/audit/v1' });
      expect(anonymous.statusCode).toBe(401);
      expect((await readTrail('', await signedInToken(sut, 'csr@example.com'))).statusCode).toBe(
        403,
      );
      expect((await readTrail('', await signedInToken(sut, 'fresh@example.com'))).statusCode).toBe(
        403,
      );
      await call('PUT', '/api/subscriber/v1/SUB-2/consumer', {
        username: 'home-reader',
        passphrase: consumerPassphrase,
      });
      const consumer = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/consumerAuth',
        payload: { username: 'home-reader', password: consumerPassphrase },
      });
      expect(consumer.statusCode).toBe(200);
      const consumerToken = String(consumer.headers['x-cah-token']);
      expect((await readTrail('', consumerToken)).statusCode).toBe(403);
    });
  });

  describe('prune', () => {
    it('should delete the entries past the retention and keep the rest', async () => {
      const times = (await trail('?pageSize=500')).map((entry) => entry.at);
      const retention = sut.config.auditRetentionDays * day;
      // A session does not last that long: sign in again at each new time.
      const moveClockTo = async (at: number) => {
        sut.clock.advance(at - sut.clock.now().getTime());
        adminToken = await signedInToken(sut, 'root@example.com');
      };
      await moveClockTo(Math.min(...times) + retention);
      await call('PUT', '/api/subscriber/v1/SUB-LATE', { name: 'Late' });
      expect(await sut.app.services.audit.prune()).toBe(0);
      await moveClockTo(Math.max(...times) + retention + 1);
      expect(await sut.app.services.audit.prune()).toBe(times.length);
      expect((await trail()).map((entry) => entry.subscriberCode)).toEqual(['SUB-LATE']);
    });
  });
});
