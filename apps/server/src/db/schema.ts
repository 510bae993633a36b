import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staff and consumer accounts. `role` holds a stored role; MustChangePassphrase is derived. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['Admin', 'CSR', 'Consumer'] }).notNull(),
    passphraseHash: text('passphrase_hash').notNull(),
    mustChangePassphrase: boolean('must_change_passphrase').notNull().default(false),
    /**
     * A consumer's subscriber: they see that subscriber's lines of service. A consumer's `email`
     * holds their device-manager user name.
     */
    subscriberId: uuid('subscriber_id').references((): AnyPgColumn => subscribers.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/**
 * Signed-in sessions. Only a SHA-256 of the token is kept, so a copy of the table signs nobody in.
 * Idle and absolute expiry are checked against `last_seen_at` and `created_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signInMode: text('sign_in_mode', { enum: ['cahUser', 'sso', 'consumer'] }).notNull(),
    /** The ID token of a single sign-on, for the provider's logout (`id_token_hint`). */
    idToken: text('id_token'),
    /** Where signing out of this session sends the browser: the provider's logout address. */
    ssoLogoutUrl: text('sso_logout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Failed sign-ins per e-mail address, whether or not an account has that address, so an unknown
 * address locks and answers exactly like a known one.
 */
export const signInFailures = pgTable('sign_in_failures', {
  emailKey: text('email_key').primaryKey(),
  failedCount: integer('failed_count').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Single sign-on attempts between step 1 and step 2: the state the provider sends back, with the
 * nonce and PKCE verifier that belong to it. Used once; stale after ten minutes.
 */
export const ssoAttempts = pgTable('sso_attempts', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Reset links e-mailed by forgot-passphrase: digest only, single use, short-lived. */
export const passphraseResetTokens = pgTable(
  'passphrase_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('passphrase_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * Every forgot-passphrase request by address, known or not, for the per-address rate limit.
 * Rows older than the window are deleted as new ones arrive.
 */
export const passphraseResetRequests = pgTable(
  'passphrase_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailKey: text('email_key').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('passphrase_reset_requests_email_key_idx').on(table.emailKey, table.requestedAt),
  ],
);

/** Subscribers: the provider's customers, by the provider's own code. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberCode: text('subscriber_code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('subscribers_code_key').on(table.subscriberCode)],
);

/**
 * A line of service and the gateway on it. Provisioning creates the line with a reporting token;
 * the device's type, identifier, MAC and wanType stay empty until the gateway first reports.
 * The token is kept as issued because the provisioning screen shows the reporting URL again.
 */
export const linesOfService = pgTable(
  'lines_of_service',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineOfServiceCode: text('line_of_service_code').notNull(),
    subscriberId: uuid('subscriber_id').references(() => subscribers.id, { onDelete: 'set null' }),
    reportingToken: text('reporting_token').notNull(),
    deviceType: text('device_type'),
    deviceIdentifier: text('device_identifier'),
    deviceMac: text('device_mac'),
    /** `Device.DeviceInfo.ManufacturerOUI`: who made the gateway, six upper-case hex digits. */
    deviceOui: text('device_oui'),
    wanType: integer('wan_type'),
    externalUrl: text('external_url'),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('lines_of_service_code_key').on(table.lineOfServiceCode),
    uniqueIndex('lines_of_service_reporting_token_key').on(table.reportingToken),
    index('lines_of_service_subscriber_id_idx').on(table.subscriberId),
    index('lines_of_service_updated_at_idx').on(table.updatedAt),
  ],
);

/**
 * What search reads: one row per line of service (with its subscriber, if any) and one per
 * subscriber without a line. Kept in step with `subscribers` and `lines_of_service` by the
 * triggers of migration 0005, so every write path (provisioning, the collector) keeps it right;
 * the application never writes it. `search_text` carries a trigram index; `sort_key` gives the
 * result order, so a broad term walks that index and stops after a page.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id'),
    subscriberId: uuid('subscriber_id'),
    subscriberName: text('subscriber_name'),
    subscriberCode: text('subscriber_code'),
    lineOfServiceCode: text('line_of_service_code'),
    deviceType: text('device_type'),
    deviceIdentifier: text('device_identifier'),
    searchText: text('search_text').notNull(),
    sortKey: text('sort_key').notNull(),
  },
  (table) => [
    uniqueIndex('search_entries_line_id_key').on(table.lineId),
    index('search_entries_subscriber_id_idx').on(table.subscriberId),
    index('search_entries_sort_key_idx').on(table.sortKey),
  ],
);

/**
 * Every report a gateway has had accepted, by its CollectionTime: a re-sent report finds its
 * row and is stored once. Deprovisioning the line deletes its reports.
 */
export const gatewayReports = pgTable(
  'gateway_reports',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => linesOfService.id, { onDelete: 'cascade' }),
    collectionTime: timestamp('collection_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.collectionTime] })],
);

/**
 * The rollup tiers (seed 001 section 9): a chart span reads the tier whose spacing it draws.
 * Ingest writes the 60 s tier; the rollup job builds the others from it as their buckets close.
 */
export const tierSeconds = [60, 900, 7200, 28800] as const;
export type TierSeconds = (typeof tierSeconds)[number];

const lineReference = () =>
  uuid('line_id')
    .notNull()
    .references(() => linesOfService.id, { onDelete: 'cascade' });
/**
 * A tier table's line: no foreign key. Ingest writes some thirty tier rows a report, and the
 * key's check on each (a query and a row lock on the line) cost a tenth of the database's time
 * per report; the state and the report ledger written in the same transaction keep theirs, so a
 * report still cannot be stored for a line that is gone. Deprovisioning deletes a line's tier
 * rows itself (`tierTables`), after the line.
 */
const tierLine = () => uuid('line_id').notNull();
const tier = () => integer('tier').notNull();
const bucket = () => timestamp('bucket', { withTimezone: true }).notNull();
const sum = (name: string) => doublePrecision(name).notNull().default(0);
const samples = (name: string) => integer(name).notNull().default(0);

/**
 * Gateway health per tier bucket, as sums and sample counts so a bucket's average is exact at
 * every tier: CPU in percent, RAM in KiB, temperature in tenths of °C (reports with no reading
 * add nothing), the highest uptime in seconds.
 */
export const gatewayMetrics = pgTable(
  'gateway_metrics',
  {
    lineId: tierLine(),
    tier: tier(),
    bucket: bucket(),
    cpuSum: sum('cpu_sum'),
    cpuSamples: samples('cpu_samples'),
    ramTotalKibSum: sum('ram_total_kib_sum'),
    ramFreeKibSum: sum('ram_free_kib_sum'),
    ramSamples: samples('ram_samples'),
    temperatureTenthsSum: sum('temperature_tenths_sum'),
    temperatureSamples: samples('temperature_samples'),
    uptimeMaxSeconds: bigint('uptime_max_seconds', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.tier, table.bucket] })],
);

/**
 * Each LAN host's traffic and WiFi per tier bucket: bytes in (received by the host) and out as
 * deltas of the gateway's counters, signal in dBm and link rates in kbps as sums and counts.
 */
export const hostMetrics = pgTable(
  'host_metrics',
  {
    lineId: tierLine(),
    tier: tier(),
    bucket: bucket(),
    mac: text('mac').notNull(),
    bytesIn: bigint('bytes_in', { mode: 'number' }).notNull().default(0),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull().default(0),
    signalDbmSum: sum('signal_dbm_sum'),
    signalSamples: samples('signal_samples'),
    downlinkKbpsSum: sum('downlink_kbps_sum'),
    uplinkKbpsSum: sum('uplink_kbps_sum'),
    rateSamples: samples('rate_samples'),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.tier, table.bucket, table.mac] })],
);

