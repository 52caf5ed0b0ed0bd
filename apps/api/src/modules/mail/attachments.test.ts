import crypto from 'node:crypto';

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import {
  createTestApp,
  databaseTargets,
  openTestDatabase,
  TestClock,
  type TestApp,
} from '../../test-support/harness.js';
import { decodeMimeWord, readMessage, startReceiver } from '../../test-support/smtp-receiver.js';
import type { BillingMail, MailAttachment } from './mail-types.js';
import { enqueueMail, enqueueMails, MAX_ATTACHMENT_BYTES } from './outbox.js';
import { MailWorker } from './worker.js';

const INVOICE: BillingMail = {
  kind: 'INVOICE_ISSUED',
  invoiceNumber: 'RE-2026-000001',
  type: 'INVOICE',
  tenantName: 'Muster GmbH',
  month: '2026-12',
  grossEur: 1_234.5,
  dueDate: '2027-01-15',
  sellerName: 'E-Auto-Leasing GmbH',
};
const XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice><ID>RE-2026-000001</ID><Note>Grüße\r\n</Note></Invoice>\n',
);
/** Every byte value, and more than one base64 line of them. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4_096 }, (_, i) => i % 256))]);
const invoiceFiles = (): MailAttachment[] => [
  { filename: 'RE-2026-000001.xml', contentType: 'application/xml', content: XML },
  { filename: 'RE-2026-000001.pdf', contentType: 'application/pdf', content: PDF },
];

/** A received file: the name, the type and the bytes its part carries. */
interface ReceivedFile {
  filename: string;
  contentType: string;
  transferEncoding: string;
  content: Buffer;
}

/** The attachments of a raw MIME message, its multipart tree walked by the boundaries it declares. */
function receivedFiles(raw: string): ReceivedFile[] {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = (split ? raw.slice(0, split.index) : raw).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const contentType = /^Content-Type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (contentType.startsWith('multipart/') && boundary)
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => receivedFiles(part.replace(/^\r?\n/, '')));
  if (!/^Content-Disposition:\s*attachment/im.test(head)) return [];
  const transferEncoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase() ?? '';
  return [
    {
      filename: filenameOf(head),
      contentType,
      transferEncoding,
      content: Buffer.from(body.replace(/\s+/g, ''), 'base64'),
    },
  ];
}

/**
 * A part's file name: `filename=` (an ASCII name, or encoded words), or RFC 2231's numbered pieces
 * (`filename*0*=utf-8''Gutschrift%20M%C3%A4rz.pdf`), as nodemailer writes a name with other letters.
 */
