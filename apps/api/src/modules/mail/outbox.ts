import { and, asc, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { outbox, type StoredAttachment } from '../../db/schema.js';
import type { MailAttachment } from './mail-types.js';
import { renderMail, type MailRecipient, type MailTemplate } from './templates.js';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Together at most 10 MB (10 × 2^20 bytes) of files per mail: what mail servers commonly still take
 * once base64 has grown it by a third.
 */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * Writes a mail into the outbox; call it with the transaction of the change that causes the mail. The
 * mail is worded now, in the recipient's language at this moment. `attachments` travel with it (at
 * most {@link MAX_ATTACHMENT_BYTES} together; more, or a file name or type unfit for a header, throws).
 */
export async function enqueueMail(
  db: Database,
  recipient: MailRecipient,
  template: MailTemplate,
  now: Date,
  attachments: readonly MailAttachment[] = [],
): Promise<void> {
  await db.insert(outbox).values(outboxRow(recipient, template, now, attachments));
}

/** The outbox row of one mail, worded in the recipient's language. */
function outboxRow(
  recipient: MailRecipient,
  template: MailTemplate,
  now: Date,
  attachments: readonly MailAttachment[],
) {
  const stored = storedAttachments(attachments);
  const content = renderMail(template, recipient.language);
  return {
    kind: template.kind,
    recipient: recipient.email,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    links: content.links,
    attachments: stored,
    createdAt: now,
    nextAttemptAt: now,
  };
}

/** A MIME type without or with parameters: `application/xml`, `text/xml; charset=utf-8`. */
const CONTENT_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+([ \t]*;[ \t]*[\w!#$&^.+-]+=([\w!#$&^.+-]+|"[^"\\\p{Cc}]*"))*$/u;
/** A file name is a name, not a path, and has no control characters. */
const UNFIT_FILENAME = /[\p{Cc}/\\]/u;

/** The files as the outbox keeps them (base64 in JSON), refused when too large or unfit for a header. */
function storedAttachments(attachments: readonly MailAttachment[]): StoredAttachment[] {
  const total = attachments.reduce((sum, a) => sum + a.content.length, 0);
  if (total > MAX_ATTACHMENT_BYTES)
    throw new RangeError(
      `mail attachments of ${total} bytes exceed the ${MAX_ATTACHMENT_BYTES} bytes a mail may carry`,
    );
  return attachments.map(({ filename, contentType, content }) => {
    if (filename.trim() === '' || filename.length > 255 || UNFIT_FILENAME.test(filename))
      throw new RangeError(`unfit attachment file name ${JSON.stringify(filename)}`);
    if (!CONTENT_TYPE.test(contentType)) throw new RangeError(`unfit attachment type ${JSON.stringify(contentType)}`);
    return { filename, contentType, contentBase64: content.toString('base64') };
  });
}

/** A statement's files together at most this much base64 (a batch with attachments goes in several). */
const STATEMENT_ATTACHMENT_CHARS = 16 * 1024 * 1024;

/** A job's batch of mails in a few statements, each worded (and its files checked) as `enqueueMail` does. */
export async function enqueueMails(
  db: Database,
  mails: readonly { recipient: MailRecipient; template: MailTemplate; attachments?: readonly MailAttachment[] }[],
  now: Date,
): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map(({ recipient, template, attachments = [] }) =>
    outboxRow(recipient, template, now, attachments),
  );
  // A statement carries at most 65,535 parameters: fewer than a dozen per mail, so 1,000 mails a
  // statement; and a bounded amount of files, so mails with large ones go a few at a time.
  let statement: typeof rows = [];
  let chars = 0;
  for (const row of rows) {
    const size = row.attachments.reduce((sum, a) => sum + a.contentBase64.length, 0);
    if (statement.length > 0 && (statement.length === 1_000 || chars + size > STATEMENT_ATTACHMENT_CHARS)) {
      await db.insert(outbox).values(statement);
      statement = [];
      chars = 0;
    }
    statement.push(row);
    chars += size;
  }
  await db.insert(outbox).values(statement);
}

/** A queued mail as the worker picks it: its files only counted (they are read for the one mail sent). */
const QUEUED = {
  id: outbox.id,
  recipient: outbox.recipient,
  subject: outbox.subject,
  textBody: outbox.textBody,
  htmlBody: outbox.htmlBody,
  createdAt: outbox.createdAt,
  attempts: outbox.attempts,
  attachmentCount: sql<number>`jsonb_array_length(${outbox.attachments})`.mapWith(Number),
};
export type QueuedMail = Awaited<ReturnType<typeof dueMails>>[number];

export async function dueMails(db: Database, now: Date, limit: number) {
  return db
    .select(QUEUED)
    .from(outbox)
    .where(and(eq(outbox.status, 'PENDING'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.seq))
    .limit(limit);
}

/** One mail's files, for sending it. */
export async function mailAttachments(db: Database, id: string): Promise<StoredAttachment[]> {
  const [row] = await db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.id, id));
  return row?.attachments ?? [];
}

/** Claims a mail for sending; false when another worker took it first. */
export async function claimMail(db: Database, id: string, attempts: number, leaseUntil: Date): Promise<boolean> {
  const claimed = await db
    .update(outbox)
    .set({ attempts: attempts + 1, nextAttemptAt: leaseUntil })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'PENDING'), eq(outbox.attempts, attempts)))
    .returning({ id: outbox.id });
  return claimed.length === 1;
}

export async function markMail(
  db: Database,
  id: string,
  update: {
    status: 'SENT' | 'KEPT' | 'FAILED' | 'PENDING';
    sentAt?: Date;
    nextAttemptAt?: Date;
    lastError?: string | null;
  },
): Promise<void> {
  await db.update(outbox).set(update).where(eq(outbox.id, id));
}

/** What the development mailbox shows of a file: its name, type and size, not its bytes. */
export interface AttachmentSummary {
  filename: string;
  contentType: string;
  size: number;
}

/** The development mailbox: newest first, each mail's files summarised in the database (no content). */
export async function listMailbox(
  db: Database,
  limit = 100,
): Promise<(Omit<OutboxRow, 'attachments'> & { attachments: AttachmentSummary[] })[]> {
  const { attachments, ...columns } = getTableColumns(outbox);
  return db
    .select({
      ...columns,
      attachments: sql<AttachmentSummary[]>`(select coalesce(jsonb_agg(jsonb_build_object(
          'filename', a->>'filename',
          'contentType', a->>'contentType',
          'size', octet_length(decode(a->>'contentBase64', 'base64'))
        ) order by n), '[]'::jsonb)
        from jsonb_array_elements(${attachments}) with ordinality as f(a, n))`,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['SENT', 'KEPT', 'PENDING', 'FAILED']))
    .orderBy(desc(outbox.seq))
    .limit(limit);
}
