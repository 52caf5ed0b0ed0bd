import { describe, expect, it } from 'vitest';

import { pipelineAddressOf } from './admin-orders-address';

describe("a provider admin's /admin/orders address in the pipeline", () => {
  it('is the plain pipeline without a query', () => {
    expect(pipelineAddressOf('')).toBe('/provider/orders');
    expect(pipelineAddressOf('?')).toBe('/provider/orders');
  });

  it('keeps the search and the filters the pipeline knows', () => {
    expect(pipelineAddressOf('?q=anna+m&status=DELIVERY&step=ADMIN_CONFIRM')).toBe(
      '/provider/orders?q=anna+m&status=DELIVERY&step=ADMIN_CONFIRM',
    );
    expect(pipelineAddressOf(`?q=${encodeURIComponent('müller')}`)).toBe(
      `/provider/orders?q=${encodeURIComponent('müller')}`,
    );
  });

  it("drops the approvals' view and page, which mean nothing there", () => {
    expect(pipelineAddressOf('?view=all&page=3&q=42')).toBe('/provider/orders?q=42');
    expect(pipelineAddressOf('?view=open&page=2')).toBe('/provider/orders');
  });
});
