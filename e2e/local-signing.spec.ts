import { type Browser } from '@playwright/test';

import { startAppServer, type AppServer } from './support/app-server.js';
import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { orderAndSign } from './support/journeys.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

/**
 * The README's own start (`npm start`, no PUBLIC_URL): the app's default origin is
 * `http://localhost:<port>`. An employee who opened the app there, and one who opened it at
 * `http://127.0.0.1:<port>`, order, sign at the development trust service and come back to the order
 * signed in (their session lives in the origin they opened; lib/browser-origin.ts).
 */
test.describe('signing with PUBLIC_URL unset', () => {
  // A second app with its own embedded database starts first; each journey signs a whole order.
  test.describe.configure({ timeout: 240_000 });
  let app: AppServer;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    app = await startAppServer({ PUBLIC_URL: '' });
  });
  test.afterAll(async () => {
    await app.close();
  });

  const port = () => new URL(app.baseURL).port;
  const pageAt = async (browser: Browser, origin: string) => (await browser.newContext({ baseURL: origin })).newPage();

  for (const name of ['localhost', '127.0.0.1']) {
    test(`an employee at http://${name}:<port> signs and is back at the order`, async ({ browser }) => {
      const origin = `http://${name}:${port()}`;
      const page = await pageAt(browser, origin);
      await signIn(page, DEMO_EMPLOYEE);
      await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/vehicle\//);
      // At the first address the employee declines once: the order's own tab then says why.
      const orderId = await orderAndSign(page, { backAt: origin, declineFirst: name === 'localhost' });
      // The order page, opened anew at that origin, shows the signed order to the signed-in employee.
      await page.goto(`/order/${orderId}/workflow`);
      await expect(page.getByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      await page.context().close();
    });
  }
});
