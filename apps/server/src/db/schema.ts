import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
