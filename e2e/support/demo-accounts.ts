import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_REGISTER_CODE,
  DEMO_TOTP_SECRET,
} from '../../apps/api/src/modules/demo/accounts.js';

/**
 * The demo accounts the journeys sign in with (README "Demo accounts"), taken from the list the server
 * loads them from, so a changed password or secret is changed once.
 */

export { DEMO_PASSWORD, DEMO_REGISTER_CODE, DEMO_TOTP_SECRET };

/** What a person signs in with. */
export interface Account {
  email: string;
  password: string;
  /** The second factor's secret: every admin has one. */
  totpSecret?: string;
  /** Where a sign-in without a callback path lands: the role's home (ADR 0062); the search when left out. */
  home?: RegExp;
}

/** Max Mustermann, employee of the demo employer with a complete salary profile. */
export const DEMO_EMPLOYEE: Account = { email: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD };

/** The demo employer's HR admin (tenant admin of Muster GmbH). */
export const DEMO_HR: Account = {
  email: DEMO_ACCOUNTS.tenantAdmin,
  password: DEMO_PASSWORD,
  totpSecret: DEMO_TOTP_SECRET,
  // The employer portal's overview.
  home: /\/employer$/,
};

/** The provider's admin, who runs the back office. */
export const DEMO_PROVIDER: Account = {
  email: DEMO_ACCOUNTS.providerAdmin,
  password: DEMO_PASSWORD,
  totpSecret: DEMO_TOTP_SECRET,
  // The back office's dashboard.
  home: /\/provider$/,
};
