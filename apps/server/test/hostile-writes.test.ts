import { systemActor } from '../src/modules/audit/actor';
import { defaultBrand, errorCodes, resetLinkRequestFor } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectValue } from '../src/db/recordset';
import type { DeclaredRoute } from '../src/http/access';
import {
  createTestApp,
  createUser,
  signedInToken,
  strongPassphrase,
  type TestApp,
  testAdminActor,
} from './test-app';

/**
 * Every write route of the portal API, fed hostile bodies, path parameters and query values as
 * an admin (so access is not what refuses): never a 5xx, a refusal always carries a code of the
 * contract, and a refused request changes nothing. The collector (`/report/v1/`) has its own.
 */

const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];
const runsPerRoute = 25;

/** Sign-ins and resets are rate limited per client; every call here comes from 127.0.0.1. */
const environment = {
  SIGNIN_RATE_LIMIT_PER_MINUTE: '100000',
  FORGOT_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * What each write route is sent when its parts are not hostile: a body of the right shape (each
 * field then swapped for hostile values), and path parameters naming rows that exist. A new
 * write route needs its line here, or the test fails naming it.
 */
interface WriteRouteSample {
  params?: (world: World) => Record<string, string>;
  /** Bodies of the right shape; a route that takes several shapes (the device actions) lists each. */
  body?: (world: World) => unknown;
  bodies?: (world: World) => unknown[];
  /** The call ends the caller's session: it gets one of its own. */
  endsSession?: boolean;
}

interface World {
  victimUserId: string;
  victimSubscriber: string;
  victimLine: string;
  adminEmail: string;
}

// prettier-ignore
const writeRouteSamples: Readonly<Record<string, WriteRouteSample>> = {
  'POST /api/user/v1/authenticate': { body: () => ({ user: { email: 'nobody@example.com', passphrase: 'Wrong-Passphrase-1' } }) },
  'POST /api/user/v1/consumerAuth': { body: () => ({ username: 'nobody', password: 'Wrong-Passphrase-1' }) },
  'POST /api/user/v1/sso': { body: () => ({ code: 'code', state: 'state', iss: 'https://idp.example.com' }) },
  'POST /api/user/v1/signOut': { endsSession: true },
  'POST /api/user/v1/sendResetPassphraseLink': { body: () => resetLinkRequestFor('nobody@example.com', defaultBrand) },
  'POST /api/user/v1/changePassphraseWithToken': { body: () => ({ token: 'a'.repeat(64), passphrase: strongPassphrase }) },
  'POST /api/user/v1/changePassphrase': { body: (w) => ({ email: w.adminEmail, oldPassphrase: 'Wrong-Passphrase-1', newPassphrase: 'Fresh-Meadow-Lark-8' }) },
  'POST /api/user/v1': { body: () => ({ email: 'new@example.com', name: 'New User', rawPassphrase: strongPassphrase, role: 'CSR' }) },
  'PUT /api/user/v1/:id': { params: (w) => ({ id: w.victimUserId }), body: () => ({ email: 'victim@example.com', name: 'Victim', role: 'CSR' }) },
  'DELETE /api/user/v1/:id': { params: (w) => ({ id: w.victimUserId }) },
  'PUT /api/subscriber/v1/:code': { params: (w) => ({ code: w.victimSubscriber }), body: () => ({ name: 'Renamed' }) },
  'DELETE /api/subscriber/v1/:code': { params: (w) => ({ code: w.victimSubscriber }) },
  'PUT /api/subscriber/v1/:code/consumer': { params: (w) => ({ code: w.victimSubscriber }), body: () => ({ username: 'mwc-victim', passphrase: strongPassphrase }) },
  'DELETE /api/subscriber/v1/:code/consumer': { params: (w) => ({ code: w.victimSubscriber }) },
  'POST /api/device/v1/provision': { body: () => ({ lineOfServiceCode: 'LOS-NEW' }) },
  'PUT /api/lineOfService/v1/:code': { params: (w) => ({ code: w.victimLine }), body: (w) => ({ subscriberCode: w.victimSubscriber }) },
  'DELETE /api/lineOfService/v1/:code': { params: (w) => ({ code: w.victimLine }) },
  'PUT /api/localnetwork/v1/:code': { params: (w) => ({ code: w.victimLine }), body: () => ({ localNetwork: [{ macAddress: '02:00:00:00:00:01', alias: 'Renamed', icon: 'laptop' }] }) },
  'PUT /api/lineOfServiceLocation/v1/:code': { params: (w) => ({ code: w.victimLine }), body: () => ({ lat: '29.16', long: '-94.43' }) },
  'POST /api/deviceActionRequest/v1/:losCode': { params: (w) => ({ losCode: w.victimLine }), bodies: () => [
    { action: 'block', parameters: { macAddress: '02:00:00:00:00:01' } },
    { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 40 } },
    { action: 'changeBandwidth', parameters: { freqBand: '2.4GHz', channelBandwidth: 40 } },
    { action: 'changeBandwidthAndChannel', parameters: { freqBand: '5GHz', channel: 36, channelBandwidth: 80 } },
  ] },
  'POST /api/qoe/v1/query': { bodies: (w) => [
    { minWifi: 1, maxLanHostCount: 20, sort: 'wifiScore', order: 'desc', offset: 0, limit: 25 },
    { lineOfServiceCode: w.victimLine },
  ] },
};