/**
 * Higher-tier buckets to build: a 900 s bucket that took 60 s data, a 7200 s bucket whose
 * 900 s buckets were built, a 28800 s bucket whose 7200 s buckets were. The rollup builds each
 * once it has closed; keyed by tier and time first, so it finds the closed ones by range.
 */
export const rollupPending = pgTable(
  'rollup_pending',
  { lineId: lineReference(), tier: tier(), bucket: bucket() },
  (table) => [primaryKey({ columns: [table.tier, table.bucket, table.lineId] })],
);

/**
 * How far each higher tier is built: every bucket of `tier` that starts before `builtBefore`
 * holds what its closing found. Chart reads take the buckets past it from the tiers below.
 */
export const rollupProgress = pgTable('rollup_progress', {
  tier: integer('tier').primaryKey(),
  builtBefore: timestamp('built_before', { withTimezone: true }).notNull(),
});

/** Each WAN series' `[sum, samples]` in one bucket, by series name; see `wanMetrics`. */
export type WanSeriesSums = Record<string, [sum: number, samples: number]>;

/**
 * A WAN line's series per tier bucket, all of a bucket's in one row: DSL gauges and G.INP
 * counter deltas per line and direction (`dsl.1.snr.downstream`, `dsl.1.ginpRtxc.upstream`),
 * DOCSIS SNR per downstream channel and symbol rate per upstream channel (`docsis.ds.17.snr`,
 * `docsis.us.3.symbolRate`), each as its sum and sample count. Lines have one, two or thirty-two
 * channels, so series are keys, not columns; and a month of a DOCSIS line's 28 series is its 90
 * buckets' rows, not 2,520 (one row per series cost PGlite 11 ms to read; decision 017). Units
 * are TR-181's: tenths of dB and dBmV, kbps, symbols per second.
 */
