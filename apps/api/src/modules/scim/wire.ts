import { createHash } from 'node:crypto';

import type { DirectoryPerson } from '../account/index.js';
import type { IdentityRow } from './repository.js';

/** RFC 7643/7644 schema URNs. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Every answer's media type (RFC 7644 §3.1). */
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';

/** A person as SCIM knows them: the account and, once the directory touched them, SCIM's own row. */
export interface UserState {
  person: DirectoryPerson;
  identity: IdentityRow | undefined;
}

/** The User resource as this service keeps it (RFC 7643 §4.1, the enterprise extension's §4.3). */
export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName: string; familyName: string; formatted?: string };
  displayName?: string;
  active: boolean;
  emails: { value: string; type: 'work'; primary: true }[];
  [ENTERPRISE_SCHEMA]?: { employeeNumber: string };
  meta: {
    resourceType: 'User';
    created: string;
    lastModified: string;
    location: string;
    version: string;
  };
}

/**
 * The resource of a person. The one address is the user name and the work e-mail both; the personnel
 * number is the enterprise extension's `employeeNumber`. No attribute is written as null (Entra's
 * guidance): an attribute without a value is left out. `meta.version` is a weak ETag of everything
 * else, so a change made outside SCIM (the person's name in the portal) changes it too.
 */
export function toScimUser(state: UserState, baseUrl: string): ScimUser {
  const { person, identity } = state;
  const formatted = `${person.firstName} ${person.lastName}`.trim();
  const body: Omit<ScimUser, 'meta'> = {
    schemas: person.employeeId ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: person.id,
    ...(identity?.externalId ? { externalId: identity.externalId } : {}),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, ...(formatted ? { formatted } : {}) },
    ...(formatted ? { displayName: formatted } : {}),
    active: !person.disabled,
    emails: [{ value: person.email, type: 'work', primary: true }],
    ...(person.employeeId ? { [ENTERPRISE_SCHEMA]: { employeeNumber: person.employeeId } } : {}),
  };
  return {
    ...body,
    meta: {
      resourceType: 'User',
      created: person.createdAt.toISOString(),
      lastModified: (identity?.updatedAt ?? person.createdAt).toISOString(),
      location: `${baseUrl}/Users/${person.id}`,
      version: versionOf(body),
    },
  };
}

/** A weak entity tag over the resource's attributes (RFC 7644 §3.14). */
export function versionOf(body: object): string {
  return `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
}

/** `ListResponse` (RFC 7644 §3.4.2): `startIndex` is 1-based; `itemsPerPage` the number returned. */
export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
