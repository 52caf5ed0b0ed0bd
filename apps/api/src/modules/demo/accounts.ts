/**
 * The demo's accounts and what they sign in with (README "Demo-Zugänge"): one employer, its employee
 * and HR admin, the provider's admin. The browser journeys and the tests sign in with these.
 */
export const DEMO_PASSWORD = 'Demo-Passwort-1';
export const DEMO_REGISTER_CODE = 'DEMO2026';
export const DEMO_ACCOUNTS = {
  employee: 'max.mustermann@example.com',
  tenantAdmin: 'personal@example.com',
  providerAdmin: 'admin@example.com',
} as const;

/**
 * The demo admins' TOTP secret (demo data only; printed in the README), so anyone trying the demo can
 * log in as an admin with an authenticator app or `oathtool --totp -b <secret>`.
 */
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** A complete salary profile in the spec's `salaryInfo` shape (amounts in EUR). */
export const DEMO_SALARY_INFO = {
  federalState: 'NW',
  dateOfBirth: '1986-04-12',
  grossMonthlySalaryEur: 5200,
  taxClass: 1,
  spouseFactor: null,
  taxAllowance: 0,
  children: false,
  childrenUnder25: 0,
  childrenAllowances: 0,
  pensionInsurance: true,
  unemploymentInsurance: true,
  churchTax: true,
  akb: false,
  healthInsurance: 'STATUTORY',
  basicRateHealthInsurance: 14.6,
  additionalAmountHealthInsurance: 2.9,
  arbeitgeberzuschuss: false,
  beitragPkv: null,
  beitragPv: null,
  basisbeitragSteuerrelevant: null,
  companyPensionPlan: 0,
  arrivalKilometers: 18,
  arrivalNumber: 15,
  salaryConversions: [],
} as const;
