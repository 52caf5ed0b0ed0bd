import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { renderMail, type MailRecipient, type MailTemplate } from './templates.js';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Writes a mail into the outbox; call it with the transaction of the change that causes the mail. The
 * mail is worded now, in the recipient's language at this moment.
 */
export async function enqueueMail(
  db: Database,
  recipient: MailRecipient,
  template: MailTemplate,
  now: Date,
): Promise<void> {
  await db.insert(outbox).values(outboxRow(recipient, template, now));
}

/** The outbox row of one mail, worded in the recipient's language. */
function outboxRow(recipient: MailRecipient, template: MailTemplate, now: Date) {
  const content = renderMail(template, recipient.language);
  return {
    kind: template.kind,
    recipient: recipient.email,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    links: content.links,
    createdAt: now,
    nextAttemptAt: now,
  };
}

/** A job's batch of mails in a few statements, each worded as `enqueueMail` words it. */
export async function enqueueMails(
  db: Database,
  mails: readonly { recipient: MailRecipient; template: MailTemplate }[],
  now: Date,
): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map(({ recipient, template }) => outboxRow(recipient, template, now));
  // A statement carries at most 65,535 parameters: ten per mail, so 1,000 mails a statement.
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(outbox).values(rows.slice(i, i + 1_000));
}

export async function dueMails(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'PENDING'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.seq))
    .limit(limit);
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

/** The development mailbox: newest first. */
export async function listMailbox(db: Database, limit = 100): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.status, ['SENT', 'KEPT', 'PENDING', 'FAILED']))
    .orderBy(desc(outbox.seq))
    .limit(limit);
}
