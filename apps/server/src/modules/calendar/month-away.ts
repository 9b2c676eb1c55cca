import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type AbsenceKind, absences, users } from '../../db/schema/index';

/** Days of a month grid at most: six weeks. */
export const GRID_DAYS = 42;

/** From grid day `day` on (0 = the grid's first Monday), `delta` more (or fewer) people on a list. */
export type CountChange = { sick: boolean; day: number; delta: number };

/**
 * One absence's days within one week of the grid (grid days `from`–`to`), which the grid may draw as a
 * bar. Only the first `limit` runs of each list and start day come back, in the order the grid picks
 * them: the longest first, then the absence ending last, then by user id.
 */
export type RunCandidate = {
  userId: number;
  sick: boolean;
  from: number;
  to: number;
  /** The absence's own last day (past the grid when it goes on). */
  until: string;
  kind: AbsenceKind;
  firstName: string;
  lastName: string;
  avatar: string | null;
  sortName: string;
};

export type AwayOnGrid = { changes: CountChange[]; candidates: RunCandidate[] };

type Scope = {
  /** The grid's first day (a Monday) and last day (a Sunday). */
  start: string;
  end: string;
  /** Which absences: of a company, or of one person. */
  absencesOf: SQL;
  /** Which people (a condition on users: the company's active ones, filtered), or whoever owns them. */
  people?: SQL;
  /** Runs per list and start day; 0 for the counts only. */
  limit: number;
};

type Row = {
  changes: [boolean, number, number][] | null;
  runs:
    | [number, boolean, number, number, string, AbsenceKind, string, string, string | null, string][]
    | null;
};

/**
 * Who is away on a month grid, in one statement (decision 0015): how many people each list has each day,
 * as changes counted over every absence, and the few runs of days the grid can show. The work over all
 * absences (clipping, cutting at week ends, counting, ranking) stays in PostgreSQL; what comes back is
 * bounded by `limit`, whatever the size of the company. A person's absences never overlap (requests
 * refuse it), so counting absences counts people.
 */
export async function awayOnGrid(db: Db, scope: Scope): Promise<AwayOnGrid> {
  const start = sql`${scope.start}::date`;
  const end = sql`${scope.end}::date`;
  // The grid's last day as an offset: 27, 34 or 41 (four to six weeks).
  const last = sql`(${end} - ${start})`;
  // The owners' names come along: the rows are few by the time they are sent, and a second look-up of
  // users costs PGlite more in planning than carrying them does.
  const owners = sql`join ${users} on ${users.id} = ${absences.userId}${scope.people ? sql` and ${scope.people}` : sql``}`;
  // Runs: an absence's first week from its first grid day, then each later Monday it is still away on.
  // The ranking only needs the first `limit` of each list and start day; the LIMIT is the most there can
  // be, which also keeps the planner from guessing thousands (and compiling the statement with JIT).
  const detail =
    scope.limit > 0
      ? sql`,
    runs as (
      select user_id, sick, kind, to_date, first_name, last_name, avatar, sort_name,
             f as s, least(t, f / 7 * 7 + 6) as e
        from away
      union all
      select user_id, sick, kind, to_date, first_name, last_name, avatar, sort_name,
             monday.d, least(t, monday.d + 6)
        from away join (values (7), (14), (21), (28), (35)) as monday(d) on monday.d > f and monday.d <= t
    ),
    picked as (
      select * from (
        select runs.*, row_number() over (partition by sick, s order by e desc, to_date desc, user_id) as rank
          from runs
      ) ranked
      where rank <= ${sql.raw(String(scope.limit))}
      limit ${sql.raw(String(2 * GRID_DAYS * scope.limit))}
    )`
      : sql``;
  const picked =
    scope.limit > 0
      ? sql`(select json_agg(json_build_array(user_id, sick, s, e, to_date, kind,
                                              first_name, last_name, avatar, sort_name)) from picked)`
      : sql`null`;
  const [row] = await queryRows<Row>(
    db,
    sql`
    with away as materialized (
      select ${absences.userId} as user_id, ${absences.kind} as kind, ${absences.kind} = 'sick_leave' as sick,
             ${absences.toDate} as to_date, ${users.firstName} as first_name, ${users.lastName} as last_name,
             ${users.avatar} as avatar, ${users.sortName} as sort_name,
             greatest(${absences.fromDate} - ${start}, 0) as f, least(${absences.toDate} - ${start}, ${last}) as t
        from ${absences} ${owners}
       where ${scope.absencesOf} and ${absences.status} = 'approved'
         and ${absences.fromDate} <= ${end} and ${absences.toDate} >= ${start}
    ),
    changes as (
      select sick, f as day, count(*)::int as delta from away group by sick, f
      union all
      select sick, t + 1, -count(*)::int from away group by sick, t
    )${detail}
    select (select json_agg(json_build_array(sick, day, delta)) from changes) as changes,
           ${picked} as runs`,
  );
  return {
    changes: (row?.changes ?? []).map(([sick, day, delta]) => ({ sick, day, delta })),
    candidates: (row?.runs ?? []).map(
      ([userId, sick, from, to, until, kind, firstName, lastName, avatar, sortName]) => ({
        userId,
        sick,
        from,
        to,
        until,
        kind,
        firstName,
        lastName,
        avatar,
        sortName,
      }),
    ),
  };
}
