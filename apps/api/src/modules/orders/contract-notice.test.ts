import { CONTRACT_ENGLISH_NOTICE } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { typicalInput } from '../../test-support/contract-inputs.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { extractRuns } from '../../test-support/pdf-text.js';
import { CONTRACT_TITLE, buildContractDocument, renderTransferContract } from '../contract/contract-pdf.js';

/** The text of each page, lines joined and white space folded (the notice wraps over several lines). */
async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { runs } = await extractRuns(pdf);
  const pages = Math.max(...runs.map((r) => r.page));
  return Array.from({ length: pages }, (_, i) =>
    runs
      .filter((r) => r.page === i + 1)
      .map((r) => r.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  );
}
const notice = CONTRACT_ENGLISH_NOTICE.replace(/\s+/g, ' ');

describe('the English notice on the German transfer contract', () => {
  it('stands on the first page for an employee who chose English, and the contract stays German', async () => {
    const pages = await pageTexts(await renderTransferContract(typicalInput({ employeeLanguage: 'en' })));
    expect(pages[0]).toContain(notice);
    expect(pages[0]).toContain('only the German text is legally binding');
    expect(pages.slice(1).join(' ')).not.toContain('legally binding');
    expect(pages[0]).toContain('Überlassungsvertrag für ein Dienstfahrzeug mit');
    expect(pages.join(' ')).toContain('§ 10 Schlussbestimmungen');
  });

  it('is not there for German readers', async () => {
    for (const input of [typicalInput({ employeeLanguage: 'de' }), typicalInput()]) {
      const pages = await pageTexts(await renderTransferContract(input));
      expect(pages.join(' ')).not.toContain('This contract is in German');
      expect(buildContractDocument(input).englishNotice).toBeNull();
    }
  });

  it('keeps the notice short: the contract is the German text', () => {
    const doc = buildContractDocument(typicalInput({ employeeLanguage: 'en' }));
    expect(doc.title).toBe(CONTRACT_TITLE);
    expect(doc.englishNotice).toBe(CONTRACT_ENGLISH_NOTICE);
    expect(CONTRACT_ENGLISH_NOTICE.length).toBeLessThan(600);
  });
});

describe.each(databaseTargets())('the contract preview by the employee language on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
  });
  afterAll(async () => {
    await t.close();
  });

  const contractText = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/contract`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    return pageTexts(response.rawPayload);
  };
  const chooseLanguage = async (language: 'de' | 'en') => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/language',
      headers: bearer(employee),
      payload: { language },
    });
    expect(response.statusCode).toBe(204);
  };

  it('has no notice for an employee who reads German', async () => {
    expect((await contractText(employee)).join(' ')).not.toContain('This contract is in German');
  });

  it('shows the notice on the first page once the employee chose English, to the employer too', async () => {
    await chooseLanguage('en');
    const pages = await contractText(employee);
    expect(pages[0]).toContain(notice);
    // The employer's HR admin sees the employee's contract as the employee does.
    const admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    expect((await contractText(admin))[0]).toContain(notice);
    await chooseLanguage('de');
    expect((await contractText(employee)).join(' ')).not.toContain('This contract is in German');
  });
});
