/** Every API path, exactly as the seeds give them; server routes and web fetchers both use these. */
export const apiPaths = {
  health: '/api/health',
  authenticate: '/api/user/v1/authenticate',
  sso: '/api/user/v1/sso',
  consumerAuth: '/api/user/v1/consumerAuth',
  pingSecure: '/api/ping/secure',
  /** Not in the seeds: the client's sign-out also ends the session on the server. */
  signOut: '/api/user/v1/signOut',
  sendResetPassphraseLink: '/api/user/v1/sendResetPassphraseLink',
  changePassphraseWithToken: '/api/user/v1/changePassphraseWithToken',
  changePassphrase: '/api/user/v1/changePassphrase',
  roles: '/api/roles/v1',
  users: '/api/users/v1',
  user: '/api/user/v1',
  userById: '/api/user/v1/:id',
  subscribersSearch: '/api/subscribers/search/v1',
  subscriber: '/api/subscriber/v1/:code',
  /** Not in the seeds: the built-in device manager's consumer credentials for a subscriber. */
  subscriberConsumer: '/api/subscriber/v1/:code/consumer',
  devicesSearch: '/api/devices/search/v1',
  reportingUrl: '/api/device/v1/reportingUrl/:code',
  provision: '/api/device/v1/provision',
  lineOfService: '/api/lineOfService/v1/:code',
  /** Seed 001: a line of service with its subscriber and device, for staff and its consumer. */
  subscriberDevice: '/api/subscriberDevice/v1/:code',
  interestingSearch: '/api/interestingSearch/v1',
  search: '/api/search/v1/:query',
  deviceCapabilities: '/api/deviceCapabilities/v1/:code',
  /** Not in the seeds' call list: the gateway as the summary shows it. */
  gateway: '/api/gateway/v1/:code',
  /** Not in the seeds' call list: the footer's support information. */
  supportInfo: '/api/supportInfo/v1/:code',
  /** GET (not in the seeds' call list): the LAN devices; PUT: aliases and icons. */
  localNetwork: '/api/localnetwork/v1/:code',
  lineOfServiceLocation: '/api/lineOfServiceLocation/v1/:code',
  lineOfServiceLocationRefresh: '/api/lineOfServiceLocationRefresh/v1/:code',
  wifiSettings: '/api/wifiSettings/v1/:code',
  /** Not in the seeds: the tile server of the location panel's map (MAP_TILE_URL). */
  mapSettings: '/api/mapSettings/v1',
  macCounters: '/api/maccounter/v1/:losCode',
  macCountersSpan: '/api/maccounter/v1/span/:losCode',
  macCounters30: '/api/maccounter30/v1/:losCode',
  parameter: '/api/parameter/v1/:name',
  wifiSpectrumAnalyzer: '/api/wifiSpectrumAnalyzer/v1/:code',
  physicalStatusSpan: '/api/physicalStatus/v1/span/:losCode',
  wanStatsSpan: '/api/wanStats/v1/span/:losCode',
  docsisSpectrumAnalysis: '/api/docsisSpectrumAnalysis/v1/:losCode',
  deviceActionRequest: '/api/deviceActionRequest/v1/:losCode',
  deviceActionStatus: '/api/deviceActionStatus/v1/:losCode',
  qoeQuery: '/api/qoe/v1/query',
  qoeSpan: '/api/qoe/v1/span',
  individualQoeSpan: '/api/individualQoe/v1/span/:losCode',
  uptimeReport: '/api/uptimeReport/v1',
  populationMetricSpan: '/api/populationMetric/v1/span/:widgetPath',
  /** Not in the seeds (their client drew sample data): the demo dashboard's rating factors. */
  experienceRating: '/api/experienceRating/v1',
  /** Not in the seeds: the demo dashboard's heat map of located gateways. */
  fleetMap: '/api/fleetMap/v1',
  /** Not in the seeds: where the feedback collector frame loads from (FEEDBACK_URL), or none. */
  feedbackSettings: '/api/feedbackSettings/v1',
  /** Not in the seeds: the audit trail of admins' changes and device commands, for admins. */
  audit: '/api/audit/v1',
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** The collector's paths: a gateway's reporting URL is `{PUBLIC_URL}/report/v1/{token}`. */
export const reportPaths = {
  report: '/report/v1/:token',
  commands: '/report/v1/:token/commands',
  commandResult: '/report/v1/:token/commands/:messageId',
} as const;

/**
 * The ACS's paths (TR-069 CWMP, docs/tr069.md): a line's own ACS URL is
 * `{PUBLIC_URL}/cwmp/v1/{token}`, its token the reporting URL's; the shared one takes the line
 * of service code and that token as HTTP Basic or Digest credentials.
 */
export const acsPaths = {
  line: '/cwmp/v1/:token',
  shared: '/cwmp/v1',
} as const;

/** Headers every response carries and every request echoes (seed 000, section 7). */
export const sessionTokenHeader = 'x-cah-token';
export const buildHeader = 'x-cah-build';
