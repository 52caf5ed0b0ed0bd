import { registerEmployee } from './support/employees.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

test('a privately insured employee just above the JAEG is warned on the vehicle page', async ({ page }) => {
  const user = await registerEmployee(page, { firstName: 'Paula', lastName: 'Privat', emailPrefix: 'e2e.pkv' });
  const login = await page.request.post('/v1/auth/login', { data: { username: user.email, password: user.password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  // 6,600 EUR a month = 79,200 a year: any car's conversion takes the wage below the JAEG of 77,400.
  const saved = await page.request.put('/v1/user/info', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      addressDto: {
        title: 'ms',
        firstName: 'Paula',
        lastName: 'Privat',
        street: 'Lindenallee',
        streetNumber: '3',
        postcode: '50667',
        place: 'Köln',
        state: 'NW',
        placeOfBirth: 'Bonn',
        employeeId: null,
      },
      salaryInfo: {
        federalState: 'NW',
        dateOfBirth: '1985-05-15',
        grossMonthlySalaryEur: 6600,
        taxClass: 1,
        spouseFactor: null,
        taxAllowance: 0,
        children: false,
        childrenUnder25: 0,
        childrenAllowances: 0,
        pensionInsurance: true,
        unemploymentInsurance: true,
        churchTax: false,
        akb: false,
        healthInsurance: 'PRIVATE',
        basicRateHealthInsurance: null,
        additionalAmountHealthInsurance: null,
        arbeitgeberzuschuss: true,
        beitragPkv: 1100,
        beitragPv: 230,
        basisbeitragSteuerrelevant: 1150,
        companyPensionPlan: 0,
        arrivalKilometers: 0,
        arrivalNumber: 0,
        salaryConversions: [],
      },
    },
  });
  expect(saved.ok()).toBe(true);

  await signIn(page, user);
  const cards = page.getByTestId('vehicle-card');
  await expect(cards.first()).toBeVisible();
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/vehicle\//);
  await expect(page.getByTestId('tax-table')).toBeVisible();

  const warning = page.getByTestId('tax-warnings');
  await expect(warning).toContainText('Bitte vor der Bestellung prüfen');
  await expect(warning).toContainText('unter der Jahresarbeitsentgeltgrenze von 77.400,00');
  await expect(warning).toContainText('Versicherungspflicht in der gesetzlichen Krankenversicherung');
  await checkScreen(page, 'vehicle, with a warning');
});
