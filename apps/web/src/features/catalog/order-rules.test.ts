import { describe, expect, it } from 'vitest';

import { isOrderDisabled, orderBlocker } from './order-rules';

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
});