export const wanMetrics = pgTable(
  'wan_metrics',
  {
    lineId: tierLine(),
    tier: tier(),
    bucket: bucket(),
    series: jsonb('series').$type<WanSeriesSums>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.tier, table.bucket] })],
);

/** The tables whose rows are tier buckets, each keyed by line, tier and bucket first. */
export const tierTables = [gatewayMetrics, hostMetrics, wanMetrics] as const;

/** Cumulative counters the next report's deltas are taken from, by series name. */
export type LineCounters = Record<string, number>;

/**
 * What a LAN host's latest report said that changes with every report, times in epoch ms: the
 * byte counters the next report's deltas are taken from (and when they were read), signal and
 * link rates, when it was last online and last listed.
 */
export interface HostReading {
  signalDbm: number | null;
  downlinkKbps: number | null;
  uplinkKbps: number | null;
  bytesSentCounter: number | null;
  bytesReceivedCounter: number | null;
  countersAt: number | null;
  lastOnlineAt: number | null;
  reportedAt: number;
}

/** Each LAN host's latest reading, by MAC. */
export type HostReadings = Record<string, HostReading>;

/** The latest of each gateway, for the summary; one row per line. */
export const gatewayState = pgTable('gateway_state', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => linesOfService.id, { onDelete: 'cascade' }),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  uptimeSeconds: bigint('uptime_seconds', { mode: 'number' }),
  firmwareVersion: text('firmware_version'),
  clientVersion: text('client_version'),
  buildIdentifier: text('build_identifier'),
  wanIp: text('wan_ip'),
  /** The gateway's own reporting interval (`Device.BulkData.Profile.{i}.ReportingInterval`). */
  reportingIntervalSeconds: integer('reporting_interval_seconds'),
  cpuPercent: doublePrecision('cpu_percent'),
  ramTotalKib: doublePrecision('ram_total_kib'),
  ramFreeKib: doublePrecision('ram_free_kib'),
  temperatureTenths: integer('temperature_tenths'),
  /** Seed 001 section 3's capability flags the gateway has shown, kept once seen. */
  capabilities: text('capabilities')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lineCounters: jsonb('line_counters').$type<LineCounters>().notNull().default({}),
  hostReadings: jsonb('host_readings').$type<HostReadings>().notNull().default({}),
});

/**
 * What happened to a gateway, for the uptime report and the charts: `reboot` (UpTime went back;
 * at = when it came up), `offline` (a gap in its reports longer than its reporting interval
 * allows; at to until), `retrain` (a DSL line trained again; `detail` = the line's instance).
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    lineId: lineReference(),
    kind: text('kind', { enum: ['reboot', 'offline', 'retrain'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    detail: integer('detail').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.kind, table.detail, table.at] })],
);

/**
 * Every LAN host a gateway has reported: what describes it (name, addresses, connection, band,
 * blocked, first connected), which seldom changes, so a row is written only when it does. What
 * changes with every report (counters, signal, rates, last online) is in
 * `gateway_state.host_readings`: one value per gateway instead of a row per host.
 */
