import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedInToken, type TestApp } from '../../../test/test-app';

describe('provisioning API', () => {
  let sut: TestApp;
  let admin: string;
  let csr: string;

  beforeAll(async () => {
    sut = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    await createUser(sut, { email: 'admin@example.com', role: 'Admin' });
    await createUser(sut, { email: 'csr@example.com', role: 'CSR' });
    admin = await signedInToken(sut, 'admin@example.com');
    csr = await signedInToken(sut, 'csr@example.com');
  });
  afterAll(() => sut.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    token = admin,
  ) => sut.app.inject({ method, url, payload, headers: { 'x-cah-token': token, ...headers } });
  const putSubscriber = (code: string, name: string, createOnly = false) =>
    call(
      'PUT',
      `/api/subscriber/v1/${encodeURIComponent(code)}`,
      { name },
      createOnly ? { 'if-none-match': '*' } : {},
    );
  const provision = (lineOfServiceCode: string, createOnly = false) =>
    call(
      'POST',
      '/api/device/v1/provision',
      { lineOfServiceCode },
      createOnly ? { 'if-none-match': '*' } : {},
    );
  const associate = (code: string, subscriberCode: string) =>
    call('PUT', `/api/lineOfService/v1/${encodeURIComponent(code)}`, { subscriberCode });

  describe('subscribers', () => {
    it('should create with 201, rename with 200, and list by code with the total', async () => {
      const created = await putSubscriber('SUB-100', 'Ada Lovelace', true);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        name: 'Ada Lovelace',
        subscriberCode: 'SUB-100',
        deviceLinesOfService: [],
      });
      const renamed = await putSubscriber('SUB-100', 'Ada King');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Ada King');
      await putSubscriber('SUB-101', 'Charles Babbage');

      const list = await call('GET', '/api/subscribers/search/v1?subCodePattern=sub-10&pageSize=1');
      expect(list.json()).toEqual([
        { name: 'Ada King', subscriberCode: 'SUB-100', deviceLinesOfService: [] },
      ]);
      expect(list.headers['x-total-results']).toBe('2');
    });

    it('should answer 409 to a create of an existing code and change nothing', async () => {
      await putSubscriber('SUB-200', 'Grace Hopper', true);
      const again = await putSubscriber('SUB-200', 'Someone Else', true);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('PROVISIONING.SUBSCRIBER_CODE_IN_USE');
      const list = await call('GET', '/api/subscribers/search/v1?subCodePattern=SUB-200');
      expect(list.json()[0].name).toBe('Grace Hopper');
    });

    it.each([
      ['an empty name', 'SUB-300', { name: '  ' }],
      ['a name over 255 characters', 'SUB-300', { name: 'x'.repeat(256) }],
      ['a code over 255 characters', 'C'.repeat(256), { name: 'Fine Name' }],
    ])('should answer 400 for %s', async (_case, code, body) => {
      const response = await call('PUT', `/api/subscriber/v1/${code}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID');
    });

    it('should delete a subscriber and leave its lines unassociated', async () => {
      await putSubscriber('SUB-400', 'Alan Turing');
      await provision('LOS-400');
      await associate('LOS-400', 'SUB-400');
      expect((await call('DELETE', '/api/subscriber/v1/SUB-400')).statusCode).toBe(204);
      const lines = await call('GET', '/api/devices/search/v1?searchPattern=LOS-400');
      expect(lines.json()).toEqual([
        expect.objectContaining({ lineOfServiceCode: 'LOS-400', subscriberCode: null }),
      ]);
      expect((await call('DELETE', '/api/subscriber/v1/SUB-400')).statusCode).toBe(404);
    });

    it('should hide subscribers with lines when asked', async () => {
      await putSubscriber('HIDE-1', 'With Line');
      await putSubscriber('HIDE-2', 'Without Line');
      await provision('LOS-HIDE-1');
      await associate('LOS-HIDE-1', 'HIDE-1');
      const list = await call(
        'GET',
        '/api/subscribers/search/v1?subCodePattern=HIDE&hideAssociated=true',
      );
      expect(
        list.json().map((subscriber: { subscriberCode: string }) => subscriber.subscriberCode),
      ).toEqual(['HIDE-2']);
      const all = await call('GET', '/api/subscribers/search/v1?subCodePattern=HIDE');
      expect(all.json()[0].deviceLinesOfService).toEqual(['LOS-HIDE-1']);
    });
  });

  describe('devices and lines of service', () => {
    it('should provision a line with a 128-bit reporting URL and its ACS URL under PUBLIC_URL, and give them again', async () => {
      const provisioned = await provision('LOS-500', true);
      expect(provisioned.statusCode).toBe(201);
      expect(provisioned.json()).toEqual({
        lineOfServiceCode: 'LOS-500',
        reportingUrl: expect.stringMatching(
          /^https:\/\/portal\.example\.com\/report\/v1\/[0-9a-f]{32}$/,
        ),
        acsUrl: expect.stringMatching(/^https:\/\/portal\.example\.com\/cwmp\/v1\/[0-9a-f]{32}$/),
      });
      const { reportingUrl, acsUrl } = provisioned.json();
      expect(acsUrl.split('/').at(-1)).toBe(reportingUrl.split('/').at(-1));
      const again = await call('GET', '/api/device/v1/reportingUrl/LOS-500');
      expect(again.json()).toEqual(provisioned.json());
    });

    it('should re-provision with a new reporting URL, the old one revoked', async () => {
      const first = (await provision('LOS-600')).json().reportingUrl;
      const second = await provision('LOS-600');
      expect(second.statusCode).toBe(200);
      expect(second.json().reportingUrl).not.toBe(first);
      expect((await call('GET', '/api/device/v1/reportingUrl/LOS-600')).json().reportingUrl).toBe(
        second.json().reportingUrl,
      );
    });

    it('should answer 409 to a create-only provision of a code in use', async () => {
      await provision('LOS-700');
      const again = await provision('LOS-700', true);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_CODE_IN_USE');
    });

    it('should leave exactly one line after twenty concurrent provisions of one code', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => provision('LOS-RACE', true)),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const lines = await call('GET', '/api/devices/search/v1?searchPattern=LOS-RACE');
      expect(lines.headers['x-total-results']).toBe('1');
      const reprovisions = await Promise.all(
        Array.from({ length: 20 }, () => provision('LOS-RACE-2')),
      );
      expect(reprovisions.every((answer) => [200, 201].includes(answer.statusCode))).toBe(true);
      expect(
        (await call('GET', '/api/devices/search/v1?searchPattern=LOS-RACE-2')).json(),
      ).toHaveLength(1);
    });

    it('should associate a line with a subscriber, and move it to another', async () => {
      await putSubscriber('SUB-800', 'Edsger Dijkstra');
      await putSubscriber('SUB-801', 'Barbara Liskov');
      await provision('LOS-800');
      const associated = await associate('LOS-800', 'SUB-800');
      expect(associated.statusCode).toBe(200);
      expect(associated.json()).toEqual({
        lineOfServiceCode: 'LOS-800',
        subscriberCode: 'SUB-800',
        subscriberName: 'Edsger Dijkstra',
        deviceType: null,
        identifier: null,
        externalURL: null,
        wanType: null,
      });
      expect((await associate('LOS-800', 'SUB-801')).json().subscriberCode).toBe('SUB-801');
    });

    it('should answer 404 for an unknown subscriber or line, changing nothing', async () => {
      await provision('LOS-900');
      const noSubscriber = await associate('LOS-900', 'NOBODY');
      expect(noSubscriber.statusCode).toBe(404);
      expect(noSubscriber.json().error.code).toBe('PROVISIONING.SUBSCRIBER_NOT_FOUND');
      await putSubscriber('SUB-900', 'Real');
      const noLine = await associate('LOS-NONE', 'SUB-900');
      expect(noLine.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_NOT_FOUND');
      expect((await call('GET', '/api/device/v1/reportingUrl/LOS-NONE')).statusCode).toBe(404);
    });

    it('should deprovision a line: it, its reporting URL and its association are gone', async () => {
      await putSubscriber('SUB-1000', 'Ken Thompson');
      await provision('LOS-1000');
      await associate('LOS-1000', 'SUB-1000');
      expect((await call('DELETE', '/api/lineOfService/v1/LOS-1000')).statusCode).toBe(204);
      expect((await call('GET', '/api/device/v1/reportingUrl/LOS-1000')).statusCode).toBe(404);
      const subscriber = await call('GET', '/api/subscribers/search/v1?subCodePattern=SUB-1000');
      expect(subscriber.json()[0].deviceLinesOfService).toEqual([]);
      expect((await call('DELETE', '/api/lineOfService/v1/LOS-1000')).statusCode).toBe(404);
    });

    it('should search lines by code or identifier, hiding associated ones when asked', async () => {
      await provision('FIND-1');
      await provision('FIND-2');
      await putSubscriber('SUB-FIND', 'Finder');
      await associate('FIND-1', 'SUB-FIND');
      const all = await call('GET', '/api/devices/search/v1?searchPattern=find-');
      expect(
        all.json().map((line: { lineOfServiceCode: string }) => line.lineOfServiceCode),
      ).toEqual(['FIND-1', 'FIND-2']);
      const unassociated = await call(
        'GET',
        '/api/devices/search/v1?searchPattern=find-&hideAssociated=true',
      );
      expect(
        unassociated.json().map((line: { lineOfServiceCode: string }) => line.lineOfServiceCode),
      ).toEqual(['FIND-2']);
    });

    it('should take a wildcard in a pattern literally', async () => {
      await provision('PCT_100%');
      const literal = await call(
        'GET',
        `/api/devices/search/v1?searchPattern=${encodeURIComponent('_100%')}`,
      );
      expect(
        literal.json().map((line: { lineOfServiceCode: string }) => line.lineOfServiceCode),
      ).toEqual(['PCT_100%']);
    });
  });

  describe('who may call', () => {
    it.each([
      ['GET', '/api/subscribers/search/v1'],
      ['PUT', '/api/subscriber/v1/X'],
      ['DELETE', '/api/subscriber/v1/X'],
      ['GET', '/api/devices/search/v1'],
      ['GET', '/api/device/v1/reportingUrl/X'],
      ['POST', '/api/device/v1/provision'],
      ['DELETE', '/api/lineOfService/v1/X'],
      ['PUT', '/api/lineOfService/v1/X'],
    ] as const)(
      'should answer %s %s with 403 for a CSR and 401 for nobody',
      async (method, url) => {
        const asCsr = await call(method, url, {}, {}, csr);
        expect(asCsr.statusCode).toBe(403);
        const anonymous = await sut.app.inject({ method, url, payload: {} });
        expect(anonymous.statusCode).toBe(401);
      },
    );
  });
});
