import { AbsenceTypes, StepTypes } from '@leasing/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The CHECK constraints whose lists the contract declares: the database refuses what the code does not
 * know, and a new absence type or step type is declared once, in the contract. The schema files build
 * these constraints from the same lists (`inContractList`), and `npm run db:derived-checks -w
 * @leasing/api` writes the migration that brings a database's constraints to the lists (a test fails
 * until it has: derived-checks.test.ts).
 */
export interface DerivedCheck {
  readonly table: string;
  readonly column: string;
  readonly constraint: string;
  readonly values: readonly string[];
}

export const DERIVED_CHECKS: readonly DerivedCheck[] = [
  {
    table: 'employee_absences',
    column: 'type',
    constraint: 'employee_absences_type_check',
    values: AbsenceTypes,
  },
  { table: 'orders', column: 'status', constraint: 'orders_status_check', values: StepTypes },
  {
    table: 'step_definitions',
    column: 'step_type',
    constraint: 'step_definitions_step_type_check',
    values: StepTypes,
  },
];

const quoted = (values: readonly string[]) =>
  values
    .map((value) => {
      // The lists are the contract's constants; a quote in one would be a defect, not data.
      if (!/^[A-Z][A-Z0-9_]*$/.test(value)) throw new Error(`not a constant's name: ${value}`);
      return `'${value}'`;
    })
    .join(', ');

/** `<column> IN (…)` for a schema file's `check(…)`, from the contract's list. */
export function inContractList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(quoted(values))})`;
}

/** The statements that make a database's constraint the list's (a migration's body). */
export function derivedCheckStatements(check: DerivedCheck): string[] {
  return [
    `ALTER TABLE "${check.table}" DROP CONSTRAINT IF EXISTS "${check.constraint}";`,
    `ALTER TABLE "${check.table}" ADD CONSTRAINT "${check.constraint}" CHECK ("${check.column}" IN (${quoted(check.values)}));`,
  ];
}

/**
 * The values a constraint allows, read from PostgreSQL's text of it (`pg_get_constraintdef`:
 * `CHECK ((type = ANY (ARRAY['SICK_PAY'::text, …])))`), or null when it is not such a list.
 */
export function valuesOfConstraint(definition: string): string[] | null {
  const list = /ANY \(\(?ARRAY\[(.*)\]\)?/.exec(definition)?.[1];
  if (!list) return null;
  return [...list.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

/** The statement that reads the constraints' texts. */
export const CONSTRAINTS_QUERY = sql`
  select c.conname as name, pg_get_constraintdef(c.oid) as definition
  from pg_constraint c join pg_namespace n on n.oid = c.connamespace
  where c.contype = 'c' and n.nspname = 'public'`;

/** The derived checks whose constraint in the database differs from the contract's list. */
export function outdatedChecks(constraints: readonly { name: string; definition: string }[]): DerivedCheck[] {
  const byName = new Map(constraints.map((c) => [c.name, c.definition]));
  return DERIVED_CHECKS.filter((check) => {
    const definition = byName.get(check.constraint);
    const values = definition ? valuesOfConstraint(definition) : null;
    // As sets: the contract's order is the screens', the database's is irrelevant.
    const allowed = new Set(values);
    return !values || allowed.size !== new Set(check.values).size || check.values.some((v) => !allowed.has(v));
  });
}