/** A report of the victim line's gateway: an agent that takes commands, a 2.4 and a 5 GHz radio. */
function victimGatewayReport(now: Date): Record<string, unknown> {
  return {
    CollectionTime: Math.floor(now.getTime() / 1000),
    'Device.DeviceInfo.X_LINESIGHT_ClientVersion': '4.2.0',
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
    'Device.WiFi.Radio.1.Channel': 6,
    'Device.WiFi.Radio.1.PossibleChannels': '1-11',
    'Device.WiFi.Radio.1.OperatingChannelBandwidth': '20MHz',
    'Device.WiFi.Radio.1.OperatingStandards': 'b,g,n',
    'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
    'Device.WiFi.Radio.2.Channel': 44,
    'Device.WiFi.Radio.2.PossibleChannels': '36,40,44,48,149,153,157,161',
    'Device.WiFi.Radio.2.OperatingChannelBandwidth': '80MHz',
    'Device.WiFi.Radio.2.OperatingStandards': 'a,n,ac',
  };
}

/** JSON text put into a body as it is: numbers JSON.stringify cannot write, raw nesting. */
class RawJson {
  constructor(readonly text: string) {}

  /** How a counterexample shows it: a body nested 100,000 deep would fill the screen. */
  [fc.toStringMethod](): string {
    return this.text.length > 80
      ? `raw(${this.text.slice(0, 40)}… ${this.text.length} chars)`
      : `raw(${this.text})`;
  }
}

