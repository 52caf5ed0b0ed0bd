/**
 * The provider's bookings of a month in DATEV's "Buchungsstapel" (EXTF, format version 700, category
 * 21, version 13): one booking per invoice and credit note, debtor against revenue, the VAT left to
 * the tax key or the automatic revenue account (DATEV books it to the account the key names, so a
 * VAT account is no field of a booking: ADR 0052). The columns after "Buchungstext" are left out,
 * which the import accepts. Text cells are formula-safe like every CSV we write (lib/csv-cell.ts);
 * Windows-1252 is the encoding DATEV reads, characters outside it become "?".
 */
import type { BillingProfile, TenantBilling } from '@leasing/contract';

import { csvText } from '../../lib/csv-cell.js';

export interface Booking {
  number: string;
  type: 'INVOICE' | 'CREDIT_NOTE';
  issueDate: string;
  grossCents: number;
  tenantName: string;
  month: string;
  billing: TenantBilling | null;
}

const COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
];

const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2).replace('.', ',');
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
const stamp = (at: Date) => at.toISOString().replace(/[-:TZ.]/g, '').slice(0, 17);

function header(profile: BillingProfile, month: string, at: Date): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const from = `${year}${String(m).padStart(2, '0')}01`;
  const to = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10).replaceAll('-', '');
  const fields = [
    quoted('EXTF'), '700', '21', quoted('Buchungsstapel'), '13', stamp(at), '', quoted('RE'), '', '',
    profile.datevConsultantNumber, profile.datevClientNumber, `${year}0101`, String(profile.datevRevenueAccount.length),
    from, to, quoted(`Rechnungen ${month}`), '', '1', '0', '0', quoted('EUR'), '', '', '', '', '', '', '', '', '',
  ];
  return fields.join(';');
}

export function datevBookings(profile: BillingProfile, month: string, bookings: readonly Booking[], at: Date): string {
  const lines = [header(profile, month, at), COLUMNS.map(quoted).join(';')];
  for (const b of bookings) {
    const [, mm, dd] = b.issueDate.split('-');
    const debtor = b.billing?.datevDebtorAccount || profile.datevDebtorAccount;
    const credit = b.type === 'CREDIT_NOTE';
    // A negative invoice total turns the side, as DATEV's amounts carry no sign.
    const side = (b.grossCents >= 0) !== credit ? 'S' : 'H';
    lines.push(
      [
        amount(b.grossCents),
        quoted(side),
        quoted('EUR'),
        '',
        '',
        '',
        debtor,
        profile.datevRevenueAccount,
        profile.datevTaxKey ? quoted(profile.datevTaxKey) : '',
        `${dd}${mm}`,
        csvText(b.number.slice(0, 36)),
        '',
        '',
        csvText(`${credit ? 'Gutschrift' : 'Leasing'} ${b.month} ${b.tenantName}`.slice(0, 60)),
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Windows-1252 bytes of the text (DATEV's import encoding). */
export function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '–': 0x96, '—': 0x97, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94 };
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (special[ch] !== undefined) bytes.push(special[ch]);
    else if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) bytes.push(cp);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
