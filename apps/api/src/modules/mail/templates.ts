/**
 * German mail texts. Every mail has a plain-text and an HTML part; user-supplied values are escaped in
 * the HTML part and never end up in headers except the recipient address (validated before).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export type MailTemplate =
  | { kind: 'EMAIL_CONFIRM'; firstName: string; link: string }
  | { kind: 'REGISTER_EXISTING'; firstName: string; resetLink: string }
  | { kind: 'PASSWORD_RESET'; firstName: string; link: string }
  | { kind: 'INVITE'; firstName: string; tenantName: string; link: string }
  | { kind: 'ADMIN_INVITE'; firstName: string; tenantName: string; link: string }
  | { kind: 'WELCOME'; firstName: string; link: string }
  | { kind: 'EMAIL_CHANGE_CONFIRM'; firstName: string; link: string }
  | { kind: 'EMAIL_CHANGE_NOTICE'; firstName: string }
  | { kind: 'EMAIL_CHANGED'; firstName: string }
  | { kind: 'PASSWORD_CHANGED'; firstName: string }
  | { kind: 'ORDER_UPDATE'; firstName: string; orderId: number; headline: string; paragraphs: string[]; link: string };

const SIGNATURE = 'Ihr Team von E-Auto-Leasing';

export function renderMail(template: MailTemplate): MailContent {
  const hello = `Hallo ${template.firstName},`;
  switch (template.kind) {
    case 'EMAIL_CONFIRM':
      return compose(
        'Bitte bestätigen Sie Ihre E-Mail-Adresse',
        hello,
        [
          'vielen Dank für Ihre Registrierung beim E-Auto-Leasing per Gehaltsumwandlung.',
          'Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link (gültig 48 Stunden):',
        ],
        template.link,
        'E-Mail-Adresse bestätigen',
      );
    case 'REGISTER_EXISTING':
      return compose(
        'Registrierung mit Ihrer E-Mail-Adresse',
        hello,
        [
          'jemand hat versucht, sich mit Ihrer E-Mail-Adresse neu zu registrieren. Für diese Adresse besteht bereits ein Konto.',
          'Wenn Sie das waren und Ihr Passwort nicht mehr wissen, können Sie es hier zurücksetzen. Andernfalls können Sie diese E-Mail ignorieren.',
        ],
        template.resetLink,
        'Passwort zurücksetzen',
      );
    case 'PASSWORD_RESET':
      return compose(
        'Passwort zurücksetzen',
        hello,
        [
          'Sie haben angefordert, Ihr Passwort zurückzusetzen. Der Link ist eine Stunde gültig und kann einmal verwendet werden.',
          'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
        ],
        template.link,
        'Neues Passwort festlegen',
      );
    case 'INVITE':
      return compose(
        `Einladung von ${template.tenantName}: E-Auto-Leasing per Gehaltsumwandlung`,
        hello,
        [
          `${template.tenantName} lädt Sie ein, ein Elektroauto per Gehaltsumwandlung zu leasen.`,
          'Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage):',
        ],
        template.link,
        'Passwort festlegen',
      );
    case 'ADMIN_INVITE':
      return compose(
        `Ihr Zugang als Personalverantwortliche(r) von ${template.tenantName}`,
        hello,
        [
          `für ${template.tenantName} wurde ein Zugang zum E-Auto-Leasing per Gehaltsumwandlung eingerichtet. Damit geben Sie die Bestellungen Ihrer Beschäftigten frei und laden Beschäftigte ein.`,
          'Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage). Bei der ersten Anmeldung richten Sie die Zwei-Faktor-Anmeldung ein.',
        ],
        template.link,
        'Passwort festlegen',
      );
    case 'WELCOME':
      return compose(
        'Willkommen beim E-Auto-Leasing',
        hello,
        ['für Sie wurde ein Zugang eingerichtet. Legen Sie mit diesem Link Ihr Passwort fest (gültig 7 Tage):'],
        template.link,
        'Passwort festlegen',
      );
    case 'EMAIL_CHANGE_CONFIRM':
      return compose(
        'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
        hello,
        [
          'Sie möchten Ihre E-Mail-Adresse ändern. Bitte bestätigen Sie die neue Adresse mit diesem Link (gültig 24 Stunden):',
        ],
        template.link,
        'Neue E-Mail-Adresse bestätigen',
      );
    case 'EMAIL_CHANGE_NOTICE':
      return compose('Änderung Ihrer E-Mail-Adresse angefordert', hello, [
        'für Ihr Konto wurde eine Änderung der E-Mail-Adresse angefordert. Sie wird erst wirksam, wenn die neue Adresse bestätigt ist.',
        'Wenn Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an den Support.',
      ]);
    case 'EMAIL_CHANGED':
      return compose('Ihre E-Mail-Adresse wurde geändert', hello, [
        'die E-Mail-Adresse Ihres Kontos wurde geändert. Künftige Nachrichten erhalten Sie an die neue Adresse.',
        'Wenn Sie das nicht waren, wenden Sie sich bitte sofort an den Support.',
      ]);
    case 'ORDER_UPDATE':
      return compose(
        `Bestellung ${template.orderId}: ${template.headline}`,
        hello,
        template.paragraphs,
        template.link,
        'Zur Bestellung',
      );
    case 'PASSWORD_CHANGED':
      return compose('Ihr Passwort wurde geändert', hello, [
        'das Passwort Ihres Kontos wurde soeben geändert. Alle anderen Sitzungen wurden abgemeldet.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück.',
      ]);
  }
}

function compose(
  subject: string,
  greeting: string,
  paragraphs: string[],
  link?: string,
  linkLabel?: string,
): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [link, ''] : []),
    'Viele Grüße',
    SIGNATURE,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="de"><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel ?? link)}</a></p>` : '',
    `<p>Viele Grüße<br>${escapeHtml(SIGNATURE)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html, links: link ? [link] : [] };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
