import nodemailer, { type Transporter } from 'nodemailer';

import type { Database } from '../../db/client.js';
import { loggableError } from '../../lib/loggable-error.js';
import type { Clock } from '../../lib/clock.js';
import { claimMail, dueMails, mailAttachments, markMail, type QueuedMail } from './outbox.js';
import { runAsSystem } from '../../db/scope.js';
import { settleWithin } from '../../lib/settle-within.js';

export interface MailWorkerOptions {
  db: Database;
  clock: Clock;
  /** Unset: mails stay in the database (development mailbox) and are marked KEPT. */
  smtpUrl: string | undefined;
  from: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollIntervalMs?: number;
  /** Told of every failed attempt, and whether the mail was given up (metrics). */
  onFailure?: (outcome: 'retry' | 'given-up') => void;
  /** Told of every mail the SMTP server accepted (metrics). */
  onSent?: () => void;
  /** Shorter SMTP timeouts for tests. */
  smtpTimeouts?: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>>;
}

/** `<outbox-id@sender-domain>`: stable across retries and instances. */
export function messageIdFor(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${outboxId}@${domain}>`;
}

const BATCH_SIZE = 20;
/**
 * A transient failure (server down, 4xx) is retried with back-off for this long before the mail is
 * given up: a mail server outage over a night or a weekend day loses nothing.
 */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * SMTP timeouts (nodemailer's defaults are minutes): a hanging server costs one slot this long at most.
 * The worst send is connect + greeting + a few socket waits, well inside the claim lease.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;
/** A claimed mail is retried by another worker if this one dies while sending: longer than the worst send. */
const CLAIM_LEASE_MS = 5 * 60_000;
/**
 * A mail the SMTP server accepted but whose record failed (the database went away in between) is
 * recorded again and again for this long, well inside its claim, so no other worker sends it again
 * meanwhile: a database outage shorter than this sends every mail once.
 */
export const RECORD_SENT_WITHIN_MS = CLAIM_LEASE_MS - 60_000;

/** Exponential back-off for transient SMTP failures: 5 s, 10 s, 20 s, … capped at one hour (24 h ≈ 30 tries). */
export function backoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** SMTP 5xx answers are permanent (bad recipient, refused); everything else is worth retrying. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Delivers the outbox. `drain()` sends everything due now (tests call it); `start()` polls in the
 * background and `kick()` wakes it right after a commit so mails leave without waiting for the poll.
 */
export class MailWorker {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: MailWorkerOptions) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS, ...options.smtpTimeouts })
      : null;
  }

  start(): void {
    this.stopped = false;
    const interval = this.options.pollIntervalMs ?? 2_000;
    this.timer = setInterval(() => this.kick(), interval);
    this.timer.unref();
  }

  kick(): void {
    if (this.stopped || this.running) return;
    // A kick comes from a request that may see only its own rows; the outbox is the platform's.
    this.running = runAsSystem(() => this.drain())
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: loggableError(error) }, 'mail worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * No further mails from this process: the current one is finished (waited for at most `graceMs`,
   * true when it was), the rest stay in the outbox for the other instances or the next start.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const finished = this.running ? await settleWithin(this.running, graceMs) : true;
    this.transport?.close();
    return finished;
  }

  async drain(): Promise<number> {
    const { db, clock } = this.options;
    let handled = 0;
    while (!this.stopped) {
      const now = clock.now();
      const batch = await dueMails(db, now, BATCH_SIZE);
      if (batch.length === 0) return handled;
      for (const mail of batch) {
        if (this.stopped) break;
        if (!(await claimMail(db, mail.id, mail.attempts, new Date(now.getTime() + CLAIM_LEASE_MS)))) continue;
        await this.deliver(mail.attempts + 1, mail);
        handled++;
      }
    }
    return handled;
  }

  private async deliver(attempt: number, mail: QueuedMail): Promise<void> {
    const { db, clock } = this.options;
    const id = mail.id;
    if (!this.transport) {
      await markMail(db, id, { status: 'KEPT', lastError: null });
      return;
    }
    // The files are read for this mail alone: a batch never holds them all at once.
    const attachments = mail.attachmentCount > 0 ? await mailAttachments(db, id) : [];
    try {
      await this.transport.sendMail({
        // The same outbox row always carries the same Message-ID: a retry after a send whose answer got
        // lost is recognisably the same mail (receivers and people can drop the duplicate).
        messageId: messageIdFor(id, this.options.from),
        from: this.options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.contentBase64, 'base64'),
          contentType: a.contentType,
        })),
      });
    } catch (error) {
      const expired = clock.now().getTime() - mail.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const permanent = isPermanent(error) || expired;
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      if (permanent) this.options.log.error({ mailId: id, attempt, expired }, 'mail given up');
      else this.options.log.warn({ mailId: id, attempt }, 'mail delivery failed, will retry');
      this.options.onFailure?.(permanent ? 'given-up' : 'retry');
      await markMail(db, id, {
        status: permanent ? 'FAILED' : 'PENDING',
        nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempt)),
        lastError: reason,
      });
      return;
    }
    await this.recordSent(id, clock.now());
    this.options.onSent?.();
  }

  /**
   * Records an accepted mail as sent, trying again (back-off up to 5 s) while the database is away,
   * for at most {@link RECORD_SENT_WITHIN_MS}. Giving up, or a process dying right here, leaves the
   * mail to be sent again once its claim expires: with the same Message-ID (at-least-once, see
   * docs/deploy.md).
   */
  private async recordSent(id: string, sentAt: Date): Promise<void> {
    const deadline = performance.now() + RECORD_SENT_WITHIN_MS;
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        await markMail(this.options.db, id, { status: 'SENT', sentAt, lastError: null });
        return;
      } catch (error) {
        if (performance.now() + wait > deadline) throw error;
        this.options.log.warn(
          { mailId: id, err: loggableError(error) },
          'mail accepted by the SMTP server but not yet recorded; trying again',
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
