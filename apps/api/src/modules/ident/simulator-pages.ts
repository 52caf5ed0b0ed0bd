import crypto from 'node:crypto';

import type { FastifyReply } from 'fastify';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

import type { CaseKind } from './provider.js';
import { caseStatus, type SimulatorCase } from './simulator-cases.js';

// ---- Signed PDF ---------------------------------------------------------------------------------

/** The "signed" document: the original plus a visible signature page and signature metadata. */
export async function signPdf(pdf: Uint8Array, signerName: string | null, signedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const digest = crypto.createHash('sha256').update(pdf).digest('hex');
  const when = formatDate(signedAt);
  let y = 760;
  const line = (text: string, font: PDFFont, size: number, gap = 22) => {
    page.drawText(winAnsi(font, text), { x: 60, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  page.drawRectangle({ x: 40, y: 560, width: 515, height: 240, borderWidth: 1.5, borderColor: rgb(0.1, 0.4, 0.2) });
  line('Signaturseite (Simulator)', bold, 18, 34);
  line('Qualifiziert elektronisch signiert – simuliert, keine echte Signatur.', regular, 11);
  line(`Unterzeichner/in: ${signerName ?? 'unbekannt'}`, regular, 11);
  line(`Zeitpunkt: ${when}`, regular, 11);
  line('SHA-256 des unterzeichneten Dokuments:', regular, 11, 16);
  line(digest, regular, 9);
  doc.setSubject('Qualifiziert elektronisch signiert (Simulator)');
  doc.setKeywords(['signed', 'simulator', `sha256:${digest}`]);
  doc.setProducer('Signatur-Simulator');
  doc.setModificationDate(signedAt);
  return doc.save();
}

/** Standard fonts only encode WinAnsi; anything else becomes "?". */
function winAnsi(font: PDFFont, text: string): string {
  return Array.from(text)
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

// ---- HTML -----------------------------------------------------------------------------------------

export const NOT_FOUND_TEXT =
  '<p>Dieser Vorgang ist unbekannt. Bitte starten Sie den Schritt in der Bestellung erneut.</p>';

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1b1f24;margin:0;padding:2rem 1rem}',
  'main{max-width:36rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}',
  'h1{font-size:1.4rem;margin-top:0}',
  '.badge{display:inline-block;background:#fff3cd;color:#664d03;border-radius:4px;padding:.2rem .5rem;font-size:.85rem}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0}',
  'form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}',
  'button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}',
  'button[value=success]{background:#1f7a3a;border-color:#1f7a3a;color:#fff}',
  'button[value=failure]{background:#b42318;border-color:#b42318;color:#fff}',
].join('');

const TITLES: Record<CaseKind, string> = {
  IDENT: 'Identitätsprüfung (Simulator)',
  SIGN: 'Qualifizierte elektronische Signatur (Simulator)',
  LICENCE_CHECK: 'Führerscheinkontrolle (Simulator)',
};

const PROCEDURES: Record<CaseKind, string> = {
  IDENT: 'Identitätsprüfung mit Führerschein',
  SIGN: 'Identifizierung und qualifizierte elektronische Signatur',
  LICENCE_CHECK: 'Regelmäßige Führerscheinkontrolle (Halterpflicht, § 21 StVG)',
};

export function titleOf(kind: CaseKind): string {
  return TITLES[kind];
}

/** The page text for a case that takes no more input, or null while it is open. */
export function closedPageText(entry: SimulatorCase, now: Date): string | null {
  const status = caseStatus(entry, now);
  if (status === 'EXPIRED') {
    return '<p>Dieser Vorgang ist abgelaufen. Bitte starten Sie den Schritt in der Bestellung erneut.</p>';
  }
  if (entry.outcome !== null || status !== 'PENDING') {
    const result =
      status === 'PENDING'
        ? 'Ihr Ergebnis wird übermittelt.'
        : status === 'SUCCEEDED'
          ? 'Ergebnis: erfolgreich.'
          : status === 'CANCELLED'
            ? 'Ergebnis: abgebrochen.'
            : 'Ergebnis: fehlgeschlagen.';
    return `<p>Dieser Vorgang ist abgeschlossen. ${result}</p><p><a href="${escapeHtml(entry.returnUrl)}">Zurück zur Bestellung</a></p>`;
  }
  return null;
}

export function pendingPage(entry: SimulatorCase, prefix: string): string {
  const rows: [string, string][] = [['Vorgang', escapeHtml(PROCEDURES[entry.kind])]];
  if (entry.document) {
    const href = `${prefix}/cases/${entry.caseId}/document`;
    rows.push([
      'Dokument',
      `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(entry.document.fileName)}</a>`,
    ]);
  }
  const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`);
  if (entry.signerName) list.push(`<dt>Unterzeichner/in</dt><dd>${escapeHtml(entry.signerName)}</dd>`);
  list.push(`<dt>Gültig bis</dt><dd>${escapeHtml(formatDate(entry.expiresAt))}</dd>`);
  return (
    `<dl>${list.join('')}</dl>` +
    '<p>Dies ist ein Simulator des externen Dienstes. Wählen Sie, wie der Vorgang ausgehen soll.</p>' +
    '<form method="post">' +
    '<button type="submit" name="outcome" value="success">Erfolgreich abschließen</button>' +
    '<button type="submit" name="outcome" value="failure">Fehlschlagen</button>' +
    '<button type="submit" name="outcome" value="cancel">Abbrechen</button>' +
    '</form>'
  );
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html =
    `<!doctype html><html lang="de"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>` +
    `<p class="badge">Simulator – kein echter Identitäts- oder Signaturdienst</p>` +
    `<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function formatDate(date: Date): string {
  return `${date.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} Uhr`;
}

export function asciiFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'dokument.pdf';
}
