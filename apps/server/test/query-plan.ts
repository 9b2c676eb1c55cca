import type { Db } from '../src/db/client';

/** A node of PostgreSQL's JSON plan, with the fields the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With ANALYZE: how many times the node ran (0: never executed). */
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/** Every node of a plan, the root first. */
export function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** The plan of a statement as the driver sends it: the same text and parameters. */
export const planOf = (db: Db, query: { sql: string; params: unknown[] }) =>
  explained(db, query, 'format json');

/** The same, run: each node with how often it ran. */
export const analyzedPlanOf = (db: Db, query: { sql: string; params: unknown[] }) =>
  explained(db, query, 'analyze, format json');

async function explained(
  db: Db,
  query: { sql: string; params: unknown[] },
  options: string,
): Promise<PlanNode> {
  const client = (
    db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }
  ).$client;
  const result = await client.query(`explain (${options}) ${query.sql}`, query.params);
  const row = result.rows[0] as Record<string, unknown>;
  const json = row['QUERY PLAN'];
  const plans = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return plans[0]!.Plan;
}