export const hostState = pgTable(
  'host_state',
  {
    lineId: lineReference(),
    mac: text('mac').notNull(),
    hostName: text('host_name'),
    connectionType: text('connection_type', {
      enum: ['WiFi', 'Ethernet', 'USB', 'Not reported'],
    }).notNull(),
    active: boolean('active').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    ipv4Addresses: text('ipv4_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ipv6Addresses: text('ipv6_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wifiBand: text('wifi_band'),
    wifiStandard: text('wifi_standard'),
    /** The name (SSID) of the WiFi network the host is on. */
    wifiNetwork: text('wifi_network'),
    firstConnectedAt: timestamp('first_connected_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.mac] })],
);

/**
 * Commands for a gateway, queued per line of service. The gateway fetches them on its command
 * poll and posts each result; the timeout states are derived from these times (see
 * modules/actions/command-state.ts), so no job has to move them along. A job only writes down
 * EXPIRED, for the audit trail, once a command has passed its time unanswered.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    messageId: uuid('message_id').primaryKey().defaultRandom(),
    lineId: lineReference(),
    action: text('action').notNull(),
    parameters: jsonb('parameters').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** ACK or NAK once the gateway answers; EXPIRED once the expiry job found it unanswered. */
    outcome: text('outcome', { enum: ['ACK', 'NAK', 'EXPIRED'] }),
    /** The gateway's message with a NAK. */
    value: text('value'),
  },
  (table) => [
    index('device_commands_line_id_idx').on(table.lineId, table.requestedAt),
    // What the expiry job looks for: few rows, since most commands are answered in seconds.
    index('device_commands_unanswered_idx')
      .on(table.requestedAt)
      .where(sql`${table.outcome} is null`),
  ],
);

/**
 * The latest of what a gateway reports as a whole rather than as a series: its WiFi radios and
 * networks, each band's site survey, its location, its DSL line sections, DOCSIS channel tables
 * and spectrum analysis. One row per line and kind, replaced by any newer report that carries
 * that kind.
 */
export const gatewaySnapshots = pgTable(
  'gateway_snapshots',
  {
    lineId: lineReference(),
    /**
     * `wifi`, `location`, `dsl`, `docsis`, `spectrum`, or `siteSurvey:<band>` (2.4GHz, 5GHz,
     * 6GHz): each band is kept apart.
     */
    kind: text('kind').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.kind] })],
);

/**
 * The audit trail: one row per change an admin made and per device command requested or ended
 * (docs/decisions/011-audit-trail.md). Actor, line and subscriber are copied as text, never
 * referenced: an entry outlives the user, line or subscriber it names. Rows are only inserted,
 * in the transaction of the change they record, and deleted past the retention.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    // A sequence, so entries of the same instant still read newest first.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind', { enum: ['user', 'gateway', 'system'] }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    lineOfServiceCode: text('line_of_service_code'),
    subscriberCode: text('subscriber_code'),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('audit_entries_at_idx').on(table.at, table.id),
    index('audit_entries_line_idx').on(table.lineOfServiceCode, table.at, table.id),
    index('audit_entries_subscriber_idx').on(table.subscriberCode, table.at, table.id),
    index('audit_entries_actor_idx').on(table.actorUserId, table.at, table.id),
  ],
);

/**
 * The names and icons users gave a line's LAN devices (PUT /api/localnetwork), by MAC. A row
 * holds at least one of the two; clearing both deletes it. Kept apart from `host_state`, which
 * only the collector writes.
 */
export const lanDeviceLabels = pgTable(
  'lan_device_labels',
  {
    lineId: lineReference(),
    mac: text('mac').notNull(),
    alias: text('alias'),
    icon: text('icon'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.mac] })],
);

/**
 * A location a user set for a line (source `user`): it wins over the one the gateway reports
 * (`gateway_snapshots` kind `location`) while it is set. Degrees, rounded to 5 decimals.
 */
