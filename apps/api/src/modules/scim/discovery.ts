import { MAX_RESULTS } from './filter.js';
import { ENTERPRISE_SCHEMA, listResponse, USER_SCHEMA } from './wire.js';

/**
 * The discovery endpoints (RFC 7644 §4, their schemas RFC 7643 §5–§7): what this service supports,
 * its one resource type and the attributes it keeps. The lists say only what is true: no bulk, no
 * sorting, no password changes, filters of `eq` joined by `and`.
 */

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

const meta = (baseUrl: string, resourceType: string, path: string) => ({
  resourceType,
  location: `${baseUrl}${path}`,
});

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A SCIM token the employer makes in its portal, sent as "Authorization: Bearer scim_…"',
        primary: true,
      },
    ],
    meta: meta(baseUrl, 'ServiceProviderConfig', '/ServiceProviderConfig'),
  };
}

export function userResourceType(baseUrl: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: "The employer's employees",
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: meta(baseUrl, 'ResourceType', '/ResourceTypes/User'),
  };
}

export const resourceTypes = (baseUrl: string) => listResponse([userResourceType(baseUrl)], 1, 1);

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default';
  uniqueness: 'none' | 'server';
  subAttributes?: Attribute[];
};

const attr = (name: string, description: string, options: Partial<Attribute> & Pick<Attribute, 'type'>): Attribute => ({
  name,
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const USER_ATTRIBUTES: Attribute[] = [
  attr('userName', "The person's e-mail address: their sign-in name, unique across the platform", {
    type: 'string',
    required: true,
    uniqueness: 'server',
  }),
  attr('name', "The person's name", {
    type: 'complex',
    subAttributes: [
      attr('givenName', 'First name (required)', { type: 'string' }),
      attr('familyName', 'Last name (required)', { type: 'string' }),
      attr('formatted', 'First and last name', { type: 'string', mutability: 'readOnly' }),
    ],
  }),
  attr('displayName', 'First and last name', { type: 'string', mutability: 'readOnly' }),
  attr('active', 'false: the person leaves that day and sign-in ends', { type: 'boolean' }),
  attr('emails', 'The work e-mail: the userName', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attr('value', 'The address', { type: 'string', mutability: 'readOnly' }),
      attr('type', 'work', { type: 'string', mutability: 'readOnly' }),
      attr('primary', 'true', { type: 'boolean', mutability: 'readOnly' }),
    ],
  }),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attr('employeeNumber', 'The personnel number (Personalnummer) of the payroll', { type: 'string' }),
];

export function schemaResources(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'User Account',
      attributes: USER_ATTRIBUTES,
      meta: meta(baseUrl, 'Schema', `/Schemas/${USER_SCHEMA}`),
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: ENTERPRISE_SCHEMA,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: ENTERPRISE_ATTRIBUTES,
      meta: meta(baseUrl, 'Schema', `/Schemas/${ENTERPRISE_SCHEMA}`),
    },
  ];
}

export function schemas(baseUrl: string) {
  const all = schemaResources(baseUrl);
  return listResponse(all, all.length, 1);
}
