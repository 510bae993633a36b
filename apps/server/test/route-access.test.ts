import { systemActor } from '../src/modules/audit/actor';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DeclaredRoute } from '../src/http/access';
import {
  type CallFixtures,
  type Caller,
  callers,
  type RouteRule,
  routeAccessTable,
} from './route-access.table';
import {
  createTestApp,
  createUser,
  strongPassphrase,
  type TestApp,
  testAdminActor,
  writeBuiltClient,
} from './test-app';

/** Sign-ins and resets are rate limited per client; every call here comes from 127.0.0.1. */
const environment = {
  SIGNIN_RATE_LIMIT_PER_MINUTE: '100000',
  FORGOT_RATE_LIMIT_PER_MINUTE: '100000',
};

const ownSubscriber = 'SUB-OWN';
const ownLine = 'LOS-OWN';
const otherLine = 'LOS-OTHER';
const consumerAccount = { username: 'mwc-own', passphrase: 'Garden-Gnome-42!' };
const staffAccounts = {
  Admin: { email: 'admin@example.com', passphrase: strongPassphrase },
  CSR: { email: 'csr@example.com', passphrase: strongPassphrase },
  MustChangePassphrase: { email: 'expired@example.com', passphrase: strongPassphrase },
};

/** The table's name for a route: static files share one line. */
function tableKey(route: Pick<DeclaredRoute, 'method' | 'url'>): string {
  const isApi = ['/api/', '/report/', '/cwmp/'].some((prefix) => route.url.startsWith(prefix));
  return `${route.method} ${isApi ? route.url : '(static file)'}`;
}

/** The rule a route is checked with: a HEAD route Fastify added beside a GET takes the GET's. */
function ruleOf(
  route: DeclaredRoute,
  table: Readonly<Record<string, RouteRule>>,
): RouteRule | undefined {
  return (
    table[tableKey(route)] ??
    (route.method === 'HEAD' ? table[tableKey({ ...route, method: 'GET' })] : undefined)
  );
}

function routesMissingFromTable(
  routes: readonly DeclaredRoute[],
  table: Readonly<Record<string, RouteRule>>,
): string[] {
  return routes.filter((route) => !ruleOf(route, table)).map(tableKey);
}

function tableEntriesWithoutRoute(
  routes: readonly DeclaredRoute[],
  table: Readonly<Record<string, RouteRule>>,
): string[] {
  const registered = new Set(routes.map(tableKey));
  return Object.keys(table).filter((key) => !registered.has(key));
}

/** Accounts, lines and sessions of one app's database, and fixtures made on demand. */
interface World {
  tokens: Record<Exclude<Caller, 'anonymous' | 'consumerOther'>, string>;
  signInAgain(caller: Caller): Promise<string | undefined>;
  fixtures(caller: Caller): CallFixtures;
}

function tokenOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return String(response.headers['x-cah-token']);
}

