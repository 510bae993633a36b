import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { systemActor } from '../modules/audit/actor';
import { unixCompress } from '../../test/unix-compress-encoder';
import { gatewayReports } from '../db/schema';

/**
 * Whatever a gateway, or anyone holding or guessing a reporting URL, sends: never a 5xx, a
 * refusal always carries a code, and a refused body stores nothing.
 *
 * The parameter names are the collector's untyped ones (`Device.X_TEST_…`): values that do not
 * fit a typed parameter (UpTime 1.5) are the value checks' own tests.
 */
describe('the collector, under arbitrary and hostile requests', () => {
  let sut: TestApp;
  let token: string;
  const runs = { numRuns: 100 };

  beforeAll(async () => {
    sut = await createTestApp({
      PUBLIC_URL: 'https://portal.example.com',
      REPORT_BODY_LIMIT_BYTES: String(256 * 1024),
    });
    const { reportingUrl } = await sut.app.services.devices.provision(
      systemActor,
      'LOS-PROPERTY',
      false,
    );
    token = reportingUrl.split('/').at(-1) ?? '';
  });
  afterAll(() => sut.close());

  const storedReports = async (): Promise<number> =>
    (await sut.database.db.select({ total: count() }).from(gatewayReports))[0]?.total ?? 0;

  /** The answer is no 5xx; a refusal carries a code and leaves the stored reports as they were. */
  const expectHandled = async (
    response: LightMyRequestResponse,
    storedBefore: number,
  ): Promise<void> => {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(response.json().error.code).toMatch(/^[A-Z_]+\.[A-Z_]+$/);
      expect(await storedReports()).toBe(storedBefore);
    }
  };

  const send = (
    body: string | Buffer,
    headers: Record<string, string> = {},
    path = `/report/v1/${token}`,
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  const name = fc.oneof(
    fc.constantFrom('CollectionTime', 'Device', 'Device.', 'Device..X', '', '__proto__'),
    fc.string().map((suffix) => `Device.X_TEST_${suffix}`),
    fc.string(),
  );
  const collectionTime = fc.oneof(
    fc.constant(Date.UTC(2026, 0, 1, 12) / 1000),
    fc.integer(),
    fc.double(),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.string(),
  );
  const report = fc.dictionary(name, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 12 });
  const nested = (depth: number, leaf: string): string =>
    `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
  /** Numbers JSON can spell that a JavaScript number cannot hold exactly, or at all. */
  const oddNumber = fc.constantFrom(
    '1e309',
    '-1e309',
    '-0',
    '1e-400',
    '123456789012345678901234567890',
    '0.1',
    '2147483648',
    '18446744073709551616',
  );
  const hostileBody = fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc
      .record({ Report: fc.array(fc.tuple(collectionTime, report), { maxLength: 5 }) })
      .map(({ Report }) =>
        JSON.stringify({
          Report: Report.map(([time, entries]) => ({ CollectionTime: time, ...entries })),
        }),
      ),
    fc
      .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('1', '"\\u0000"', '"\\u00e9"'))
      .map(
        ([depth, leaf]) =>
          `{"Report":[{"CollectionTime":1767268800,"Device":${nested(depth, leaf)}}]}`,
      ),
    fc.integer({ min: 0, max: 20_000 }).map((size) => `{"Report":[${'{},'.repeat(size)}{}]}`),
    oddNumber.map(
      (number) => `{"Report":[{"CollectionTime":1767268800,"Device.X_TEST":${number}}]}`,
    ),
    oddNumber.map((number) => `{"Report":[{"CollectionTime":${number},"Device.X_TEST":1}]}`),
    fc
      .string({ unit: 'binary' })
      .map(
        (text) =>
          `{"Report":[{"CollectionTime":1767268800,"Device.X_TEST":${JSON.stringify(text)}}]}`,
      ),
  );

  it('should answer any JSON body with no 5xx, and store nothing of one it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const before = await storedReports();
        await expectHandled(await send(body), before);
      }),
      runs,
    );
  });

  const contentType = fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=UTF-8',
      'text/csv; charset=UTF-8; header=present',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ),
    fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
  );
  const contentEncoding = fc.oneof(
    fc.constantFrom('identity', 'gzip', 'x-gzip', 'deflate', 'compress', 'x-compress', 'br'),
    fc.stringMatching(/^[\x21-\x7e]{1,20}$/),
  );
  const bbfReportFormat = fc.oneof(
    fc.constantFrom(
      'ObjectHierarchy',
      'NameValuePair',
      'ParameterPerRow',
      'ParameterPerColumn',
      '"ParameterPerRow"',
    ),
    fc.stringMatching(/^[\x20-\x7e]{0,20}$/),
  );

  it('should answer random bytes under any content type, coding and format with no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 4096 }),
          fc.string().map((text) => Buffer.from(text)),
        ),
        contentType,
        contentEncoding,
        fc.option(bbfReportFormat, { nil: undefined }),
        async (bytes, type, encoding, format) => {
          const before = await storedReports();
          const headers: Record<string, string> = {
            'content-type': type,
            'content-encoding': encoding,
          };
          if (format !== undefined) headers['bbf-report-format'] = format;
          await expectHandled(await send(Buffer.from(bytes), headers), before);
        },
      ),
      runs,
    );
  });

  const encoders: Record<string, (body: Buffer) => Buffer> = {
    gzip: (body) => gzipSync(body),
    deflate: (body) => deflateSync(body),
    'deflate (raw)': (body) => deflateRawSync(body),
    compress: (body) => unixCompress(body),
    'compress (9-bit codes, CLEAR)': (body) => unixCompress(body, 9, true),
  };

  it('should answer damaged gzip, deflate and compress streams with no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(encoders)),
        hostileBody,
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        async (encoder, body, cut, changes) => {
          const encoded = Buffer.from((encoders[encoder] ?? gzipSync)(Buffer.from(body)));
          for (const [at, byte] of changes) encoded[at % encoded.length] = byte;
          const damaged = encoded.subarray(0, cut % (encoded.length + 1));
          const before = await storedReports();
          const coding = encoder.split(' ')[0] ?? encoder;
          await expectHandled(await send(damaged, { 'content-encoding': coding }), before);
        },
      ),
      runs,
    );
  });

  it('should answer any CSV body with no 5xx, and store nothing of one it refuses', async () => {
    const cell = fc.oneof(
      fc.constantFrom('ReportTimestamp', 'ParameterName', 'ParameterValue', 'ParameterType'),
      fc.constantFrom('1767268800', '2026-01-01T12:00:00Z', 'Device.X_TEST', 'unsignedInt'),
      fc.string({ unit: 'binary' }),
    );
    const quoted = cell.map((text) => `"${text.replaceAll('"', '""')}"`);
    const row = fc.array(fc.oneof(cell, quoted), { maxLength: 6 }).map((cells) => cells.join(','));
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 8 }),
        fc.constantFrom('\r\n', '\n', '\r'),
        async (rows, separator) => {
          const before = await storedReports();
          await expectHandled(
            await send(rows.join(separator), { 'content-type': 'text/csv; charset=UTF-8' }),
            before,
          );
        },
      ),
      runs,
    );
  });

  it('should answer any token and query with a 4xx and a code, never reading the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary', maxLength: 1200 }),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef') }),
        ),
        fc.dictionary(fc.string(), fc.string({ unit: 'binary' }), { maxKeys: 4 }),
        fc.constantFrom('POST', 'PUT', 'GET', 'DELETE', 'PATCH'),
        async (guess, query, method) => {
          const search = new URLSearchParams(query).toString();
          const response = await sut.app.inject({
            method,
            url: `/report/v1/${encodeURIComponent(guess)}${search ? `?${search}` : ''}`,
            payload: method === 'GET' ? undefined : '{"Report": [',
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json().error.code).toMatch(/^[A-Z_]+\.[A-Z_]+$/);
        },
      ),
      runs,
    );
  });
});
