import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the collector protocol', () => {
  let sut: TestApp;
  let token: string;

  beforeAll(async () => {
    sut = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    const provisioned = await sut.app.services.devices.provision('LOS-PROTOCOL', false);
    token = provisioned.reportingUrl.split('/').at(-1) ?? '';
  });
  afterAll(() => sut.close());

  const deeplyNested = (levels: number, escape = false): string =>
    `{"Report":[{"CollectionTime":${Math.floor(sut.clock.now().getTime() / 1000)},"Device":` +
    `${'{"a":'.repeat(levels)}"${escape ? '\\u00e9' : 'x'}"${'}'.repeat(levels)}}]}`;

  it.each([
    ['5,000 levels, to an unknown token', () => '0'.repeat(32), 5000, false],
    ['5,000 levels, to a known token', () => token, 5000, false],
    ['100,000 levels with a \\u escape, to a known token', () => token, 100_000, true],
  ])(
    'should answer 4xx with a code to a body nested %s',
    async (_case, tokenOf, levels, escape) => {
      const response = await sut.app.inject({
        method: 'POST',
        url: `/report/v1/${tokenOf()}`,
        payload: deeplyNested(levels, escape),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^(REPORT|REQUEST)\./);
    },
  );
});
