import { InviteRequestSchema } from '@leasing/contract';
import { z } from 'zod/mini';

import { invalidSyntax, invalidValue } from './errors.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './wire.js';

/**
 * What this service keeps of a SCIM User: the e-mail as `userName`, the names, `active`, the
 * directory's `externalId` and the enterprise extension's `employeeNumber` (the personnel number).
 * Every other attribute a directory sends (title, phone numbers, addresses, the work e-mail, which is
 * the user name here, Entra's nickName …) is accepted and not kept; the read-only ones (`id`, `meta`)
 * are the service's own and ignored in a body (RFC 7643 §7).
 */
export interface UserInput {
  /** Lower-cased: the address is the sign-in name and compares case-insensitively. */
  userName: string;
  givenName: string;
  familyName: string;
  /** Not given (a PUT without it): left as it is. */
  active: boolean | undefined;
  externalId: string | null;
  employeeNumber: string | null;
}

/** The account's own rules for these values (the invitation's): one set of limits for HR and the directory. */
const PersonSchema = z.pick(InviteRequestSchema, { email: true, firstName: true, lastName: true, employeeId: true });

const SCIM_NAME_OF: Readonly<Record<string, string>> = {
  email: 'userName',
  firstName: 'name.givenName',
  lastName: 'name.familyName',
  employeeId: `${ENTERPRISE_SCHEMA}:employeeNumber`,
};

const MAX_EXTERNAL_ID = 255;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An attribute by name, whatever its case (attribute names are case-insensitive, RFC 7643 §2.1). */
export function attribute(object: Json, name: string): unknown {
  if (name in object) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

/**
 * A boolean as directories write it: JSON's, or Entra's strings "True" / "False" (sent by its SCIM
 * client unless the tenant URL opts into the compliant behaviour, aadOptscim062020).
 */
export function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue(`${name} must be a boolean`);
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string`);
  return value;
}

/**
 * The kept attributes of a whole User resource: a POST's or PUT's body (`requireSchema`: its
 * `schemas` must name the core User schema), or the result of a PATCH. Missing names or user name are
 * refused: the account needs them; a missing `externalId` or `employeeNumber` is none.
 */
export function userInputOf(body: unknown, options: { requireSchema: boolean }): UserInput {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  if (options.requireSchema) {
    const schemas = attribute(body, 'schemas');
    const named =
      Array.isArray(schemas) &&
      schemas.some((s) => typeof s === 'string' && s.toLowerCase() === USER_SCHEMA.toLowerCase());
    if (!named) throw invalidSyntax(`schemas must contain ${USER_SCHEMA}`);
  }
  const name = attribute(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) throw invalidValue('name must be an object');
  const names = isObject(name) ? name : {};
  const active = attribute(body, 'active');
  const externalId = optionalString(attribute(body, 'externalId'), 'externalId');
  if (externalId !== null && externalId.length > MAX_EXTERNAL_ID) {
    throw invalidValue(`externalId must be at most ${MAX_EXTERNAL_ID} characters`);
  }
  const parsed = PersonSchema.safeParse({
    email: requiredString(attribute(body, 'userName'), 'userName'),
    firstName: requiredString(attribute(names, 'givenName'), 'name.givenName'),
    lastName: requiredString(attribute(names, 'familyName'), 'name.familyName'),
    employeeId: employeeNumberOf(body),
  });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => SCIM_NAME_OF[String(i.path[0])] ?? String(i.path[0])))];
    throw invalidValue(`Invalid value of ${fields.join(', ')}`);
  }
  return {
    userName: parsed.data.email,
    givenName: parsed.data.firstName,
    familyName: parsed.data.lastName,
    active: active === undefined || active === null ? undefined : booleanOf(active, 'active'),
    externalId: externalId === '' ? null : externalId,
    employeeNumber: parsed.data.employeeId ? parsed.data.employeeId : null,
  };
}

function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidValue(`${name} is required`);
  return value;
}

/** The enterprise extension's employeeNumber: nested under the schema URN, or (a PATCH's key) flat. */
function employeeNumberOf(body: Json): string | null {
  const extension = attribute(body, ENTERPRISE_SCHEMA);
  if (extension !== undefined && extension !== null && !isObject(extension)) {
    throw invalidValue(`${ENTERPRISE_SCHEMA} must be an object`);
  }
  const nested = isObject(extension) ? attribute(extension, 'employeeNumber') : undefined;
  const value = nested ?? attribute(body, `${ENTERPRISE_SCHEMA}:employeeNumber`);
  return optionalString(value, 'employeeNumber');
}
