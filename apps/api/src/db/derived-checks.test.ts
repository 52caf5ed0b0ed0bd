import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseTargets, openTestDatabase } from '../test-support/harness.js';
import { CONSTRAINTS_QUERY, DERIVED_CHECKS, outdatedChecks, valuesOfConstraint } from './derived-checks.js';

const absencesCheck = `CHECK ((type = ANY (ARRAY['SICK_PAY'::text, 'PARENTAL_LEAVE'::text, 'UNPAID_LEAVE'::text])))`;

describe('checks derived from the contract lists', () => {
  it("reads the values of PostgreSQL's text of a list constraint", () => {
    expect(valuesOfConstraint(absencesCheck)).toEqual(['SICK_PAY', 'PARENTAL_LEAVE', 'UNPAID_LEAVE']);
    expect(valuesOfConstraint('CHECK ((to_date IS NULL) OR (to_date >= from_date))')).toBeNull();
  });

  it('names a constraint that is missing, lacks a value or has one too many, in any order alike', () => {
    const absences = DERIVED_CHECKS.find((c) => c.table === 'employee_absences');
    expect(absences?.values).toEqual(['SICK_PAY', 'PARENTAL_LEAVE', 'UNPAID_LEAVE']);
    const others = DERIVED_CHECKS.filter((c) => c !== absences).map((c) => ({
      name: c.constraint,
      definition: `CHECK ((x = ANY (ARRAY[${[...c.values].reverse().map((v) => `'${v}'::text`)}])))`,
    }));
    const names = (definition: string | null) =>
      outdatedChecks([...others, ...(definition ? [{ name: 'employee_absences_type_check', definition }] : [])]).map(
        (c) => c.constraint,
      );
    expect(names(absencesCheck)).toEqual([]);
    expect(names(null)).toEqual(['employee_absences_type_check']);
    expect(names(absencesCheck.replace(", 'UNPAID_LEAVE'::text", ''))).toEqual(['employee_absences_type_check']);
    expect(names(absencesCheck.replace("'SICK_PAY'::text", "'SICK_PAY'::text, 'SABBATICAL'::text"))).toEqual([
      'employee_absences_type_check',
    ]);
  });
});

describe.each(databaseTargets())('the migrated database on %s', (target) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase(target, { from: 'migrated' });
  });
  afterAll(async () => {
    await opened.database.close();
    await opened.dropDatabase();
  });

  it('allows exactly the contract lists (else: npm run db:derived-checks -w @leasing/api)', async () => {
    const result = await opened.database.db.execute(CONSTRAINTS_QUERY);
    const rows = (result as unknown as { rows: { name: string; definition: string }[] }).rows;
    expect(outdatedChecks(rows).map((c) => c.constraint)).toEqual([]);
  });

  it('refuses a step type the contract does not know', async () => {
    const refusal = await opened.database.db
      .execute(
        sql`insert into step_definitions (id, step_type, step_name, order_number, final, success, user_enabled,
          user_visible, admin_visible, admin_enabled, tenant_admin_visible, tenant_admin_enabled)
          values (999, 'NOT_A_STEP', 'x', 999, false, false, false, false, false, false, false, false)`,
      )
      .then(
        () => null,
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(refusal).toMatch(/step_definitions_step_type_check/);
  });
});
