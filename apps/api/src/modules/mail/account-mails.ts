/**
 * The account mails in German and English. German terms the reader meets elsewhere in the product
 * (the contract, payslips) are quoted in the English text and explained once.
 */
import type { AccountMail, InEveryLanguage } from './mail-types.js';

type Texts = { readonly [K in AccountMail['kind']]: InEveryLanguage<Extract<AccountMail, { kind: K }>> };

const NOT_YOU_DE = 'Wenn Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an den Support.';
const NOT_YOU_EN = 'If that was not you, please change your password at once and contact support.';

/**
 * Every change of the second factor is told to the account's address (ADR 0025): the owner learns of
 * an enrolment, a used recovery code, switching off or a reset they did not make.
 */
const SECOND_FACTOR_MAILS: Pick<
  Texts,
  'MFA_ENROL_CODE' | 'MFA_ENABLED' | 'MFA_RECOVERY_CODE_USED' | 'MFA_DISABLED' | 'MFA_RESET'
> = {
  MFA_ENROL_CODE: {
    de: (m) => ({
      subject: 'Ihr Code zur Einrichtung der Zwei-Faktor-Anmeldung',
      paragraphs: [
        `für Ihr Konto wird gerade die Zwei-Faktor-Anmeldung eingerichtet. Ihr Code lautet: ${m.code}`,
        'Der Code ist 15 Minuten gültig und kann einmal verwendet werden.',
        NOT_YOU_DE,
      ],
    }),
    en: (m) => ({
      subject: 'Your code to set up two-factor authentication',
      paragraphs: [
        `Two-factor authentication is being set up for your account. Your code is: ${m.code}`,
        'The code is valid for 15 minutes and can be used once.',
        NOT_YOU_EN,
      ],
    }),
  },
  MFA_ENABLED: {
    de: () => ({
      subject: 'Zwei-Faktor-Anmeldung eingerichtet',
      paragraphs: [
        'für Ihr Konto wurde soeben die Zwei-Faktor-Anmeldung mit einer Authenticator-App eingerichtet. Ab jetzt brauchen Sie bei der Anmeldung einen Code aus dieser App.',
        NOT_YOU_DE,
      ],
    }),
    en: () => ({
      subject: 'Two-factor authentication set up',
      paragraphs: [
        'Two-factor authentication with an authenticator app has just been set up for your account. From now on, signing in needs a code from that app.',
        NOT_YOU_EN,
      ],
    }),
  },
  MFA_RECOVERY_CODE_USED: {
    de: (m) => ({
      subject: 'Anmeldung mit einem Wiederherstellungscode',
      paragraphs: [
        `bei einer Anmeldung in Ihr Konto wurde soeben ein Wiederherstellungscode verwendet. Sie haben noch ${m.remaining} unbenutzte Codes.`,
        NOT_YOU_DE,
      ],
    }),
    en: (m) => ({
      subject: 'Sign-in with a recovery code',
      paragraphs: [
        `A recovery code has just been used to sign in to your account. You have ${m.remaining} unused codes left.`,
        NOT_YOU_EN,
      ],
    }),
  },
  MFA_DISABLED: {
    de: () => ({
      subject: 'Zwei-Faktor-Anmeldung ausgeschaltet',
      paragraphs: [
        'die Zwei-Faktor-Anmeldung Ihres Kontos wurde soeben ausgeschaltet. Für die Anmeldung genügt jetzt wieder Ihr Passwort.',
        NOT_YOU_DE,
      ],
    }),
    en: () => ({
      subject: 'Two-factor authentication switched off',
      paragraphs: [
        'Two-factor authentication has just been switched off for your account. Your password alone now signs you in.',
        NOT_YOU_EN,
      ],
    }),
  },
  MFA_RESET: {
    de: () => ({
      subject: 'Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt',
      paragraphs: [
        'der Anbieter hat die Zwei-Faktor-Anmeldung Ihres Kontos zurückgesetzt; alle Sitzungen wurden abgemeldet. Bei der nächsten Anmeldung richten Sie sie neu ein, mit einem Code, den wir Ihnen dann an diese Adresse senden.',
        'Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an den Support.',
      ],
    }),
    en: () => ({
      subject: 'Your two-factor authentication has been reset',
      paragraphs: [
        'The provider has reset the two-factor authentication of your account; all sessions have been signed out. When you next sign in, you set it up again, with a code we then send to this address.',
        'If you did not ask for this, please contact support at once.',
      ],
    }),
  },
};

