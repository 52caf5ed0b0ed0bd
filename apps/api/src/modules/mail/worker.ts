import nodemailer, { type Transporter } from 'nodemailer';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { claimMail, dueMails, markMail } from './outbox.js';

export interface MailWorkerOptions {
  db: Database;
  clock: Clock;
  /** Unset: mails stay in the database (development mailbox) and are marked KEPT. */
  smtpUrl: string | undefined;
  from: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollIntervalMs?: number;
}

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
/** A claimed mail is retried by another worker if this one dies while sending. */
const CLAIM_LEASE_MS = 60_000;

/** Exponential back-off for transient SMTP failures: 5 s, 10 s, 20 s, … capped at one hour. */
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
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  start(): void {
    this.stopped = false;
    const interval = this.options.pollIntervalMs ?? 2_000;
    this.timer = setInterval(() => this.kick(), interval);
    this.timer.unref();
  }

  kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'mail worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  async drain(): Promise<number> {
    const { db, clock } = this.options;
    let handled = 0;
    for (;;) {
      const now = clock.now();
      const batch = await dueMails(db, now, BATCH_SIZE);
      if (batch.length === 0) return handled;
      for (const mail of batch) {
        if (!(await claimMail(db, mail.id, mail.attempts, new Date(now.getTime() + CLAIM_LEASE_MS)))) continue;
        await this.deliver(mail.id, mail.attempts + 1, mail);
        handled++;
      }
    }
  }

  private async deliver(
    id: string,
    attempt: number,
    mail: { recipient: string; subject: string; textBody: string; htmlBody: string },
  ): Promise<void> {
    const { db, clock } = this.options;
    if (!this.transport) {
      await markMail(db, id, { status: 'KEPT', lastError: null });
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await markMail(db, id, { status: 'SENT', sentAt: clock.now(), lastError: null });
    } catch (error) {
      const permanent = isPermanent(error) || attempt >= MAX_ATTEMPTS;
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      this.options.log.warn({ mailId: id, attempt, permanent }, 'mail delivery failed');
      await markMail(db, id, {
        status: permanent ? 'FAILED' : 'PENDING',
        nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempt)),
        lastError: reason,
      });
    }
  }
}
