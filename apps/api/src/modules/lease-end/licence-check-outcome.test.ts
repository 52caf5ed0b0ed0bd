import { describe, expect, it } from 'vitest';

import type { CaseStatus, ProviderCase } from '../ident/provider.js';
import {
  ABANDON_AFTER_EXPIRY_MS,
  ASSUMED_LIFETIME_MS,
  decideLicenceCheck,
  licenceCheckReference,
} from './licence-check-outcome.js';

const created = new Date('2026-05-04T08:00:00Z');
const expiresAt = new Date('2026-05-04T08:30:00Z');
const check = { id: 'c0ffee00-0000-4000-8000-000000000001', createdAt: created, expiresAt };
const soon = new Date('2026-05-04T08:10:00Z');

function remote(status: CaseStatus, overrides: Partial<ProviderCase> = {}): { case: ProviderCase } {
  return {
    case: {
      caseId: 'case-0123456789',
      kind: 'LICENCE_CHECK',
      status,
      reference: licenceCheckReference(check.id),
      completedAt: status === 'PENDING' ? null : soon,
      failureReason: null,
      signedDocument: null,
      ...overrides,
    },
  };
}

describe('decideLicenceCheck', () => {
  it('records a success with the day the provider completed it', () => {
    expect(decideLicenceCheck(check, remote('SUCCEEDED'), soon)).toEqual({ kind: 'succeed', completedAt: soon });
  });

  it('keeps the provider’s reason of a refusal, unchanged but bounded and on one line', () => {
    expect(decideLicenceCheck(check, remote('FAILED', { failureReason: 'licence_not_confirmed' }), soon)).toEqual({
      kind: 'fail',
      reason: 'licence_not_confirmed',
    });
    const long = decideLicenceCheck(check, remote('FAILED', { failureReason: `a\n b ${'x'.repeat(500)}` }), soon);
    expect(long.kind === 'fail' && long.reason.length).toBe(200);
    expect(long.kind === 'fail' && long.reason.startsWith('a b x')).toBe(true);
  });

  it('names expired and cancelled cases when the provider gives no reason', () => {
    expect(decideLicenceCheck(check, remote('EXPIRED'), soon)).toEqual({ kind: 'fail', reason: 'expired' });
    expect(decideLicenceCheck(check, remote('CANCELLED'), soon)).toEqual({ kind: 'fail', reason: 'cancelled' });
    expect(decideLicenceCheck(check, remote('FAILED', { failureReason: '  ' }), soon)).toEqual({
      kind: 'fail',
      reason: 'failed',
    });
  });

  it('fails a case the provider does not know', () => {
    expect(decideLicenceCheck(check, { notFound: true }, soon)).toEqual({ kind: 'fail', reason: 'case_unknown' });
  });

  it('keeps a pending or unanswered check open until a day after its link ran out, then abandons it', () => {
    const justBefore = new Date(expiresAt.getTime() + ABANDON_AFTER_EXPIRY_MS - 1);
    const after = new Date(expiresAt.getTime() + ABANDON_AFTER_EXPIRY_MS);
    for (const answer of [remote('PENDING'), { unavailable: true } as const]) {
      expect(decideLicenceCheck(check, answer, justBefore)).toEqual({ kind: 'keep' });
      expect(decideLicenceCheck(check, answer, after)).toEqual({ kind: 'fail', reason: 'abandoned' });
    }
  });

  it('assumes a lifetime for checks started before the expiry was kept', () => {
    const old = { ...check, expiresAt: null };
    const limit = created.getTime() + ASSUMED_LIFETIME_MS + ABANDON_AFTER_EXPIRY_MS;
    expect(decideLicenceCheck(old, { unavailable: true }, new Date(limit - 1))).toEqual({ kind: 'keep' });
    expect(decideLicenceCheck(old, { unavailable: true }, new Date(limit))).toEqual({
      kind: 'fail',
      reason: 'abandoned',
    });
  });

  it('refuses a case of another kind or opened for another check, whatever its status', () => {
    expect(decideLicenceCheck(check, remote('SUCCEEDED', { kind: 'IDENT' }), soon)).toEqual({ kind: 'mismatch' });
    expect(
      decideLicenceCheck(check, remote('SUCCEEDED', { reference: licenceCheckReference('someone-else') }), soon),
    ).toEqual({ kind: 'mismatch' });
    expect(decideLicenceCheck(check, remote('FAILED', { reference: 'order-7' }), soon)).toEqual({ kind: 'mismatch' });
  });

  it('gives up a check whose case never matches once it is overdue for an answer, never as a success', () => {
    const after = new Date(expiresAt.getTime() + ABANDON_AFTER_EXPIRY_MS);
    expect(decideLicenceCheck(check, remote('SUCCEEDED', { kind: 'IDENT' }), after)).toEqual({
      kind: 'fail',
      reason: 'abandoned',
    });
  });
});