const SET_PASSWORD_DE = 'Passwort festlegen';
const SET_PASSWORD_EN = 'Set password';

export const ACCOUNT_MAILS: Texts = {
  EMAIL_CONFIRM: {
    de: (m) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        'vielen Dank für Ihre Registrierung beim E-Auto-Leasing per Gehaltsumwandlung.',
        'Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link (gültig 48 Stunden):',
      ],
      action: { link: m.link, label: 'E-Mail-Adresse bestätigen' },
    }),
    en: (m) => ({
      subject: 'Please confirm your e-mail address',
      paragraphs: [
        'Thank you for registering for E-Auto-Leasing, the electric car lease paid by salary conversion ("Gehaltsumwandlung": part of your gross salary pays the lease rate).',
        'Please confirm your e-mail address with this link (valid for 48 hours):',
      ],
      action: { link: m.link, label: 'Confirm e-mail address' },
    }),
  },
  REGISTER_EXISTING: {
    de: (m) => ({
      subject: 'Registrierung mit Ihrer E-Mail-Adresse',
      paragraphs: [
        'jemand hat versucht, sich mit Ihrer E-Mail-Adresse neu zu registrieren. Für diese Adresse besteht bereits ein Konto.',
        'Wenn Sie das waren und Ihr Passwort nicht mehr wissen, können Sie es hier zurücksetzen. Andernfalls können Sie diese E-Mail ignorieren.',
      ],
      action: { link: m.resetLink, label: 'Passwort zurücksetzen' },
    }),
    en: (m) => ({
      subject: 'Registration with your e-mail address',
      paragraphs: [
        'Someone tried to register a new account with your e-mail address. An account already exists for this address.',
        'If that was you and you have forgotten your password, you can reset it here. Otherwise you can ignore this e-mail.',
      ],
      action: { link: m.resetLink, label: 'Reset password' },
    }),
  },
  PASSWORD_RESET: {
    de: (m) => ({
      subject: 'Passwort zurücksetzen',
      paragraphs: [
        'Sie haben angefordert, Ihr Passwort zurückzusetzen. Der Link ist eine Stunde gültig und kann einmal verwendet werden.',
        'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      ],
      action: { link: m.link, label: 'Neues Passwort festlegen' },
    }),
    en: (m) => ({
      subject: 'Reset your password',
      paragraphs: [
        'You asked to reset your password. The link is valid for one hour and can be used once.',
        'If that was not you, ignore this e-mail; your password stays unchanged.',
      ],
      action: { link: m.link, label: 'Set a new password' },
    }),
  },
  INVITE: {
    de: (m) => ({
      subject: `Einladung von ${m.tenantName}: E-Auto-Leasing per Gehaltsumwandlung`,
      paragraphs: [
        `${m.tenantName} lädt Sie ein, ein Elektroauto per Gehaltsumwandlung zu leasen.`,
        'Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage):',
      ],
      action: { link: m.link, label: SET_PASSWORD_DE },
    }),
    en: (m) => ({
      subject: `Invitation from ${m.tenantName}: lease an electric car through salary conversion`,
      paragraphs: [
        `${m.tenantName} invites you to lease an electric car through salary conversion ("Gehaltsumwandlung": the lease rate is paid from your gross salary).`,
        'Set your password with this link (valid for 7 days):',
      ],
      action: { link: m.link, label: SET_PASSWORD_EN },
    }),
  },
  ADMIN_INVITE: {
    de: (m) => ({
      subject: `Ihr Zugang als Personalverantwortliche(r) von ${m.tenantName}`,
      paragraphs: [
        `für ${m.tenantName} wurde ein Zugang zum E-Auto-Leasing per Gehaltsumwandlung eingerichtet. Damit geben Sie die Bestellungen Ihrer Beschäftigten frei und laden Beschäftigte ein.`,
        'Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage). Gleich danach richten Sie die Zwei-Faktor-Anmeldung mit einer Authenticator-App ein.',
      ],
      action: { link: m.link, label: SET_PASSWORD_DE },
    }),
    en: (m) => ({
      subject: `Your HR account for ${m.tenantName}`,
      paragraphs: [
        `An account for E-Auto-Leasing through salary conversion has been set up for ${m.tenantName}. With it you approve your employees' orders and invite employees.`,
        'Set your password with this link (valid for 7 days). Right after that, you set up two-factor authentication with an authenticator app.',
      ],
      action: { link: m.link, label: SET_PASSWORD_EN },
    }),
  },
  WELCOME: {
    de: (m) => ({
      subject: 'Willkommen beim E-Auto-Leasing',
      paragraphs: [
        'für Sie wurde ein Zugang eingerichtet. Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage):',
      ],
      action: { link: m.link, label: SET_PASSWORD_DE },
    }),
    en: (m) => ({
      subject: 'Welcome to E-Auto-Leasing',
      paragraphs: ['An account has been set up for you. Set your password with this link (valid for 7 days):'],
      action: { link: m.link, label: SET_PASSWORD_EN },
    }),
  },
  SSO_WELCOME: {
    de: (m) => ({
      subject: 'Willkommen beim E-Auto-Leasing',
      paragraphs: [
        `für Sie wurde ein Zugang zum E-Auto-Leasing per Gehaltsumwandlung von ${m.tenantName} eingerichtet.`,
        `Ein Passwort brauchen Sie nicht: Sie melden sich mit Ihrem Firmenkonto von ${m.tenantName} an.`,
      ],
      action: { link: m.link, label: 'Mit dem Firmenkonto anmelden' },
    }),
    en: (m) => ({
      subject: 'Welcome to E-Auto-Leasing',
      paragraphs: [
        `An account for E-Auto-Leasing through salary conversion has been set up for you by ${m.tenantName}.`,
        `You need no password: you sign in with your ${m.tenantName} company account.`,
      ],
      action: { link: m.link, label: 'Sign in with your company account' },
    }),
  },
  EMAIL_CHANGE_CONFIRM: {
    de: (m) => ({
      subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
      paragraphs: [
        'Sie möchten Ihre E-Mail-Adresse ändern. Bitte bestätigen Sie die neue Adresse mit diesem Link (gültig 24 Stunden):',
      ],
      action: { link: m.link, label: 'Neue E-Mail-Adresse bestätigen' },
    }),
    en: (m) => ({
      subject: 'Please confirm your new e-mail address',
      paragraphs: [
        'You would like to change your e-mail address. Please confirm the new address with this link (valid for 24 hours):',
      ],
      action: { link: m.link, label: 'Confirm new e-mail address' },
    }),
  },
  EMAIL_CHANGE_NOTICE: {
    de: () => ({
      subject: 'Änderung Ihrer E-Mail-Adresse angefordert',
      paragraphs: [
        'für Ihr Konto wurde eine Änderung der E-Mail-Adresse angefordert. Sie wird erst wirksam, wenn die neue Adresse bestätigt ist.',
        'Wenn Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an den Support.',
      ],
    }),
    en: () => ({
      subject: 'Change of your e-mail address requested',
      paragraphs: [
        'A change of the e-mail address of your account has been requested. It only takes effect once the new address is confirmed.',
        'If that was not you, please change your password at once and contact support.',
      ],
    }),
  },
  EMAIL_CHANGED: {
    de: () => ({
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      paragraphs: [
        'die E-Mail-Adresse Ihres Kontos wurde geändert. Künftige Nachrichten erhalten Sie an die neue Adresse.',
        'Wenn Sie das nicht waren, wenden Sie sich bitte sofort an den Support.',
      ],
    }),
    en: () => ({
      subject: 'Your e-mail address has been changed',
      paragraphs: [
        'The e-mail address of your account has been changed. From now on, messages will go to the new address.',
        'If that was not you, please contact support at once.',
      ],
    }),
  },
  PASSWORD_CHANGED: {
    de: () => ({
      subject: 'Ihr Passwort wurde geändert',
      paragraphs: [
        'das Passwort Ihres Kontos wurde soeben geändert. Alle anderen Sitzungen wurden abgemeldet.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück.',
      ],
    }),
    en: () => ({
      subject: 'Your password has been changed',
      paragraphs: [
        'The password of your account has just been changed. All other sessions have been signed out.',
        'If that was not you, please reset your password at once.',
      ],
    }),
  },
  ...SECOND_FACTOR_MAILS,
};
