import { randomUUID } from 'node:crypto';
import { defaultBrand, resetLinkRequestFor } from '@linesight/contract';
import { strongPassphrase } from './test-app';
import { cpeEnvelope } from './test-cpe';

/**
 * Who may call each route, as the route × role test (route-access.test.ts) checks it against
 * every route the app registers. A new route needs its line here, or that test fails naming it.
 */

export const callers = [
  'anonymous',
  'consumerOwn',
  'consumerOther',
  'CSR',
  'Admin',
  'MustChangePassphrase',
] as const;
export type Caller = (typeof callers)[number];

/**
 * `deny`: 401 AUTH.UNAUTHENTICATED for the anonymous caller, 403 AUTH.FORBIDDEN for the signed
 * in. `allow`: any other answer that is not a 5xx and not the unknown-route 404.
 */
export type Verdict = 'allow' | 'deny';
export type Verdicts = Readonly<Record<Caller, Verdict>>;

/** What a call may use; made for each caller of each route, so a destructive call takes its own. */
export interface CallFixtures {
  /** A line of service: the consumer's own, except for `consumerOther`: another subscriber's. */
  line: string;
  /** The subscriber holding `line`. */
  subscriber: string;
  /** The reporting token of the consumer's own line. */
  reportToken: string;
  /** The server clock's time, in epoch seconds (a report's CollectionTime). */
  nowSeconds: number;
  /** The caller's own account (a CSR's for the anonymous caller). */
  self: { email: string; passphrase: string };
  staff: { email: string; passphrase: string };
  consumer: { username: string; passphrase: string };
  unique(prefix: string): string;
  freshLine(): Promise<string>;
  freshSubscriber(options?: { withConsumer?: boolean }): Promise<string>;
  /** A new CSR's id. */
  freshUserId(): Promise<string>;
}

