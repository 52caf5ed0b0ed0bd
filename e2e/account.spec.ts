import { type Page } from '@playwright/test';

import { DEMO_REGISTER_CODE } from './support/demo-accounts.js';
import { mailLink } from './support/mailbox.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';


async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('an employee registers, confirms the address, keeps a salary profile, changes the e-mail and resets the password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `erika.${id}@example.com`;
  const newEmail = `erika.neu.${id}@example.com`;
  const password = 'Sonnige-Allee-2026';
  const newPassword = 'Ruhiger-Hafen-2027';

  await test.step('register with the employer code', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Registrieren' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await checkScreen(page, 'register code');
    await page.getByLabel(/Registrierungscode/).fill(DEMO_REGISTER_CODE);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(new RegExp(`/register/${DEMO_REGISTER_CODE}$`));
    await expect(page.getByLabel(/^Vorname/)).toBeVisible();
    await checkScreen(page, 'register');

    await page.getByLabel('Anrede').selectOption({ label: 'Frau' });
    await page.getByLabel(/^Vorname/).fill('Erika');
    await page.getByLabel(/^Nachname/).fill('Musterfrau');
    await page.getByLabel(/^E-Mail-Adresse/).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await page.getByRole('button', { name: 'Registrieren' }).click();

    await expect(page).toHaveURL(/\/check-email$/);
    await expect(page.getByRole('heading', { name: 'Bitte überprüfen Sie Ihre E-Mail' })).toBeVisible();
    await checkScreen(page, 'check your e-mail');
  });

  await test.step('confirm the address through the mailed link and sign in', async () => {
    const link = await mailLink(request, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
    expect(link).toContain('/user/emailConfirm/');
    await page.goto(link);
    await expect(page.getByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await checkScreen(page, 'login, e-mail confirmed');
    await signIn(page, { email, password });
  });

  await test.step('enter the salary profile with church tax and tax class 4', async () => {
    await page.getByRole('link', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/profile\/salary$/);
    await expect(page.getByRole('heading', { name: 'Persönliche Daten und Gehalt' })).toBeVisible();

    await page.getByLabel(/^Straße/).fill('Sonnenstraße');
    await page.getByLabel(/^Hausnummer/).fill('7');
    await page.getByLabel(/^PLZ/).fill('80331');
    await page.getByLabel(/^Ort/).fill('München');
    await page.getByLabel(/^Bundesland\s*\*?$/).selectOption('BY');
    await page.getByLabel(/^Geburtsort/).fill('Augsburg');

    await page.getByLabel(/^Bundesland der Beschäftigung/).selectOption('BY');
    await page.getByLabel(/^Geburtsdatum/).fill('12.04.1986');
    await page.getByLabel(/^Bruttomonatsgehalt/).fill('4800');
    await page.getByLabel(/^Steuerklasse/).selectOption('4');
    await page.getByLabel(/^Faktor/).fill('0,95');
    await page.getByRole('switch', { name: 'Kirchensteuerpflichtig' }).check();
    await expect(page.getByText('Kirchensteuersatz in Bayern: 8 %')).toBeVisible();
    await page.getByLabel(/^Entfernung Wohnung/).fill('12');
    await page.getByLabel(/^Arbeitstage im Büro/).fill('10');

    await checkScreen(page, 'salary profile, filled in');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
  });

  await test.step('see the stored values after a reload', async () => {
    await page.reload();
    await expect(page.getByLabel(/^Steuerklasse/)).toHaveValue('4');
    await expect(page.getByLabel(/^Faktor/)).toHaveValue('0,95');
    await expect(page.getByLabel(/^Bruttomonatsgehalt/)).toHaveValue('4.800 €');
    await expect(page.getByLabel(/^Geburtsdatum/)).toHaveValue('12.04.1986');
    await expect(page.getByLabel(/^Bundesland der Beschäftigung/)).toHaveValue('BY');
    await expect(page.getByRole('switch', { name: 'Kirchensteuerpflichtig' })).toBeChecked();
    await expect(page.getByLabel(/^Straße/)).toHaveValue('Sonnenstraße');
    await expect(page.getByText(/Ihr Profil ist noch unvollständig/)).toHaveCount(0);
  });

  await test.step('change the e-mail address and confirm it', async () => {
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const field = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await field.fill(newEmail);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    // Step-up: the change needs the current password.
    await expect(page.getByText('Bitte geben Sie ein Passwort ein.')).toBeVisible();
    await page.getByLabel(/^Aktuelles Passwort/).fill(password);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText(/Die Änderung wird wirksam, sobald Sie den Link/)).toBeVisible();
    await checkScreen(page, 'salary profile, e-mail change pending');
    await expect(field).toHaveValue(email);

    const link = await mailLink(request, newEmail, /neue E-Mail-Adresse/);
    await page.goto(link);
    await expect(page.getByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);
    await signOut(page);
    await signIn(page, { email: newEmail, password });
    await page.goto('/profile/salary');
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(newEmail);
    await signOut(page);
  });

  await test.step('reset the password through the mailed link and sign in with it', async () => {
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/forgotten$/);
    await checkScreen(page, 'forgotten password');
    await page.getByLabel(/^E-Mail-Adresse/).fill(newEmail);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Falls ein Konto mit dieser E-Mail-Adresse/ }),
    ).not.toHaveCount(0);

    const link = await mailLink(request, newEmail, /Passwort zurücksetzen/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
    await checkScreen(page, 'new password');
    await page.getByLabel(/^Neues Passwort/).fill(newPassword);
    await page.getByLabel(/^Passwort wiederholen/).fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);

    await signOut(page);
    await page.getByLabel(/Benutzername/).fill(newEmail);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText(/Benutzername oder Passwort/)).toBeVisible();
    await signIn(page, { email: newEmail, password: newPassword });
  });
});

test('the account screens answer wrong codes in German', async ({ page }) => {
  await page.goto('/register/GIBT-ES-NICHT');
  await page.getByLabel(/^Vorname/).fill('Max');
  await page.getByLabel(/^Nachname/).fill('Probe');
  await page.getByLabel(/^E-Mail-Adresse/).fill(`probe.${Date.now().toString(36)}@example.com`);
  await page.getByLabel(/^Passwort\s*\*?$/).fill('Ein-langes-Passwort');
  await page.getByLabel(/^Passwort wiederholen/).fill('Ein-langes-Passwort');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText(/Die Registrierung war leider nicht erfolgreich/)).toBeVisible();
  await expect(page).toHaveURL(/\/register\/GIBT-ES-NICHT$/);
  await checkScreen(page, 'register, unknown code');

  await page.goto('/user/emailConfirm/ungueltiger-code');
  await expect(page.getByText(/Der Link ist ungültig, abgelaufen oder wurde bereits verwendet/)).toBeVisible();
  await checkScreen(page, 'e-mail confirmation, invalid link');

  await page.goto('/user/passwordReset/ungueltiger-code');
  await page.getByLabel(/^Neues Passwort/).fill('Ein-langes-Passwort');
  await page.getByLabel(/^Passwort wiederholen/).fill('Ein-langes-Passwort');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText(/Das Passwort konnte nicht gespeichert werden/)).toBeVisible();
  await checkScreen(page, 'new password, invalid link');
});
