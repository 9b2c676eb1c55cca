import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { standingColumns } from '../src/modules/users/policy';

/**
 * Profile access is decided inside the statement that reads the person (standingColumns). Drizzle writes
 * a column without its table at the top of a field of a one-table select; inside the access subqueries a
 * bare "id" would resolve to one of their own tables' columns as soon as such a column existed.
 */
describe('the standing columns of a profile read', () => {
  it("compare the companies' members with the person's own id, named with its table", () => {
    const { sql: text } = new QueryBuilder()
      .select({ id: users.id, ...standingColumns(5) })
      .from(users)
      .where(eq(users.id, 7))
      .toSQL();

    expect(text).toContain('where t.user_id = "users"."id" and v.user_id = $1');
    expect(text).toContain('ug.company_id = "users"."company_id"');
  });
});