function filenameOf(head: string): string {
  const plain = /;\s*filename=(?:"([^"]*)"|([^;\s]+))/i.exec(head);
  if (plain) return decodeMimeWord(plain[1] ?? plain[2] ?? '');
  const pieces = [...head.matchAll(/;\s*filename\*(\d+)(\*?)=("[^"]*"|[^;\s]+)/gi)].sort(
    (a, b) => Number(a[1]) - Number(b[1]),
  );
  const bytes = pieces.map(([, index, encoded, value = '']) => {
    const text = value.replace(/^"|"$/g, '');
    if (!encoded) return Buffer.from(text);
    const escaped = index === '0' ? text.slice(text.lastIndexOf("'") + 1) : text;
    return Buffer.from(
      escaped.replace(/%([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  });
  return Buffer.concat(bytes).toString('utf8');
}

describe.each(databaseTargets())('mails with attachments over real SMTP on %s', (target) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: MailWorker;
  const clock = new TestClock(new Date('2027-01-01T06:00:00Z'));
  const log = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    opened = await openTestDatabase(target, { from: 'migrated' });
    // A no-op on the run's migrated copy; outside such a run it migrates the empty database.
    await opened.database.migrate();
    receiver = await startReceiver();
    worker = new MailWorker({
      db: opened.database.db,
      clock,
      smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
      from: 'E-Auto-Leasing <rechnung@firma.example>',
      log,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await opened.database.close();
    await opened.dropDatabase();
  });

  const db = () => opened.database.db;
  const drain = () => runAsSystem(() => worker.drain());
  const receivedBy = (to: string) => receiver.received.filter((mail) => mail.to.includes(to));
  const rowsTo = (to: string) => runAsSystem(() => db().select().from(outbox).where(eq(outbox.recipient, to)));

  it("delivers the invoice's XML and PDF with their names, types and exact bytes", async () => {
    await enqueueMail(
      db(),
      { email: 'buchhaltung@muster.example', language: 'de' },
      INVOICE,
      clock.now(),
      invoiceFiles(),
    );
    expect(await drain()).toBe(1);
    const [mail] = receivedBy('buchhaltung@muster.example');
    expect(mail).toBeDefined();
    const files = receivedFiles(mail?.raw ?? '');
    expect(
      files.map(({ filename, contentType, transferEncoding }) => ({ filename, contentType, transferEncoding })),
    ).toEqual([
      { filename: 'RE-2026-000001.xml', contentType: 'application/xml', transferEncoding: 'base64' },
      { filename: 'RE-2026-000001.pdf', contentType: 'application/pdf', transferEncoding: 'base64' },
    ]);
    expect(files[0]?.content.equals(XML)).toBe(true);
    expect(files[1]?.content.equals(PDF)).toBe(true);
    // The mail's own text travels beside them.
    const read = readMessage(mail?.raw ?? '');
    expect(read.subject).toBe('Rechnung RE-2026-000001 für Dezember 2026 – E-Auto-Leasing GmbH');
    expect(read.text).toMatch(/^Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere Rechnung RE-2026-000001/);
    expect(read.text).toContain('1.234,50\u00a0€ (brutto) ist bis zum 15.01.2027 fällig');
    expect(read.html).toContain('Die E-Rechnung im Anhang (XML-Datei) ist das maßgebliche Dokument');
    const [row] = await rowsTo('buchhaltung@muster.example');
    expect(row?.status).toBe('SENT');
    expect(row?.attachments).toEqual([
      { filename: 'RE-2026-000001.xml', contentType: 'application/xml', contentBase64: XML.toString('base64') },
      { filename: 'RE-2026-000001.pdf', contentType: 'application/pdf', contentBase64: PDF.toString('base64') },
    ]);
  });

  it("sends a batch's files each with its own mail, and mails without files as before", async () => {
    const large = crypto.randomBytes(3 * 1024 * 1024);
    await enqueueMails(
      db(),
      [
        {
          recipient: { email: 'batch-1@muster.example', language: 'en' },
          template: { ...INVOICE, type: 'CREDIT_NOTE', invoiceNumber: 'GS-2026-000002' },
          attachments: [{ filename: 'Gutschrift März.pdf', contentType: 'application/pdf', content: large }],
        },
        { recipient: { email: 'batch-2@muster.example', language: 'de' }, template: INVOICE },
        {
          recipient: { email: 'batch-3@muster.example', language: 'de' },
          template: INVOICE,
          attachments: [{ filename: 'RE-2026-000001.xml', contentType: 'text/xml; charset=utf-8', content: XML }],
        },
      ],
      clock.now(),
    );
    expect(await drain()).toBe(3);
    const first = receivedFiles(receivedBy('batch-1@muster.example')[0]?.raw ?? '');
    expect(first.map((f) => [f.filename, f.contentType])).toEqual([['Gutschrift März.pdf', 'application/pdf']]);
    expect(first[0]?.content.equals(large)).toBe(true);
    expect(readMessage(receivedBy('batch-1@muster.example')[0]?.raw ?? '').subject).toBe(
      'Credit note GS-2026-000002 for December 2026 – E-Auto-Leasing GmbH',
    );
    expect(receivedFiles(receivedBy('batch-2@muster.example')[0]?.raw ?? '')).toEqual([]);
    const third = receivedFiles(receivedBy('batch-3@muster.example')[0]?.raw ?? '');
    expect(third.map((f) => [f.filename, f.contentType, f.transferEncoding])).toEqual([
      ['RE-2026-000001.xml', 'text/xml', 'base64'],
    ]);
    expect(third[0]?.content.equals(XML)).toBe(true);
  });

  it('refuses more than 10 MB of files in one mail, and queues nothing for it', async () => {
    const half = Buffer.alloc(MAX_ATTACHMENT_BYTES / 2, 1);
    const send = (email: string, files: MailAttachment[]) =>
      enqueueMail(db(), { email, language: 'de' }, INVOICE, clock.now(), files);
    await expect(
      send('too-large@muster.example', [
        { filename: 'a.pdf', contentType: 'application/pdf', content: half },
        { filename: 'b.pdf', contentType: 'application/pdf', content: Buffer.alloc(MAX_ATTACHMENT_BYTES / 2 + 1) },
      ]),
    ).rejects.toThrow(/exceed/);
    await expect(
      enqueueMails(
        db(),
        [
          { recipient: { email: 'too-large@muster.example', language: 'de' }, template: INVOICE },
          {
            recipient: { email: 'too-large@muster.example', language: 'de' },
            template: INVOICE,
            attachments: [
              { filename: 'c.pdf', contentType: 'application/pdf', content: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1) },
            ],
          },
        ],
        clock.now(),
      ),
    ).rejects.toThrow(/exceed/);
    expect(await rowsTo('too-large@muster.example')).toEqual([]);

    // Exactly 10 MB is still a mail, and it arrives whole.
    await send('ten-mb@muster.example', [
      { filename: 'a.pdf', contentType: 'application/pdf', content: half },
      { filename: 'b.pdf', contentType: 'application/pdf', content: half },
    ]);
    expect(await drain()).toBe(1);
    const files = receivedFiles(receivedBy('ten-mb@muster.example')[0]?.raw ?? '');
    expect(files.map((f) => f.content.length)).toEqual([half.length, half.length]);
    expect(files.every((f) => f.content.equals(half))).toBe(true);
  });

  it('refuses a file name or type that does not fit a header', async () => {
    const send = (attachment: Partial<MailAttachment>) =>
      enqueueMail(db(), { email: 'unfit@muster.example', language: 'de' }, INVOICE, clock.now(), [
        { filename: 'RE.xml', contentType: 'application/xml', content: XML, ...attachment },
      ]);
    await expect(send({ filename: 'RE.xml\r\nBcc: someone@example.com' })).rejects.toThrow(/file name/);
    await expect(send({ filename: '../RE.xml' })).rejects.toThrow(/file name/);
    await expect(send({ filename: ' ' })).rejects.toThrow(/file name/);
    await expect(send({ contentType: 'application/xml\r\nBcc: someone@example.com' })).rejects.toThrow(/type/);
    await expect(send({ contentType: 'xml' })).rejects.toThrow(/type/);
    expect(
      (
        await runAsSystem(() =>
          db().select({ n: count() }).from(outbox).where(eq(outbox.recipient, 'unfit@muster.example')),
        )
      )[0]?.n,
    ).toBe(0);
  });
});

describe.each(databaseTargets())('the development mailbox with attachments on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists a mail's files by name, type and size, without their content", async () => {
    await runAsSystem(() =>
      enqueueMail(
        t.runtime.database.db,
        { email: 'mailbox@muster.example', language: 'de' },
        INVOICE,
        t.clock.now(),
        invoiceFiles(),
      ),
    );
    await t.app.mailWorker.drain();
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(response.statusCode).toBe(200);
    const [entry] = response
      .json<{ to: string; status: string; attachments: unknown }[]>()
      .filter((m) => m.to === 'mailbox@muster.example');
    expect(entry?.status).toBe('KEPT');
    expect(entry?.attachments).toEqual([
      { filename: 'RE-2026-000001.xml', contentType: 'application/xml', size: XML.length },
      { filename: 'RE-2026-000001.pdf', contentType: 'application/pdf', size: PDF.length },
    ]);
    expect(response.body).not.toContain(PDF.toString('base64').slice(0, 40));

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('<li>RE-2026-000001.xml (application/xml, ');
    expect(page.body).toContain(
      `<li>RE-2026-000001.pdf (application/pdf, ${PDF.length.toLocaleString('de-DE')} Bytes)</li>`,
    );
    expect(page.body).not.toContain(PDF.toString('base64').slice(0, 40));

    // A mail without files lists none.
    await runAsSystem(() =>
      enqueueMail(t.runtime.database.db, { email: 'plain@muster.example', language: 'de' }, INVOICE, t.clock.now()),
    );
    const plain = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }))
      .json<{ to: string; attachments: unknown }[]>()
      .find((m) => m.to === 'plain@muster.example');
    expect(plain?.attachments).toEqual([]);
  });
});
