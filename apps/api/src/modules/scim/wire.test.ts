import { describe, expect, it } from 'vitest';

import { ScimError } from './errors.js';
import { pagingOf, parseFilter } from './filter.js';
import { userInputOf } from './input.js';
import { applyPatch } from './patch.js';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, toScimUser, USER_SCHEMA } from './wire.js';

const user = toScimUser(
  {
    person: {
      id: '5171a35d-8207-4e06-8ce2-000000000001',
      email: 'larry.harris@example.com',
      firstName: 'Larry',
      lastName: 'Harris',
      employeeId: 'P-1',
      disabled: false,
      createdAt: new Date('2026-03-27T19:59:26Z'),
    },
    identity: undefined,
  },
  'https://leasing.example/scim/v2',
);

const patch = (...Operations: unknown[]) => applyPatch(user, { schemas: [PATCH_SCHEMA], Operations });

function scimError(run: () => unknown): ScimError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('the SCIM filter', () => {
  it('reads eq on userName, externalId and id, joined by and, in any case', () => {
    expect(parseFilter('userName eq "Test_User@Example.com"')).toEqual({
      userName: ['test_user@example.com'],
      externalId: [],
      id: [],
    });
    expect(parseFilter('EXTERNALID EQ "AbC" and id eq "x"')).toEqual({ userName: [], externalId: ['AbC'], id: ['x'] });
    expect(parseFilter(`${USER_SCHEMA}:userName eq "a@b.de"`).userName).toEqual(['a@b.de']);
    expect(parseFilter('emails[type eq "work"].value eq "a@b.de"').userName).toEqual(['a@b.de']);
    expect(parseFilter('userName eq "quote \\" inside"').userName).toEqual(['quote " inside']);
  });

  it('refuses every other filter as invalidFilter', () => {
    for (const filter of [
      'userName ne "a"',
      'userName eq "a" or id eq "b"',
      'displayName eq "a"',
      'userName eq 5',
      'userName eq "a" and',
      '',
    ]) {
      const error = scimError(() => parseFilter(filter));
      expect([error.status, error.scimType], filter).toEqual([400, 'invalidFilter']);
    }
  });

  it('pages from 1, at most 200, 100 unless asked', () => {
    expect(pagingOf({})).toEqual({ startIndex: 1, count: 100 });
    expect(pagingOf({ startIndex: '-3', count: '-1' })).toEqual({ startIndex: 1, count: 0 });
    expect(pagingOf({ startIndex: '21', count: '5000' })).toEqual({ startIndex: 21, count: 200 });
    expect(scimError(() => pagingOf({ count: '1.5' })).scimType).toBe('invalidValue');
  });
});

describe('a User body', () => {
  it("takes Entra's string booleans and the enterprise extension, and keeps nothing else", () => {
    expect(
      userInputOf(
        {
          schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
          USERNAME: 'Larry.Harris@Example.com',
          name: { GivenName: ' Larry ', familyName: 'Harris' },
          active: 'False',
          title: 'Engineer',
          [ENTERPRISE_SCHEMA]: { employeeNumber: '100009', department: 'HR' },
        },
        { requireSchema: true },
      ),
    ).toEqual({
      userName: 'larry.harris@example.com',
      givenName: 'Larry',
      familyName: 'Harris',
      active: false,
      externalId: null,
      employeeNumber: '100009',
    });
  });
});

describe('a PATCH', () => {
  it("applies Entra's disable request with the string False", () => {
    expect(patch({ op: 'Replace', path: 'active', value: 'False' }).active).toBe(false);
    expect(patch({ op: 'replace', path: 'Active', value: false }).active).toBe(false);
    expect(patch({ op: 'REPLACE', value: { active: 'True' } }).active).toBe(true);
  });

  it('reads paths and value-object keys whatever their case', () => {
    const input = patch(
      { op: 'replace', path: 'NAME.GIVENNAME', value: 'Kkom' },
      { op: 'Add', value: { 'name.familyName': 'Unua', [`${ENTERPRISE_SCHEMA.toUpperCase()}:EMPLOYEENUMBER`]: '7' } },
    );
    expect(input).toMatchObject({ givenName: 'Kkom', familyName: 'Unua', employeeNumber: '7' });
  });

  it('refuses a change of the read-only attributes', () => {
    expect(scimError(() => patch({ op: 'replace', path: 'meta.created', value: 'x' })).scimType).toBe('mutability');
    expect(scimError(() => patch({ op: 'add', value: { schemas: [] } })).scimType).toBe('mutability');
  });
});
