import 'i18next';

import type account from '../public/locales/de/account.json';
import type admin from '../public/locales/de/admin.json';
import type billing from '../public/locales/de/billing.json';
import type catalog from '../public/locales/de/catalog.json';
import type consent from '../public/locales/de/consent.json';
import type contractCheck from '../public/locales/de/contract-check.json';
import type employer from '../public/locales/de/employer.json';
import type faq from '../public/locales/de/faq.json';
import type integrations from '../public/locales/de/integrations.json';
import type legal from '../public/locales/de/legal.json';
import type orders from '../public/locales/de/orders.json';
import type profile from '../public/locales/de/profile.json';
import type provider from '../public/locales/de/provider.json';
import type security from '../public/locales/de/security.json';
import type translation from '../public/locales/de/translation.json';

// The German files are the source of truth for keys: a misspelt key is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      faq: typeof faq;
      legal: typeof legal;
      account: typeof account;
      profile: typeof profile;
      catalog: typeof catalog;
      orders: typeof orders;
      admin: typeof admin;
      consent: typeof consent;
      security: typeof security;
      employer: typeof employer;
      provider: typeof provider;
      'contract-check': typeof contractCheck;
      billing: typeof billing;
      integrations: typeof integrations;
    };
  }
}
