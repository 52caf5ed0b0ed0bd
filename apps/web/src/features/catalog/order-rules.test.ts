import { describe, expect, it } from 'vitest';

import type { PolicyVerdict } from '@leasing/contract';

import { isOrderDisabled, orderBlocker, type OrderChoice } from './order-rules';

const pkg = { id: 'p1', userPrice: 322.34 };

describe('order rules (spec 4.3)', () => {
  it('lets a complete choice with a net rate through', () => {
    expect(orderBlocker({ leasePackage: pkg, color: 'Reflexsilber', delivery: 'HOME' })).toBeNull();
    expect(isOrderDisabled({ leasePackage: pkg, color: 'Reflexsilber', delivery: 'HOME' })).toBe(false);
  });

  it('needs package, colour and delivery', () => {
    expect(orderBlocker({ leasePackage: null, color: 'Reflexsilber', delivery: 'HOME' })).toBe('MISSING_OPTIONS');
    expect(orderBlocker({ leasePackage: pkg, color: null, delivery: 'HOME' })).toBe('MISSING_OPTIONS');
    expect(orderBlocker({ leasePackage: pkg, color: '', delivery: 'HOME' })).toBe('MISSING_OPTIONS');
    expect(orderBlocker({ leasePackage: pkg, color: 'Reflexsilber', delivery: null })).toBe('MISSING_OPTIONS');
    // Missing options do not disable the button: it answers with the warning instead.
    expect(isOrderDisabled({ leasePackage: pkg, color: null, delivery: null })).toBe(false);
  });

  it('is disabled for a package without a net rate (no salary data)', () => {
    const choice = { leasePackage: { id: 'p1', userPrice: null }, color: 'Reflexsilber', delivery: 'HOME' } as const;
    expect(orderBlocker(choice)).toBe('NO_USER_PRICE');
    expect(isOrderDisabled(choice)).toBe(true);
  });

  it('is disabled for a package the employer programme refuses, once the verdict is known', () => {
    const refused: PolicyVerdict = {
      orderable: false,
      policyVersion: 2,
      reasons: [{ code: 'ABOVE_RATE_CAP', maxMonthlyGrossRateEur: 400, grossRateEur: 492.36, message: 'Bruttorate …' }],
    };
    const choice: OrderChoice = { leasePackage: pkg, color: 'Reflexsilber', delivery: 'HOME', policy: refused };
    expect(orderBlocker(choice)).toBe('POLICY_REFUSED');
    expect(isOrderDisabled(choice)).toBe(true);
    // Even before colour and delivery are chosen: the package itself is refused.
    expect(isOrderDisabled({ ...choice, color: null, delivery: null })).toBe(true);
    // Orderable, or not known yet: the button stays enabled (the server decides at the order).
    const orderable = { orderable: true, policyVersion: 2, reasons: [] };
    expect(orderBlocker({ ...choice, policy: orderable })).toBeNull();
    expect(orderBlocker({ ...choice, policy: null })).toBeNull();
    // Without a net rate the salary hint comes first.
    expect(orderBlocker({ ...choice, leasePackage: { id: 'p1', userPrice: null } })).toBe('NO_USER_PRICE');
  });
});
