/**
 * Whether a failure means "the database cannot be reached right now" (refused or dropped connection,
 * pool or connect timeout, server shutting down or full) rather than a fault in our code: such
 * requests answer 503 with Retry-After, so clients and the balancer try again instead of giving up.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** SQLSTATE classes 08 (connection exception), 57P0x (operator intervention), 53300 (too many connections). */
const SQLSTATE = /^(08\d{3}|57P0[1-4]|53300)$/;
const MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
