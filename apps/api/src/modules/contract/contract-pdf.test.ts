import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  CONTRACT_TITLE,
  buildContractDocument,
  buildContractSections,
  contractPlainText,
  renderTransferContract,
} from './contract-pdf.js';
import { SIGNATURE, hostileInput, typicalInput } from '../../test-support/contract-inputs.js';
import { NBSP, allReadableText, extractRuns, type TextRun } from '../../test-support/pdf-text.js';

const requireHere = createRequire(import.meta.url);
let measureFonts: { regular: PDFFont; bold: PDFFont };

beforeAll(async () => {
  const dir = path.join(path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const scratch = await PDFDocument.create();
  scratch.registerFontkit(fontkit);
  measureFonts = {
    regular: await scratch.embedFont(await readFile(path.join(dir, 'DejaVuSans.ttf'))),
    bold: await scratch.embedFont(await readFile(path.join(dir, 'DejaVuSans-Bold.ttf'))),
  };
});

function runWidth(run: TextRun): number {
  const font = run.baseFont.includes('Bold') ? measureFonts.bold : measureFonts.regular;
  return font.widthOfTextAtSize(run.text, run.size);
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 62;

// ---------------------------------------------------------------------------------------------

describe('contract content', () => {
  it('fills the employer signature block once the employer countersigned', () => {
    const doc = buildContractDocument({
      ...typicalInput(),
      signature: { signedAt: '2026-11-24T10:00:00Z', signerName: 'Erika Mustermann', method: 'QES', caseId: 'c-1' },
      countersignature: { approvedAt: '2026-11-25T09:30:00Z', approverName: 'Petra Personal' },
    });
    expect(doc.statusLabel).toBe('Gegengezeichnet');
    const [employer] = doc.signatureFields;
    expect(employer.name).toBe('Muster Maschinenbau GmbH – Petra Personal');
    expect(employer.placeDate).toBe('elektronisch, 25.11.2026');
    expect(employer.signedNote).toBe('gegengezeichnet durch Petra Personal am 25.11.2026');
  });

  it('contains the key facts of a typical order in German format', () => {
    const doc = buildContractDocument(typicalInput());
    const text = contractPlainText(doc).replaceAll(NBSP, ' ');
    expect(doc.status).toBe('draft');
    expect(doc.title).toBe(CONTRACT_TITLE);
    expect(doc.statusLabel).toBe('Vertragsentwurf');
    expect(doc.signature).toBeNull();
    for (const fact of [
      'Bestellung Nr. 10234 · erstellt am 23.11.2026',
      'Arbeitgeber: Muster Maschinenbau GmbH',
      'Arbeitnehmer: Frau Erika Mustermann',
      'Anschrift: Hauptstraße 12a, 70173 Stuttgart',
      'Geboren: 17.04.1988 in Ulm',
      'Personalnummer: P-4711',
      'Hersteller: Volkswagen',
      'Modell: ID.4',
      'Ausstattungslinie: Pro Performance',
      'Farbe: Moonstone-Grau Metallic',
      'Bruttolistenpreis: 47.995,00 €',
      'Leistung: 210 kW (286 PS)',
      'Reichweite (WLTP): 550 km',
      'Batteriekapazität: 77 kWh',
      'Demowerte',
      'Laufzeit: 36 Monate',
      'Fahrleistung pro Jahr: 15.000 km',
      'Vertragskilometer gesamt: 45.000 km',
      'Reifen: je ein Satz Sommer- und Winterreifen',
      'Übergabe: Übergabe am Betriebssitz des Arbeitgebers',
      'Monatliche Gesamtrate (brutto): 612,34 €',
      '• Wartung und Inspektion nach Herstellervorgaben',
      '• Ratenabsicherung für Zeiten ohne Gehaltszahlung', // listed as not included
      'Umgewandelter Bruttobetrag je Monat: 562,34 €',
      'Zuschuss des Arbeitgebers je Monat: 50,00 €',
      'Geldwerter Vorteil Privatnutzung je Monat: 119,99 € (0,25 % des Bruttolistenpreises)',
      '43,20 €',
      'Voraussichtliche Nettobelastung je Monat: 314,56 €',
      'sozialversicherungspflichtige Arbeitsentgelt',
      'gesetzlichen Rentenversicherung',
      'Preis je Mehrkilometer: 0,0832 €',
      'Erstattung je Minderkilometer: 0,0416 €',
      'Toleranz Mehrkilometer: 2.500 km',
      'Höchstens erstattete Minderkilometer: 7.500 km',
      'Höchstens abgerechnete Mehrkilometer: 15.000 km',
      'zwischen 18 und 75 Jahre alt',
      'seit mindestens zwei Jahren',
      'in der Europäischen Union anerkannte Fahrerlaubnis',
      '25 Ländern',
      'gewerbliche Personenbeförderung',
      'Selbstbeteiligung 500,00 € je Schadenfall',
      'Endet das Arbeitsverhältnis',
      'Elternzeit',
      'Entgeltfortzahlung im Krankheitsfall',
      'Normale Gebrauchsspuren',
      'DSGVO',
      'Vertragsentwurf – nicht unterzeichnet',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).toMatch(/Nicht im Paket enthalten sind:\n• Ratenabsicherung/);
  });

  it('has the preamble and § 1 to § 10 in order', () => {
    const headings = buildContractSections(typicalInput()).map((s) => s.heading);
    expect(headings).toEqual([
      'Präambel',
      '§ 1 Vertragsparteien',
      '§ 2 Fahrzeug',
      '§ 3 Leasingpaket und Laufzeit',
      '§ 4 Gehaltsumwandlung',
      '§ 5 Mehr- und Minderkilometer',
      '§ 6 Nutzung des Fahrzeugs',
      '§ 7 Schäden, Unfall und Versicherung',
      '§ 8 Laufzeit, vorzeitige Beendigung und Rückgabe',
      '§ 9 Datenschutz',
      '§ 10 Schlussbestimmungen',
    ]);
  });

  it('varies with the package: all-season tyres, home delivery, no contribution, exact figures', () => {
    const base = typicalInput();
    const text = contractPlainText(
      buildContractDocument({
        ...base,
        employee: { ...base.employee, title: null, employeeId: null, dateOfBirth: null },
        vehicle: { ...base.vehicle, approximate: false, trimLevel: null },
        leasePackage: { ...base.leasePackage, tires: 'ALL_SEASON', rateInsuranceIncluded: true },
        delivery: 'HOME',
        conversion: { ...base.conversion, employerContributionCents: 0 },
      }),
    );
    expect(text).toContain('Reifen: Ganzjahresreifen');
    expect(text).toContain('Lieferung an die Wohnanschrift des Arbeitnehmers');
    expect(text).toContain('Ein Zuschuss des Arbeitgebers zu den Kosten der Überlassung wird nicht gewährt.');
    expect(text).toContain('Ratenabsicherung ein');
    expect(text).toContain('Arbeitnehmer: Erika Mustermann');
    expect(text).toContain('Geboren: Ulm');
    expect(text).not.toContain('Demowerte');
    expect(text).not.toContain('Personalnummer:');
    expect(text).not.toContain('Ausstattungslinie:');
    expect(text).not.toContain('Nicht im Paket enthalten');
  });

  it('repeats the warnings of the tax result in § 4 as notes, and none without them', () => {
    const base = typicalInput();
    const message =
      'Ihr regelmäßiges Jahresarbeitsentgelt sinkt durch die Gehaltsumwandlung auf 67.800,00 EUR und liegt damit 9.600,00 EUR unter der Jahresarbeitsentgeltgrenze von 77.400,00 EUR.';
    const sections = buildContractSections({
      ...base,
      conversion: { ...base.conversion, warnings: [{ code: 'JAEG_UNDERRUN', message }] },
    });
    const conversion = sections.find((s) => s.heading === '§ 4 Gehaltsumwandlung');
    expect(conversion?.blocks.at(-1)).toEqual({ kind: 'note', text: `Wichtiger Hinweis: ${message}` });
    expect(contractPlainText(buildContractDocument(base))).not.toContain('Wichtiger Hinweis');
  });

  it('marks the signed version and carries the signature note', () => {
    const doc = buildContractDocument(typicalInput({ signature: SIGNATURE }));
    expect(doc.status).toBe('signed');
    expect(doc.statusLabel).toBe('Unterzeichnet');
    expect(doc.subtitle).toContain('unterzeichnet am 24.11.2026');
    expect(doc.footerText).toBe('Unterzeichnet am 24.11.2026');
    expect(doc.signature?.rows).toEqual([
      { label: 'Unterzeichnet von', value: 'Erika Mustermann' },
      { label: 'Zeitpunkt', value: `24.11.2026, 14:05${NBSP}Uhr (MEZ)` },
      { label: 'Verfahren', value: 'Qualifizierte elektronische Signatur (Simulator)' },
      { label: 'Vorgangsnummer', value: 'SIM-2026-000123' },
    ]);
    expect(doc.signatureFields[1].placeDate).toBe('elektronisch, 24.11.2026');
    expect(doc.signatureFields[0].placeDate).toBeNull();
  });

  it('cleans hostile values everywhere they appear', () => {
    const text = contractPlainText(buildContractDocument(hostileInput()));
    expect(text).toContain('<script>alert(1)</script>'); // kept as visible text
    for (const line of text.split('\n')) {
      expect(line).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u);
      expect(Array.from(line).length).toBeLessThan(2_500);
    }
  });
});

describe('renderTransferContract', () => {
  it('produces a valid multi-page PDF with metadata', async () => {
    const bytes = await renderTransferContract(typicalInput());
    const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
    const tail = Buffer.from(bytes.subarray(-16)).toString('latin1');
    expect(head.startsWith('%PDF-')).toBe(true);
    expect(tail).toContain('%%EOF');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(width).toBeCloseTo(PAGE_WIDTH, 1);
    expect(height).toBeCloseTo(PAGE_HEIGHT, 1);
    expect(doc.getTitle()).toBe(`${CONTRACT_TITLE} (Entwurf) – Bestellung Nr. 10234`);
    expect(doc.getAuthor()).toBe('E-Auto-Leasing');
    expect(doc.getSubject()).toContain('Gehaltsumwandlung');
    expect(doc.getProducer()).toContain('E-Auto-Leasing');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-23T09:15:00.000Z');
  });

  it('draws the contract text, header and page numbers', async () => {
    const bytes = await renderTransferContract(typicalInput());
    const { runs } = await extractRuns(bytes);
    const pages = Math.max(...runs.map((r) => r.page));
    const text = runs.map((r) => r.text).join('\n');
    expect(text).toContain('VERTRAGSENTWURF');
    expect(text).toContain('Überlassungsvertrag für ein Dienstfahrzeug mit');
    expect(text).toContain('Frau Erika Mustermann');
    expect(text).toContain('0,0832 €');
    expect(text).toContain('612,34 €');
    expect(text).toContain('(0,25 % des Bruttolistenpreises)');
    expect(text).toContain('§ 10 Schlussbestimmungen');
    expect(text).toContain('Ort, Datum');
    expect(text).toContain('Unterschrift');
    for (let page = 1; page <= pages; page += 1) {
      const onPage = runs.filter((r) => r.page === page).map((r) => r.text);
      expect(onPage).toContain(`Seite ${page} von ${pages}`);
      expect(onPage).toContain('Überlassungsvertrag · Bestellung Nr. 10234');
      expect(onPage).toContain('Vertragsentwurf – nicht unterzeichnet');
    }
  });

  it('renders the signed version with the signature block', async () => {
    const bytes = await renderTransferContract(typicalInput({ signature: SIGNATURE }));
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toContain('(unterzeichnet)');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-24T13:05:00.000Z');
    const { runs } = await extractRuns(bytes);
    const text = runs.map((r) => r.text).join('\n');
    expect(text).toContain('✓ UNTERZEICHNET');
    expect(text).toContain('Signaturvermerk: elektronisch unterzeichnet');
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('24.11.2026, 14:05 Uhr (MEZ)');
    expect(text).toContain('Qualifizierte elektronische Signatur (Simulator)');
    expect(text).toContain('SIM-2026-000123');
    expect(text).toContain('Unterzeichnet am 24.11.2026');
    expect(text).not.toContain('Vertragsentwurf');
    expect(text).not.toContain('ENTWURF');
  });

  it('is deterministic for the same input', async () => {
    const a = await renderTransferContract(typicalInput({ signature: SIGNATURE }));
    const b = await renderTransferContract(typicalInput({ signature: SIGNATURE }));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('renders hostile input as plain text without leaking it as PDF syntax', async () => {
    const bytes = await renderTransferContract(hostileInput());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);

    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.match(/%PDF/g)).toHaveLength(1);
    expect(raw.match(/%%EOF/g)).toHaveLength(1);
    const readable = await allReadableText(bytes);
    for (const needle of ['<script', 'alert(', '/JS', 'DROP TABLE', '(x) Tj', 'evil']) {
      expect(readable).not.toContain(needle);
    }

    const { runs, contents } = await extractRuns(bytes);
    // Text is only ever shown as hex glyph ids, never as a literal string operand.
    for (const content of contents) {
      expect(content).not.toMatch(/\)\s*Tj|\]\s*TJ|'|"/);
    }
    const text = runs.map((r) => r.text).join('\n');
    expect(text).toContain('Robert"); DROP TABLE');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('/JS (app.alert(1))');
    expect(text).toContain('%PDF-1.7');
    expect(text).not.toContain('……');
    expect(text).toContain('BT /F1 12 Tf (x) Tj ET');
    expect(text).toContain('…');
    expect(text).toContain('??'); // CJK and emoji the font has no glyphs for
    expect(text).not.toContain('\ufffd');

    // Nothing runs past the margins or off the page (the rotated watermark aside).
    const outside = runs.filter(
      (r) =>
        !r.rotated &&
        (r.x < MARGIN - 0.01 || r.x + runWidth(r) > PAGE_WIDTH - MARGIN + 0.01 || r.y < 30 || r.y > PAGE_HEIGHT - 20),
    );
    expect(outside).toEqual([]);
  });

  it('keeps every line of a typical contract within the margins', async () => {
    const { runs } = await extractRuns(await renderTransferContract(typicalInput({ signature: SIGNATURE })));
    expect(runs.length).toBeGreaterThan(100);
    const outside = runs.filter(
      (r) => !r.rotated && (r.x < MARGIN - 0.01 || r.x + runWidth(r) > PAGE_WIDTH - MARGIN + 0.01),
    );
    expect(outside).toEqual([]);
  });

  it('survives unreadable dates and numbers', async () => {
    const base = typicalInput();
    const bytes = await renderTransferContract({
      ...base,
      orderId: Number.NaN,
      createdAt: 'not a date',
      employee: { ...base.employee, dateOfBirth: '31.12.1990' },
      vehicle: { ...base.vehicle, listPriceGrossCents: Number.POSITIVE_INFINITY, maximumPowerKw: Number.NaN },
      leasePackage: { ...base.leasePackage, costsMoreKilometers: Number.NaN },
      signature: { ...SIGNATURE, signedAt: '' },
    });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getCreationDate()).toBeUndefined();
    const text = (await extractRuns(bytes)).runs.map((r) => r.text).join('\n');
    expect(text).toContain('Bestellung Nr. — · erstellt am —');
  });
});
