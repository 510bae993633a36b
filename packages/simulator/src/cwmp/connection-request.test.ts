import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionRequestServer } from './connection-request';
import { connectionRequest, md5 } from './test-digest-client';

/** The connection request server over real HTTP, asked as an ACS asks (test-digest-client.ts). */

describe(ConnectionRequestServer.name, () => {
  let sut: ConnectionRequestServer;
  let credentials: { username: string; password: string } | null;
  let requests: number;
  let url: string;

  beforeEach(async () => {
    sut = new ConnectionRequestServer();
    await sut.listen();
    credentials = null;
    requests = 0;
    url = sut.register('CPE-1', {
      credentials: () => credentials,
      onConnectionRequest: () => (requests += 1),
    });
  });

  afterEach(async () => {
    await sut.close();
  });

  it('should answer 200 to the credentials the ACS set, and start a session', async () => {
    credentials = { username: 'acs', password: 'pa55' };

    const answer = await connectionRequest(url, credentials);

    expect(answer).toEqual({ first: 401, second: 200 });
    expect(requests).toBe(1);
  });

  it('should refuse every request before the ACS has set credentials', async () => {
    const answer = await connectionRequest(url, { username: '', password: '' });

    expect(answer).toEqual({ first: 401, second: 401 });
    expect(requests).toBe(0);
  });

  it.each([
    ['a wrong password', (fields: Record<string, string>) => (fields.response = md5('guess'))],
    ['another user', (fields: Record<string, string>) => (fields.username = 'mallory')],
    ['a nonce it never issued', (fields: Record<string, string>) => (fields.nonce = 'abc')],
    ['another path', (fields: Record<string, string>) => (fields.uri = '/cr/CPE-2')],
  ])('should refuse %s with 401 and start nothing', async (_, tamper) => {
    credentials = { username: 'acs', password: 'pa55' };

    const answer = await connectionRequest(url, credentials, tamper);

    expect(answer.second).toBe(401);
    expect(requests).toBe(0);
  });

  it('should answer 404 to a path no gateway has and 405 to anything but GET', async () => {
    const unknown = await fetch(url.replace('CPE-1', 'CPE-9'));
    const posted = await fetch(url, { method: 'POST' });

    expect(unknown.status).toBe(404);
    expect(posted.status).toBe(405);
  });
});
