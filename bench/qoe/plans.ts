import type { Database } from '../../apps/server/src/db/client';

/**
 * What a call asks the database, and how the database answers it: the statements a call sends
 * (recorded as drizzle prepares them, as line-health/explain.ts does) and each read's plan under
 * `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`, with the tables each scan node read and how many rows
 * it produced. "Must not scan every line on each request" is read off `scans`: a Seq Scan of a
 * fleet-sized table, or an index scan that returns a row per line, would show here.
 */

interface Statement {
  sql: string;
  params: unknown[];
}

/** What drizzle's sessions hold on both engines: a client (pg pool or PGlite) with `query`. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface Session {
  client: RawClient;
  prepareQuery(query: Statement, ...rest: unknown[]): unknown;
}

const sessionOf = (database: Database) => (database.db as unknown as { session: Session }).session;

/** Runs `work` and answers the statements it sent through the app's database session. */
export async function recordStatements(
  database: Database,
  work: () => Promise<unknown>,
): Promise<Statement[]> {
  const session = sessionOf(database);
  const statements: Statement[] = [];
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    statements.push({ sql: query.sql, params: query.params });
    return prepare(query, ...rest);
  };
  try {
    await work();
  } finally {
    session.prepareQuery = prepare;
  }
  return statements;
}

/** A scan node of a plan: the table (or index) it read and the rows it produced in all. */
export interface Scan {
  node: string;
  relation: string;
  index: string | null;
  rows: number;
  /** Rows the scan read and threw away (its filter), in all loops. */
  removed: number;
}

export interface StatementPlan {
  sql: string;
  executionMs: number;
  scans: Scan[];
  /** The plan as PostgreSQL prints it in text, for the record. */
  text: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, into: Scan[]): Scan[] {
  if (node['Relation Name'] !== undefined) {
    const loops = node['Actual Loops'] ?? 1;
    into.push({
      node: node['Node Type'],
      relation: node['Relation Name'],
      index: node['Index Name'] ?? null,
      rows: Math.round((node['Actual Rows'] ?? 0) * loops),
      removed: Math.round(
        ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
          loops,
      ),
    });
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

/** Each read statement's plan, run after a warm run of the same statement. */
export async function explainStatements(
  database: Database,
  statements: readonly Statement[],
): Promise<StatementPlan[]> {
  const { client } = sessionOf(database);
  const plans: StatementPlan[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)/i.test(statement.sql)) continue;
    // Not every read: a `with … delete` or `insert` in a CTE would change the store.
    if (/\b(insert|update|delete)\b/i.test(statement.sql)) continue;
    await client.query(statement.sql, statement.params);
    const json = await client.query(
      `explain (analyze, buffers, format json) ${statement.sql}`,
      statement.params,
    );
    const text = await client.query(
      `explain (analyze, buffers) ${statement.sql}`,
      statement.params,
    );
    const raw = Object.values(json.rows[0] ?? {})[0];
    const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      Plan: PlanNode;
      'Execution Time': number;
    }[];
    plans.push({
      sql: statement.sql,
      executionMs: top?.['Execution Time'] ?? Number.NaN,
      scans: top ? scansOf(top.Plan, []) : [],
      text: text.rows.map((row) => String(Object.values(row)[0])).join('\n'),
    });
  }
  return plans;
}
