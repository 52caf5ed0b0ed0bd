/**
 * What of an unexpected error may go to the log. A failed query's message carries its bound
 * parameters (names, salaries, e-mail addresses), and PostgreSQL's own messages and details quote
 * values: keep the SQL text, the error code and the constraint, never values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' || isDatabaseError(cause) || isDatabaseError(error)) {
    const db = isDatabaseError(cause) ? cause : isDatabaseError(error) ? error : null;
    return {
      type: error.name,
      message: 'Database query failed',
      ...(typeof query === 'string' ? { query } : {}),
      ...(db
        ? { code: db.code, constraint: db.constraint, table: db.table, column: db.column, routine: db.routine }
        : {}),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack };
}

interface DatabaseErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

function isDatabaseError(value: unknown): value is DatabaseErrorFields {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((value as { code: string }).code) &&
    'severity' in value
  );
}
