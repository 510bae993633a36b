/** PostgreSQL's unique_violation, from pg or PGlite, whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Errors that mean the database cannot be reached right now (down, restarting, refusing
 * connections), as opposed to a query that is wrong: the server answers 503 for these and the
 * pool reconnects by itself once the database is back.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (
      /Connection terminated|connection (is )?closed|the database system is (starting up|shutting down)/i.test(
        current.message,
      )
    ) {
      return true;
    }
  }
  return false;
}