async function createWorld(sut: TestApp, app: FastifyInstance): Promise<World> {
  const { subscribers, devices, consumers, users } = sut.app.services;
  let counter = 0;
  const unique = (prefix: string): string => `${prefix}-${++counter}`;
  const freshLine = async (): Promise<string> => {
    const code = unique('LOS');
    await devices.provision(systemActor, code, true);
    return code;
  };
  const freshSubscriber = async (options: { withConsumer?: boolean } = {}): Promise<string> => {
    const code = unique('SUB');
    await subscribers.put(systemActor, code, `Subscriber ${code}`, true);
    if (options.withConsumer) {
      await consumers.setCredentials(systemActor, code, unique('mwc'), consumerAccount.passphrase);
    }
    return code;
  };

  for (const [subscriber, line] of [
    [ownSubscriber, ownLine],
    ['SUB-OTHER', otherLine],
  ] as const) {
    await subscribers.put(systemActor, subscriber, `Subscriber ${subscriber}`, true);
    await devices.provision(systemActor, line, true);
    await devices.associate(systemActor, line, subscriber);
  }
  await consumers.setCredentials(
    systemActor,
    ownSubscriber,
    consumerAccount.username,
    consumerAccount.passphrase,
  );
  const reportingUrl = (await devices.reportingUrl(ownLine)).reportingUrl;
  const reportToken = reportingUrl.slice(reportingUrl.lastIndexOf('/') + 1);
  await createUser(sut, { ...staffAccounts.Admin, role: 'Admin' });
  await createUser(sut, { ...staffAccounts.CSR, role: 'CSR' });
  await createUser(sut, {
    ...staffAccounts.MustChangePassphrase,
    role: 'Admin',
    mustChangePassphrase: true,
  });

  const consumerSignIn = (): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/user/v1/consumerAuth',
      payload: { username: consumerAccount.username, password: consumerAccount.passphrase },
    });
  const signIn = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    if (caller === 'consumerOwn' || caller === 'consumerOther')
      return tokenOf(await consumerSignIn());
    return tokenOf(
      await app.inject({
        method: 'POST',
        url: '/api/user/v1/authenticate',
        payload: { user: staffAccounts[caller] },
      }),
    );
  };
  const consumerSession = await consumerSignIn();
  const consumerEmail = String(consumerSession.json().email);
  const tokens = {
    consumerOwn: tokenOf(consumerSession),
    CSR: (await signIn('CSR')) ?? '',
    Admin: (await signIn('Admin')) ?? '',
    MustChangePassphrase: (await signIn('MustChangePassphrase')) ?? '',
  };

  return {
    tokens,
    signInAgain: signIn,
    fixtures: (caller) => ({
      line: caller === 'consumerOther' ? otherLine : ownLine,
      subscriber: caller === 'consumerOther' ? 'SUB-OTHER' : ownSubscriber,
      reportToken,
      nowSeconds: Math.floor(sut.clock.now().getTime() / 1000),
      self:
        caller === 'consumerOwn' || caller === 'consumerOther'
          ? { email: consumerEmail, passphrase: consumerAccount.passphrase }
          : staffAccounts[caller === 'anonymous' ? 'CSR' : caller],
      staff: staffAccounts.CSR,
      consumer: consumerAccount,
      unique,
      freshLine,
      freshSubscriber,
      freshUserId: async () =>
        (
          await users.create(testAdminActor, {
            email: `${unique('user')}@example.com`,
            name: 'Fresh User',
            rawPassphrase: strongPassphrase,
            role: 'CSR',
          })
        ).id,
    }),
  };
}