export interface Call {
  /** Replaces the route's path (wildcards, static files); else `:name` is filled from params. */
  url?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface RouteRule {
  verdicts: Verdicts;
  call?: (fixtures: CallFixtures) => Call | Promise<Call>;
  /** The call ends the caller's session: it gets a session of its own. */
  endsSession?: boolean;
}

const everyone: Verdicts = {
  anonymous: 'allow',
  consumerOwn: 'allow',
  consumerOther: 'allow',
  CSR: 'allow',
  Admin: 'allow',
  MustChangePassphrase: 'allow',
};
const signedIn: Verdicts = { ...everyone, anonymous: 'deny' };
const staff: Verdicts = {
  anonymous: 'deny',
  consumerOwn: 'deny',
  consumerOther: 'deny',
  CSR: 'allow',
  Admin: 'allow',
  MustChangePassphrase: 'deny',
};
const staffAndOwnLine: Verdicts = { ...staff, consumerOwn: 'allow' };
/** Staff and every consumer: a route that serves no line's data. */
const staffAndConsumers: Verdicts = { ...staffAndOwnLine, consumerOther: 'allow' };
const admins: Verdicts = { ...staff, CSR: 'deny' };

const report = (f: CallFixtures): Call => ({
  params: { token: f.reportToken },
  body: {
    Report: [{ CollectionTime: f.nowSeconds, 'Device.DeviceInfo.UpTime': 60 }],
  },
});

/** HEAD routes Fastify adds beside a GET answer as that GET does and are checked with its rule. */
// prettier-ignore
export const routeAccessTable: Readonly<Record<string, RouteRule>> = {
  // Public: the API documentation, health, sign-in and the reset flow.
  'GET /api/docs': { verdicts: everyone },
  'GET /api/docs/json': { verdicts: everyone },
  'GET /api/docs/yaml': { verdicts: everyone },
  'GET /api/docs/static/index.html': { verdicts: everyone },
  'GET /api/docs/static/swagger-initializer.js': { verdicts: everyone },
  'GET /api/docs/static/*': { verdicts: everyone, call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/health': { verdicts: everyone },
  'POST /api/user/v1/authenticate': { verdicts: everyone, call: (f) => ({ body: { user: f.staff } }) },
  'POST /api/user/v1/consumerAuth': { verdicts: everyone, call: (f) => ({ body: { username: f.consumer.username, password: f.consumer.passphrase } }) },
  'GET /api/user/v1/sso': { verdicts: everyone },
  'POST /api/user/v1/sso': { verdicts: everyone, call: () => ({ body: { code: 'code', state: 'state' } }) },
  'POST /api/user/v1/sendResetPassphraseLink': { verdicts: everyone, call: (f) => ({ body: resetLinkRequestFor(`${f.unique('nobody')}@example.com`, defaultBrand) }) },
  'POST /api/user/v1/changePassphraseWithToken': { verdicts: everyone, call: () => ({ body: { token: 'a'.repeat(64), passphrase: strongPassphrase } }) },
  // Anyone signed in, MustChangePassphrase included (it is how that role changes its passphrase).
  'GET /api/ping/secure': { verdicts: signedIn },
  'POST /api/user/v1/signOut': { verdicts: signedIn, endsSession: true },
  'GET /api/mapSettings/v1': { verdicts: signedIn },
  'POST /api/user/v1/changePassphrase': { verdicts: signedIn, call: (f) => ({ body: { email: f.self.email, oldPassphrase: f.self.passphrase, newPassphrase: f.self.passphrase } }) },
  // Staff, and a consumer on their own line only.
  'GET /api/subscriberDevice/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'GET /api/deviceCapabilities/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'GET /api/gateway/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'GET /api/supportInfo/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'GET /api/localnetwork/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'PUT /api/localnetwork/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line }, body: { localNetwork: [{ macAddress: '02:00:00:00:00:01', alias: 'Nobody', icon: null }] } }) },
  'GET /api/lineOfServiceLocation/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'PUT /api/lineOfServiceLocation/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line }, body: { lat: '29.16', long: '-94.43' } }) },
  'GET /api/lineOfServiceLocationRefresh/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'GET /api/wifiSettings/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'POST /api/deviceActionRequest/v1/:losCode': { verdicts: staffAndOwnLine, call: (f) => ({ params: { losCode: f.line }, body: { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 36 } } }) },
  'GET /api/deviceActionStatus/v1/:losCode': { verdicts: staffAndOwnLine, call: (f) => ({ params: { losCode: f.line }, query: { messageId: randomUUID() } }) },
  'GET /api/maccounter/v1/:losCode': { verdicts: staffAndOwnLine, call: (f) => ({ params: { losCode: f.line }, query: { timespan: 'hour' } }) },
  'GET /api/maccounter/v1/span/:losCode': { verdicts: staffAndOwnLine, call: (f) => ({ params: { losCode: f.line }, query: { startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/maccounter30/v1/:losCode': { verdicts: staffAndOwnLine, call: (f) => ({ params: { losCode: f.line } }) },
  'GET /api/wifiSpectrumAnalyzer/v1/:code': { verdicts: staffAndOwnLine, call: (f) => ({ params: { code: f.line } }) },
  'POST /api/qoe/v1/query': { verdicts: staff, call: () => ({ body: {} }) },
  'GET /api/qoe/v1/span': { verdicts: staff, call: (f) => ({ query: { lineOfServiceCode: f.line, startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/individualQoe/v1/span/:losCode': { verdicts: staff, call: (f) => ({ params: { losCode: f.line }, query: { startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/uptimeReport/v1': { verdicts: staff },
  'GET /api/populationMetric/v1/span/:widgetPath': { verdicts: staff, call: (f) => ({ params: { widgetPath: 'averageQoe' }, query: { startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/experienceRating/v1': { verdicts: staff },
  'GET /api/fleetMap/v1': { verdicts: staff },
  'GET /api/feedbackSettings/v1': { verdicts: signedIn },
  'GET /api/physicalStatus/v1/span/:losCode': { verdicts: staff, call: (f) => ({ params: { losCode: f.line }, query: { startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/wanStats/v1/span/:losCode': { verdicts: staff, call: (f) => ({ params: { losCode: f.line }, query: { startTime: String((f.nowSeconds - 3600) * 1000), endTime: String(f.nowSeconds * 1000) } }) },
  'GET /api/docsisSpectrumAnalysis/v1/:losCode': { verdicts: staff, call: (f) => ({ params: { losCode: f.line } }) },
  'GET /api/parameter/v1/:name': { verdicts: staffAndConsumers, call: () => ({ params: { name: 'maccounters.frequency' } }) },
  'GET /api/search/v1/:query': { verdicts: staff, call: (f) => ({ params: { query: f.line } }) },
  'GET /api/interestingSearch/v1': { verdicts: staff },
  // Admins: users, subscribers, lines of service.
  'GET /api/roles/v1': { verdicts: admins },
  'GET /api/users/v1': { verdicts: admins },
  'POST /api/user/v1': { verdicts: admins, call: (f) => ({ body: { email: `${f.unique('new')}@example.com`, name: 'New User', rawPassphrase: strongPassphrase } }) },
  'PUT /api/user/v1/:id': { verdicts: admins, call: async (f) => ({ params: { id: await f.freshUserId() }, body: { email: `${f.unique('renamed')}@example.com`, name: 'Renamed', role: 'CSR' } }) },
  'DELETE /api/user/v1/:id': { verdicts: admins, call: async (f) => ({ params: { id: await f.freshUserId() } }) },
  'GET /api/subscribers/search/v1': { verdicts: admins, call: (f) => ({ query: { subCodePattern: f.subscriber } }) },
  'PUT /api/subscriber/v1/:code': { verdicts: admins, call: (f) => ({ params: { code: f.unique('SUB') }, body: { name: 'New Subscriber' } }) },
  'DELETE /api/subscriber/v1/:code': { verdicts: admins, call: async (f) => ({ params: { code: await f.freshSubscriber() } }) },
  'GET /api/subscriber/v1/:code/consumer': { verdicts: admins, call: (f) => ({ params: { code: f.subscriber } }) },
  'PUT /api/subscriber/v1/:code/consumer': { verdicts: admins, call: async (f) => ({ params: { code: await f.freshSubscriber() }, body: { username: f.unique('mwc'), passphrase: strongPassphrase } }) },
  'DELETE /api/subscriber/v1/:code/consumer': { verdicts: admins, call: async (f) => ({ params: { code: await f.freshSubscriber({ withConsumer: true }) } }) },
  'GET /api/devices/search/v1': { verdicts: admins, call: (f) => ({ query: { searchPattern: f.line } }) },
  'GET /api/device/v1/reportingUrl/:code': { verdicts: admins, call: (f) => ({ params: { code: f.line } }) },
  'POST /api/device/v1/provision': { verdicts: admins, call: (f) => ({ body: { lineOfServiceCode: f.unique('LOS') } }) },
  'PUT /api/lineOfService/v1/:code': { verdicts: admins, call: async (f) => ({ params: { code: await f.freshLine() }, body: { subscriberCode: await f.freshSubscriber() } }) },
  'DELETE /api/lineOfService/v1/:code': { verdicts: admins, call: async (f) => ({ params: { code: await f.freshLine() } }) },
  'GET /api/audit/v1': { verdicts: admins, call: (f) => ({ query: { lineOfServiceCode: f.line } }) },
  // The collector: public to access control, credentialed by the reporting URL's token.
  'POST /report/v1/:token': { verdicts: everyone, call: report },
  'PUT /report/v1/:token': { verdicts: everyone, call: report },
  'GET /report/v1/:token/commands': { verdicts: everyone, call: (f) => ({ params: { token: f.reportToken }, query: { wait: '0' } }) },
  'POST /report/v1/:token/commands/:messageId': { verdicts: everyone, call: (f) => ({ params: { token: f.reportToken, messageId: randomUUID() }, body: { result: 'ACK' } }) },
  // The ACS: public to access control, credentialed by the ACS URL's token or HTTP credentials.
  'POST /cwmp/v1/:token': { verdicts: everyone, call: (f) => ({ params: { token: f.reportToken }, body: cpeEnvelope('<cwmp:GetRPCMethods/>', '1') }) },
  'POST /cwmp/v1': { verdicts: everyone, call: () => ({ body: cpeEnvelope('<cwmp:GetRPCMethods/>', '1') }) },
  // The built web client (every file outside /api/, /report/ and /cwmp/): public.
  'GET (static file)': { verdicts: everyone },
};
