import { InvoiceFormats, InvoiceSkipReasons, InvoiceStatuses, InvoiceTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/billing.json';

describe('the billing namespace', () => {
  it('names every type, status, format and skip reason of the contract', () => {
    expect(Object.keys(de.types)).toEqual([...InvoiceTypes]);
    expect(Object.keys(de.statuses)).toEqual([...InvoiceStatuses]);
    expect(Object.keys(de.formats)).toEqual([...InvoiceFormats]);
    expect(Object.keys(de.skipReasons)).toEqual([...InvoiceSkipReasons]);
  });

  it('gives the formats the names the employers know', () => {
    expect(de.formats).toEqual({
      XRECHNUNG_UBL: 'XRechnung (UBL)',
      XRECHNUNG_CII: 'XRechnung (CII)',
      ZUGFERD_EN16931: 'ZUGFeRD (EN 16931)',
    });
  });
});