function urlOf(
  route: DeclaredRoute,
  call: { url?: string; params?: Record<string, string> },
): string {
  if (call.url) return call.url;
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${tableKey(route)}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Calls the route as each caller; answers that disagree with the rule, one line each. */
async function mismatches(
  app: FastifyInstance,
  world: World,
  route: DeclaredRoute,
  rule: RouteRule,
): Promise<string[]> {
  const found: string[] = [];
  for (const caller of callers) {
    const fixtures = world.fixtures(caller);
    const call = (await rule.call?.(fixtures)) ?? {};
    const token = rule.endsSession
      ? await world.signInAgain(caller)
      : caller === 'anonymous'
        ? undefined
        : world.tokens[caller === 'consumerOther' ? 'consumerOwn' : caller];
    const response = await app.inject({
      method: route.method as 'GET',
      url: urlOf(route, call),
      ...(call.query ? { query: call.query } : {}),
      headers: token ? { 'x-cah-token': token } : {},
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
    // HEAD answers carry no body, and static files none in JSON: their status says it all.
    const isJson =
      route.method !== 'HEAD' &&
      String(response.headers['content-type']).startsWith('application/json');
    const code = isJson ? (response.json().error?.code as string | undefined) : undefined;
    const refusal =
      caller === 'anonymous'
        ? { status: 401, code: 'AUTH.UNAUTHENTICATED' }
        : { status: 403, code: 'AUTH.FORBIDDEN' };
    const denied = response.statusCode === refusal.status && (!isJson || code === refusal.code);
    const accessRefused =
      [401, 403].includes(response.statusCode) &&
      (!isJson || code === 'AUTH.UNAUTHENTICATED' || code === 'AUTH.FORBIDDEN');
    const verdict = rule.verdicts[caller];
    const agrees =
      verdict === 'deny'
        ? denied
        : !accessRefused && response.statusCode < 500 && code !== 'REQUEST.NOT_FOUND';
    if (!agrees) {
      found.push(
        `${route.method} ${route.url} as ${caller}: expected ${verdict}, got ${response.statusCode} ${code ?? ''}`,
      );
    }
  }
  return found;
}

describe('route access', () => {
  let sut: TestApp;
  let app: FastifyInstance;
  let world: World;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    sut = await createTestApp(environment);
    // The full app with a built client, so static files are among the routes.
    const webRoot = writeBuiltClient();
    app = await buildApp({
      config: { ...sut.config, webRoot },
      database: sut.database,
      clock: sut.clock,
      buildId: 'route-access',
      logger: false,
    });
    await app.ready();
    world = await createWorld(sut, app);
    routes = app.declaredRoutes();
  });
  afterAll(async () => {
    await app.close();
    await sut.close();
  });

  it('should have a rule for every registered route', () => {
    expect(routesMissingFromTable(routes, routeAccessTable)).toEqual([]);
  });

  it('should have no rule for a route that no longer exists', () => {
    expect(tableEntriesWithoutRoute(routes, routeAccessTable)).toEqual([]);
  });

  it('should answer every route as its rule says for every caller', async () => {
    const found: string[] = [];
    for (const route of routes) {
      const rule = ruleOf(route, routeAccessTable);
      if (rule) found.push(...(await mismatches(app, world, route, rule)));
    }
    expect(found).toEqual([]);
  }, 60_000);
});

describe('route access with a later issue’s route', () => {
  /** A monitoring route as a later issue would add it: line data for staff and its consumer. */
  const laterRoute = '/api/laterIssue/v1/span/:losCode';
  const rightRule: RouteRule = {
    verdicts: {
      anonymous: 'deny',
      consumerOwn: 'allow',
      consumerOther: 'deny',
      CSR: 'allow',
      Admin: 'allow',
      MustChangePassphrase: 'deny',
    },
    call: (f) => ({ params: { losCode: f.line } }),
  };

  it('should name the route missing from the table, and the consumer it lets in on another line once tabled', async () => {
    // Line data open to consumers, but scoped to no line: any consumer reaches any line.
    const sut = await createTestApp(environment, (app) => {
      app.get(
        laterRoute,
        { config: { access: ['Admin', 'CSR', 'Consumer'], lineScope: 'none' } },
        async () => ({}),
      );
    });
    try {
      const routes = sut.app.declaredRoutes();
      expect(routesMissingFromTable(routes, routeAccessTable)).toEqual([
        `GET ${laterRoute}`,
        `HEAD ${laterRoute}`,
      ]);
      const route = routes.find((r) => r.url === laterRoute && r.method === 'GET');
      if (!route) throw new Error('the extra route was not registered');
      const world = await createWorld(sut, sut.app);
      expect(await mismatches(sut.app, world, route, rightRule)).toEqual([
        `GET ${laterRoute} as consumerOther: expected deny, got 200 `,
      ]);
    } finally {
      await sut.close();
    }
  });

  it('should refuse to start with a route open to consumers that declares no line scope', async () => {
    await expect(
      createTestApp(environment, (app) => {
        app.get(laterRoute, { config: { access: ['Admin', 'CSR', 'Consumer'] } }, async () => ({}));
      }),
    ).rejects.toThrow(`GET ${laterRoute}`);
  });
});
