import { ScimError as PatchLibraryError, scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';

import { invalidSyntax, invalidValue, mutability, ScimError } from './errors.js';
import { attribute, userInputOf, type UserInput } from './input.js';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, type ScimUser } from './wire.js';

/** More operations than a directory sends for one person (Entra: one per changed attribute). */
const MAX_OPERATIONS = 100;

/** The spellings of the attributes this service knows, by their lower-cased name (RFC 7643 §2.1). */
const CANONICAL: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'userName',
    'name',
    'name.givenName',
    'name.familyName',
    'name.formatted',
    'displayName',
    'active',
    'externalId',
    'emails',
    'id',
    'meta',
    'schemas',
  ].map((name) => [name.toLowerCase(), name]),
);

/** Attributes nobody but this service writes (RFC 7643 §3.1, §7): a PATCH on them is `mutability`. */
const READ_ONLY = new Set(['id', 'meta', 'schemas']);

const ENTERPRISE_LOWER = ENTERPRISE_SCHEMA.toLowerCase();

/**
 * An attribute path in this service's spelling: the known names whatever their case, the enterprise
 * extension's URN and `employeeNumber` likewise (`urn:…:enterprise:2.0:User:employeeNumber`), value
 * filters and unknown names as they are.
 */
function canonicalPath(path: string): string {
  const lower = path.toLowerCase();
  if (lower.startsWith(ENTERPRISE_LOWER)) {
    const rest = path.slice(ENTERPRISE_SCHEMA.length);
    return ENTERPRISE_SCHEMA + (rest.toLowerCase() === ':employeenumber' ? ':employeeNumber' : rest);
  }
  const bracket = path.indexOf('[');
  if (bracket >= 0) {
    const head = path.slice(0, bracket);
    return (CANONICAL[head.toLowerCase()] ?? head) + path.slice(bracket);
  }
  return CANONICAL[lower] ?? path;
}

/** The attribute a path starts at (`name` of `name.givenName`, `emails` of `emails[type eq "work"].value`). */
const rootOf = (path: string) => path.split(/[.[]/, 1)[0] ?? path;

type Operation = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown };

/**
 * The operations of a PatchOp body (RFC 7644 §3.5.2) as scim-patch takes them: `op` in any case
 * (Entra writes "Replace"), paths and the keys of a value object in this service's spelling, the
 * read-only attributes refused. Everything else about the operations scim-patch checks itself.
 */
function operationsOf(body: unknown): Operation[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidSyntax('The body must be a PatchOp object');
  }
  const schemas = attribute(body as Record<string, unknown>, 'schemas');
  if (
    !Array.isArray(schemas) ||
    !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())
  ) {
    throw invalidSyntax(`schemas must contain ${PATCH_SCHEMA}`);
  }
  const operations = attribute(body as Record<string, unknown>, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_OPERATIONS) {
    throw invalidSyntax(`Operations must be a list of 1 to ${MAX_OPERATIONS} operations`);
  }
  return operations.flatMap((raw): Operation[] => {
    if (typeof raw !== 'object' || raw === null) throw invalidSyntax('Each operation must be an object');
    const given = raw as Record<string, unknown>;
    const op = attribute(given, 'op');
    const path = attribute(given, 'path');
    const value = attribute(given, 'value');
    const kind = typeof op === 'string' ? op.toLowerCase() : '';
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove') {
      throw invalidSyntax('op must be add, replace or remove');
    }
    if (path !== undefined && (typeof path !== 'string' || path.trim() === '')) {
      throw invalidSyntax('path must be a non-empty string');
    }
    if (path === undefined) {
      if (kind === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw invalidValue('An operation without a path needs an object as its value');
      }
      return pathOperations(kind, value as Record<string, unknown>);
    }
    const canonical = canonicalPath(path.trim());
    refuseReadOnly([canonical]);
    if (kind === 'remove' && (canonical === 'userName' || canonical === 'active')) {
      throw mutability(`${canonical} cannot be removed`);
    }
    return [{ op: kind, path: canonical, ...(kind === 'remove' && value === undefined ? {} : { value }) }];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An add or replace without a path as one operation per attribute it names (RFC 7644 §3.5.2.1 and
 * .3): the sub-attributes of a complex value (`name`, the enterprise extension) are set one by one and
 * the others left as they are; a dotted or URN-qualified key (Entra's `"name.givenName"`) is a path of
 * its own. scim-patch would replace a complex attribute whole and split an extension's URN at its dot.
 */
function pathOperations(op: 'add' | 'replace', value: Record<string, unknown>): Operation[] {
  const operations: Operation[] = [];
  for (const [key, given] of Object.entries(value)) {
    const path = canonicalPath(key);
    refuseReadOnly([path]);
    if (!isObject(given)) {
      operations.push({ op, path, value: given });
      continue;
    }
    const separator = path === ENTERPRISE_SCHEMA ? ':' : '.';
    for (const [sub, subValue] of Object.entries(given)) {
      operations.push({ op, path: canonicalPath(`${path}${separator}${sub}`), value: subValue });
    }
  }
  return operations;
}

function refuseReadOnly(paths: string[]): void {
  const readOnly = paths.find((p) => READ_ONLY.has(rootOf(p)));
  if (readOnly) throw mutability(`${rootOf(readOnly)} is read-only`);
}

/**
 * A PATCH applied to the resource as it is: the operations in order on a copy (scim-patch: filters,
 * value objects with dotted and URN keys, add on a missing attribute), then the result read as a whole
 * resource, which checks every value once (Entra's "False" becomes false there). Nothing is written
 * here: the caller compares the result with what is kept and changes only what differs.
 */
export function applyPatch(current: ScimUser, body: unknown): UserInput {
  const operations = operationsOf(body);
  let patched: unknown;
  try {
    // scim-patch types meta's dates as Date; it never reads them, so the resource goes in as it is.
    patched = scimPatch(structuredClone(current) as unknown as ScimResource, operations as ScimPatchOperation[], {
      mutateDocument: true,
      treatMissingAsAdd: true,
    });
  } catch (error) {
    if (error instanceof PatchLibraryError) {
      const scimType = error.scimCode === 'noTarget' ? 'noTarget' : 'invalidPath';
      throw new ScimError(400, error.message || 'The operation cannot be applied', scimType);
    }
    throw error;
  }
  return userInputOf(patched, { requireSchema: false });
}