export const lineLocations = pgTable('line_locations', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => linesOfService.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Quality of experience (docs/qoe-model.md, decision 021): written by the scoring job that runs
 * with the rollup, read as stored by the QoE, uptime and dashboard routes. A score is 0–5 with
 * one decimal, -1 when the gateway did not report what it reads. Each row keeps the
 * measurements its scores read, so a page can say which one pulled a score down. A line's rows
 * go with it (foreign keys: the job writes them a batch at a time, not per report).
 */
const qoeScore = (name: string) => doublePrecision(name).notNull();
const qoeScoreColumns = () => ({
  overallScore: qoeScore('overall_score'),
  cpuPercentScore: qoeScore('cpu_percent_score'),
  freeRamScore: qoeScore('free_ram_score'),
  wifiScore: qoeScore('wifi_score'),
  physicalStatusScore: qoeScore('physical_status_score'),
  avgMaxUptimeScore: qoeScore('avg_max_uptime_score'),
});

/**
 * A line's scores for one 900 s bucket, from that bucket of the tier tables, and what they read:
 * average CPU load and free RAM in percent, the weakest WiFi devices' signal percent (seed 001
 * section 9's), temperature in °C, the DSL downstream margin and the mean DOCSIS downstream SNR
 * in dB, the highest uptime; and what the fleet figures add up: LAN devices listed, those on
 * WiFi, downstream bits per second, the WiFi devices' mean link rates, the access line's score.
 */
export const qoeIntervalScores = pgTable(
  'qoe_interval_scores',
  {
    lineId: lineReference(),
    bucket: bucket(),
    ...qoeScoreColumns(),
    usedCpuPercent: doublePrecision('used_cpu_percent'),
    freeRamPercent: doublePrecision('free_ram_percent'),
    wifiSignalPercent: doublePrecision('wifi_signal_percent'),
    temperatureC: doublePrecision('temperature_c'),
    dslMarginDb: doublePrecision('dsl_margin_db'),
    docsisSnrDb: doublePrecision('docsis_snr_db'),
    maxUptimeSeconds: bigint('max_uptime_seconds', { mode: 'number' }),
    lanHostCount: integer('lan_host_count').notNull(),
    wifiHostCount: integer('wifi_host_count').notNull(),
    downstreamBps: doublePrecision('downstream_bps'),
    wifiDownlinkKbps: doublePrecision('wifi_downlink_kbps'),
    wifiUplinkKbps: doublePrecision('wifi_uplink_kbps'),
    wanScore: doublePrecision('wan_score'),
  },
  (table) => [
    primaryKey({ columns: [table.lineId, table.bucket] }),
    // The fleet figures of a bucket, and retention.
    index('qoe_interval_scores_bucket_idx').on(table.bucket),
  ],
);

/** A line's daily averages (UTC days) of its interval scores, for the QoE page's table. */
export const qoeDailyScores = pgTable(
  'qoe_daily_scores',
  {
    lineId: lineReference(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    ...qoeScoreColumns(),
    usedCpuPercent: doublePrecision('used_cpu_percent'),
    usedRamPercent: doublePrecision('used_ram_percent'),
    lanHostCount: integer('lan_host_count'),
  },
  (table) => [
    primaryKey({ columns: [table.lineId, table.day] }),
    index('qoe_daily_scores_day_idx').on(table.day),
  ],
);

/**
 * One row per line that has been scored: the QoE report's (its scores over the 24 hours up to
 * its newest scored bucket) and the uptime report's (reboots and weighted average uptime over
 * 30 days). Indexed for the reports' default orders.
 */
export const qoeLineReports = pgTable(
  'qoe_line_reports',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => linesOfService.id, { onDelete: 'cascade' }),
    /** The newest scored bucket's start: the window is the 24 hours that end with it. */
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    ...qoeScoreColumns(),
    usedCpuPercent: doublePrecision('used_cpu_percent'),
    usedRamPercent: doublePrecision('used_ram_percent'),
    lanHostCount: integer('lan_host_count'),
    reboots: integer('reboots').notNull(),
    weightedAvgUptimeSeconds: doublePrecision('weighted_avg_uptime_seconds'),
  },
  (table) => [
    index('qoe_line_reports_overall_idx').on(table.overallScore),
    index('qoe_line_reports_uptime_idx').on(
      sql`${table.reboots} desc`,
      table.weightedAvgUptimeSeconds,
    ),
  ],
);