function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, part: unknown) => {
    if (!(part instanceof RawJson)) return part;
    raws.push(part.text);
    return `\u0001${raws.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_, index: string) => raws[Number(index)] ?? '');
}

const deepArray = (depth: number, inner: string): RawJson =>
  new RawJson(`${'['.repeat(depth)}${inner}${']'.repeat(depth)}`);
const deepObject = (depth: number, inner: string): RawJson =>
  new RawJson(`${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`);

const hostileStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202eevil',
    '__proto__',
    'constructor',
    'prototype',
    '../../etc/passwd',
    '%00',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'x'.repeat(300),
  ),
);

const hostileValues: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    [],
    {},
    new RawJson(JSON.stringify('y'.repeat(100_000))),
    new RawJson('-0'),
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('18446744073709551616'),
    new RawJson('9007199254740993'),
    new RawJson('1e-400'),
    new RawJson('{"__proto__":{"polluted":true}}'),
    new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
    deepArray(10_000, '"\\u0041"'),
    deepObject(10_000, '"\\u0041"'),
    deepArray(100_000, '1'),
  ),
  fc.anything({ maxDepth: 3 }),
);

/** A body of the sample's shape with fields swapped for hostile values, dropped or added. */
function shaped(sample: unknown): fc.Arbitrary<unknown> {
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) {
    return fc.oneof({ arbitrary: fc.constant(sample), weight: 2 }, hostileValues);
  }
  const fields = Object.fromEntries(
    Object.entries(sample).map(([key, value]) => [key, shaped(value)]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: Object.keys(fields).slice(1) }),
      fc.option(fc.tuple(hostileStrings, hostileValues), { nil: undefined }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

/** A path parameter as it travels: encoded, or raw with what encoding would have hidden. */
const hostileParams = fc.oneof(
  // Every byte escaped; a lone surrogate travels as U+FFFD (its own bytes come below).
  hostileStrings.map((value) =>
    [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  ),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%00',
    'a%2Fb',
    '%2F..%2F..',
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    'z'.repeat(2000),
    encodeURIComponent('é'.repeat(300)),
  ),
);

const hostileQuery = fc.dictionary(
  fc.oneof(fc.constantFrom('__proto__', 'constructor', 'page', 'pageSize', 'code'), fc.string()),
  fc.oneof(hostileStrings, fc.constantFrom('-1', '1e309', 'NaN', '18446744073709551616')),
  { maxKeys: 3 },
);

interface HostileRequest {
  params: Record<string, string>;
  body: unknown;
  query: Record<string, string>;
  contentType: string;
}

function requests(
  route: DeclaredRoute,
  sample: WriteRouteSample,
  world: World,
): fc.Arbitrary<HostileRequest> {
  const realParams = sample.params?.(world) ?? {};
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [
        name,
        fc.oneof(fc.constant(encodeURIComponent(realParams[name] ?? name)), hostileParams),
      ]),
    ),
  );
  const samples = sample.bodies?.(world) ?? (sample.body ? [sample.body(world)] : []);
  const body =
    samples.length > 0
      ? fc.oneof({ arbitrary: fc.oneof(...samples.map(shaped)), weight: 3 }, hostileValues)
      : fc.oneof(fc.constant(undefined), hostileValues);
  return fc.record({
    params,
    body,
    query: fc.oneof({ arbitrary: fc.constant({}), weight: 2 }, hostileQuery),
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ),
    ),
  });
}

/**
 * What a refused request must leave as it was. The bookkeeping of refusals (failure counts,
 * reset requests per address, SSO attempts) is what a refusal is meant to write: not here.
 */
async function snapshot(sut: TestApp): Promise<unknown> {
  return selectValue(
    sut.database.db,
    sql`select json_build_object(
      'users', (select json_agg(u order by u.id) from users u),
      'sessions', (select json_agg(json_build_array(s.token_hash, s.user_id, s.sign_in_mode)
        order by s.token_hash) from sessions s),
      'resetTokens', (select json_agg(t order by t.token_hash) from passphrase_reset_tokens t),
      'subscribers', (select json_agg(s order by s.id) from subscribers s),
      'lines', (select json_agg(l order by l.id) from lines_of_service l),
      'commands', (select json_agg(c order by c.message_id) from device_commands c),
      'labels', (select json_agg(d order by d.line_id, d.mac) from lan_device_labels d),
      'locations', (select json_agg(p order by p.line_id) from line_locations p),
      'audit', (select json_agg(a order by a.id) from audit_entries a))`,
  );
}

describe('write routes under hostile input', () => {
  let sut: TestApp;
  let world: World;
  let adminToken: string;
  let writeRoutes: DeclaredRoute[];

  beforeAll(async () => {
    sut = await createTestApp(environment);
    const admin = { email: 'admin@example.com', role: 'Admin' as const };
    await createUser(sut, admin);
    await createUser(sut, { email: 'session-ender@example.com', role: 'Admin' });
    adminToken = await signedInToken(sut, admin.email);
    const { subscribers, devices, users } = sut.app.services;
    await subscribers.put(systemActor, 'SUB-VICTIM', 'Victim Subscriber', true);
    const { reportingUrl } = await devices.provision(systemActor, 'LOS-VICTIM', true);
    // A gateway that answers commands, with a radio per band: channel changes reach its rules.
    const report = await sut.app.inject({
      method: 'POST',
      url: new URL(reportingUrl).pathname,
      payload: { Report: [victimGatewayReport(sut.clock.now())] },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);
    await devices.associate(systemActor, 'LOS-VICTIM', 'SUB-VICTIM');
    const victim = await users.create(testAdminActor, {
      email: 'victim@example.com',
      name: 'Victim',
      rawPassphrase: strongPassphrase,
      role: 'CSR',
    });
    world = {
      victimUserId: victim.id,
      victimSubscriber: 'SUB-VICTIM',
      victimLine: 'LOS-VICTIM',
      adminEmail: admin.email,
    };
    writeRoutes = sut.app
      .declaredRoutes()
      .filter((route) => route.url.startsWith('/api/') && writeMethods.includes(route.method))
      // Deletions last, so the rows the other routes are sent to still exist for them.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  });
  afterAll(() => sut.close());

  it('should have a generator for every write route of the API', () => {
    const missing = writeRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !writeRouteSamples[key]);
    expect(missing, 'write routes with no generator').toEqual([]);
    const registered = new Set(writeRoutes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(writeRouteSamples).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('should answer every hostile write with a coded 4xx or a success, and change nothing when it refuses', async () => {
    for (const route of writeRoutes) {
      const sample = writeRouteSamples[`${route.method} ${route.url}`];
      if (!sample) continue;
      await fc.assert(
        fc.asyncProperty(requests(route, sample, world), async (request) => {
          const token = sample.endsSession
            ? await signedInToken(sut, 'session-ender@example.com')
            : adminToken;
          const before = await snapshot(sut);
          const url = route.url.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '');
          const response = await sut.app.inject({
            method: route.method as 'POST',
            url,
            query: request.query,
            headers: {
              'x-cah-token': token,
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.body === undefined ? {} : { payload: jsonText(request.body) }),
          });
          const where = `${route.method} ${url}`;
          expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode < 400) return;
          expect(errorCodes, `${where}: ${response.body.slice(0, 300)}`).toContain(
            response.json().error?.code,
          );
          expect(
            await snapshot(sut),
            `${where} refused with ${response.statusCode} yet changed`,
          ).toEqual(before);
        }),
        { numRuns: runsPerRoute, endOnFailure: true },
      );
    }
  }, 120_000);
});
