import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOfService } from '../../db/schema';
import { createTestApp, createUser, signedInToken, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';

describe('search API', () => {
  let sut: TestApp;
  let csr: string;

  const call = (url: string, token = csr) =>
    sut.app.inject({ method: 'GET', url, headers: { 'x-cah-token': token } });

  beforeAll(async () => {
    sut = await createTestApp();
    await createUser(sut, { email: 'admin@example.com', role: 'Admin' });
    await createUser(sut, { email: 'csr@example.com', role: 'CSR' });
    const admin = await signedInToken(sut, 'admin@example.com');
    csr = await signedInToken(sut, 'csr@example.com');
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      sut.app.inject({ method, url, payload, headers: { 'x-cah-token': admin } });

    await as('PUT', '/api/subscriber/v1/SMITH-01', { name: 'Jane Smith' });
    await as('PUT', '/api/subscriber/v1/SMITH-02', { name: 'John Smithers' });
    await as('PUT', '/api/subscriber/v1/LONE-01', { name: 'Lonely Smith' });
    for (const code of ['LOS-A1', 'LOS-A2', 'LOS-B1', 'LOS-ORPHAN']) {
      await as('POST', '/api/device/v1/provision', { lineOfServiceCode: code });
    }
    await as('PUT', '/api/lineOfService/v1/LOS-A1', { subscriberCode: 'SMITH-01' });
    await as('PUT', '/api/lineOfService/v1/LOS-A2', { subscriberCode: 'SMITH-01' });
    await as('PUT', '/api/lineOfService/v1/LOS-B1', { subscriberCode: 'SMITH-02' });
    // LOS-A1's gateway has reported: it has a type, an identifier and a MAC.
    await sut.database.db
      .update(linesOfService)
      .set({
        deviceType: 'SR400',
        deviceIdentifier: 'CPE-77AB12',
        deviceMac: 'a4:91:b1:0c:22:7f',
        wanType: 40,
      })
      .where(eq(linesOfService.lineOfServiceCode, 'LOS-A1'));
  });
  afterAll(() => sut.close());

  it('should find subscribers by name, case-insensitively and by substring, one row per line', async () => {
    const response = await call('/api/search/v1/SMITH');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-results']).toBe('4');
    expect(response.json()).toEqual([
      {
        subscriberName: 'Jane Smith',
        subscriberCode: 'SMITH-01',
        lineOfServiceCode: 'LOS-A1',
        deviceType: 'SR400',
        deviceIdentifier: 'CPE-77AB12',
      },
      {
        subscriberName: 'Jane Smith',
        subscriberCode: 'SMITH-01',
        lineOfServiceCode: 'LOS-A2',
        deviceType: null,
        deviceIdentifier: null,
      },
      {
        subscriberName: 'John Smithers',
        subscriberCode: 'SMITH-02',
        lineOfServiceCode: 'LOS-B1',
        deviceType: null,
        deviceIdentifier: null,
      },
      {
        subscriberName: 'Lonely Smith',
        subscriberCode: 'LONE-01',
        lineOfServiceCode: null,
        deviceType: null,
        deviceIdentifier: null,
      },
    ]);
  });

  it.each([
    ['subscriber code', 'lone-0', ['LONE-01']],
    ['line of service code', 'los-b', ['SMITH-02']],
    ['device type', 'sr40', ['SMITH-01']],
    ['device identifier', '77ab', ['SMITH-01']],
    ['MAC with colons', 'B1:0C:22', ['SMITH-01']],
    ['MAC without colons', 'b10c22', ['SMITH-01']],
  ])('should find by %s', async (_field, query, subscriberCodes) => {
    const response = await call(`/api/search/v1/${encodeURIComponent(query)}`);
    expect(
      response.json().map((result: { subscriberCode: string }) => result.subscriberCode),
    ).toEqual(subscriberCodes);
  });

  it('should find a line with no subscriber, and keep only unassociated results when asked', async () => {
    const orphan = await call('/api/search/v1/ORPHAN');
    expect(orphan.json()).toEqual([
      {
        subscriberName: null,
        subscriberCode: null,
        lineOfServiceCode: 'LOS-ORPHAN',
        deviceType: null,
        deviceIdentifier: null,
      },
    ]);
    const unassociated = await call('/api/search/v1/o?unassociatedOnly=true');
    expect(
      unassociated
        .json()
        .map(
          (result: { lineOfServiceCode: string | null; subscriberCode: string | null }) =>
            result.lineOfServiceCode ?? result.subscriberCode,
        ),
    ).toEqual(['LONE-01', 'LOS-ORPHAN']);
  });

  it('should page with X-Total-Results, and answer an empty page past the end', async () => {
    const second = await call('/api/search/v1/smith?page=2&pageSize=3');
    expect(second.json()).toHaveLength(1);
    expect(second.headers['x-total-results']).toBe('4');
    const past = await call('/api/search/v1/smith?page=9&pageSize=3');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-results']).toBe('4');
    expect((await call('/api/search/v1/nothing-like-this')).headers['x-total-results']).toBe('0');
  });

  it('should take LIKE wildcards literally', async () => {
    expect((await call(`/api/search/v1/${encodeURIComponent('%')}`)).json()).toEqual([]);
    expect((await call('/api/search/v1/_')).json()).toEqual([]);
  });

  it('should refuse a page size over 500 with 400', async () => {
    const response = await call('/api/search/v1/smith?pageSize=501');
    expect(response.statusCode).toBe(400);
  });

  it('should suggest the most recently changed lines before a term is typed', async () => {
    sut.clock.advanceSeconds(60);
    const admin = await signedInToken(sut, 'admin@example.com');
    await sut.app.inject({
      method: 'PUT',
      url: '/api/lineOfService/v1/LOS-ORPHAN',
      payload: { subscriberCode: 'LONE-01' },
      headers: { 'x-cah-token': admin },
    });
    const response = await call('/api/interestingSearch/v1');
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toEqual({
      subscriberName: 'Lonely Smith',
      subscriberCode: 'LONE-01',
      lineOfServiceCode: 'LOS-ORPHAN',
      deviceType: null,
      deviceIdentifier: null,
    });
    expect(response.json()).toHaveLength(4);
  });

  it('should answer 403 to consumers and 401 to nobody', async () => {
    await createUser(sut, { email: 'consumer@example.com', role: 'Consumer' });
    expect((await sut.app.inject({ method: 'GET', url: '/api/search/v1/smith' })).statusCode).toBe(
      401,
    );
    expect(
      (await sut.app.inject({ method: 'GET', url: '/api/interestingSearch/v1' })).statusCode,
    ).toBe(401);
  });
});