/**
 * The fleet's figures per 900 s bucket (decision 021): the dashboard widgets and the experience
 * rating factors, each added up over the lines scored in that bucket. A dashboard call reads
 * these rows by bucket: it never scans the lines.
 */
export const fleetMetrics = pgTable('fleet_metrics', {
  bucket: timestamp('bucket', { withTimezone: true }).primaryKey(),
  lineCount: integer('line_count').notNull(),
  connectedDevices: doublePrecision('connected_devices'),
  averageQoe: doublePrecision('average_qoe'),
  downstreamBpsAverage: doublePrecision('downstream_bps_average'),
  wifiPercent: doublePrecision('wifi_percent'),
  averageLocalNet: doublePrecision('average_local_net'),
  broadbandExperience: doublePrecision('broadband_experience'),
  deviceUptime: doublePrecision('device_uptime'),
  wifiRssi: doublePrecision('wifi_rssi'),
  wanSnr: doublePrecision('wan_snr'),
  wifiDownstream: doublePrecision('wifi_downstream'),
  wifiUpstream: doublePrecision('wifi_upstream'),
});

/**
 * The dashboard's heat map as its answer (`GET /api/fleetMap/v1`), one row: every located line
 * with its overall score, built by the QoE job when a run has scored, and sent as stored. The
 * answer names every located gateway, so building it per request scanned the whole fleet (385 ms
 * at 10,000 lines; bench/README.md, issue 15); a location or score shows at the next run.
 */
export const fleetMap = pgTable(
  'fleet_map',
  {
    id: integer('id').primaryKey().default(1),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    /** The answer's JSON text, `fleetMapResponseSchema`'s shape. */
    answer: text('answer').notNull(),
  },
  (table) => [check('fleet_map_one_row', sql`${table.id} = 1`)],
);

/**
 * A TR-069 line's gateway as the ACS knows it (decision 023): bound by its first Inform on the
 * line's current reporting token (a re-provisioned line's token differs, so its old gateway is
 * forgotten), what the ACS set on it, and what its sessions learnt of its data model.
 */
export const cwmpDevices = pgTable('cwmp_devices', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => linesOfService.id, { onDelete: 'cascade' }),
  /** The reporting token the gateway was bound on: another token means another binding. */
  reportingToken: text('reporting_token').notNull(),
  oui: text('oui').notNull(),
  productClass: text('product_class').notNull(),
  serialNumber: text('serial_number').notNull(),
  dataModel: text('data_model', { enum: ['tr181', 'tr098'] }).notNull(),
  /** The minor CWMP version of its last Inform's namespace (1.0 to 1.4). */
  cwmpMinor: integer('cwmp_minor').notNull(),
  connectionRequestUrl: text('connection_request_url'),
  /** The connection request credentials the ACS set on the gateway; null until it did. */
  connectionRequestUsername: text('connection_request_username'),
  connectionRequestPassword: text('connection_request_password'),
  /** The PeriodicInformInterval (s) the ACS last set. */
  informIntervalSeconds: integer('inform_interval_seconds'),
  /** The gateway's objects (GetParameterNames of the root, next level), null until asked. */
  objects: jsonb('objects').$type<string[]>(),
  /** Names the gateway answered 9005 on, left out of its reads until its next BOOT. */
  faultedNames: jsonb('faulted_names').$type<string[]>().notNull().default([]),
  /** It informed `8 DIAGNOSTICS COMPLETE`: the results are read in a session to come. */
  diagnosticsPending: boolean('diagnostics_pending').notNull().default(false),
  surveyRequestedAt: timestamp('survey_requested_at', { withTimezone: true }),
  /**
   * When the record last changed. A periodic Inform that changes nothing leaves it, so that a
   * session writes only its report (the line's `last_reported_at` says when it last informed).
   */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
