import { describe, expect, it } from 'vitest';

import { automaticApprovalReason, employerApprovalOf } from './employer-approval.js';
import { stepOfType } from './steps.js';

const tenantStep = stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id;
const at = new Date('2026-04-10T07:30:00Z');
const record = (status: 'ACCEPTED' | 'DECLINED' | null, actorUserId: string | null, stepId = tenantStep) => ({
  stepId,
  status,
  actorUserId,
  modified: at,
});

describe("the employer's approval of an order", () => {
  it('is none while the step is open or after a refusal', () => {
    expect(employerApprovalOf([record(null, null)], 2)).toBeNull();
    expect(employerApprovalOf([record(null, null), record('DECLINED', 'admin')], 2)).toBeNull();
    // An accepted record of another step without an actor (the signature) is not the employer's.
    expect(employerApprovalOf([record('ACCEPTED', null, stepOfType('NECT_SIGN').id)], 2)).toBeNull();
  });

  it("is a tenant admin's click when the accepted record names an actor", () => {
    expect(employerApprovalOf([record(null, null), record('ACCEPTED', 'admin-id')], 2)).toEqual({
      kind: 'MANUAL',
      at: at.toISOString(),
      policyVersion: null,
      reason: null,
    });
  });

  it('is the programme’s, with the frozen version and the reason, when no one accepted it', () => {
    expect(employerApprovalOf([record(null, null), record('ACCEPTED', null)], 2)).toEqual({
      kind: 'AUTOMATIC',
      at: at.toISOString(),
      policyVersion: 2,
      reason: automaticApprovalReason(2),
    });
    expect(automaticApprovalReason(2)).toContain('Programmrichtlinie (Fassung 2)');
    // Orders from before the portal have no frozen policy: the defaults, version 0.
    expect(employerApprovalOf([record('ACCEPTED', null)], null)?.policyVersion).toBe(0);
  });
});
