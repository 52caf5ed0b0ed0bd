import net from 'node:net';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { TestClock } from '../../test-support/harness.js';
import { decodeMimeWord, startReceiver } from '../../test-support/smtp-receiver.js';
import { enqueueMail } from './outbox.js';
import { backoffMs, GIVE_UP_AFTER_MS, MailWorker, messageIdFor } from './worker.js';

describe('mail worker over real SMTP', () => {
  let database: DatabaseHandle;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = new TestClock(new Date('2026-03-01T10:00:00Z'));
  const log = { warn: () => undefined, error: () => undefined };
  let worker: MailWorker;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    receiver = await startReceiver();
    worker = new MailWorker({
      db: database.db,
      clock,
      smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
      from: 'test@example.com',
      log,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await database.close();
  });

  const statusOf = async (recipient: string) =>
    (await database.db.select().from(outbox).where(eq(outbox.recipient, recipient)))[0];

  it('delivers a German mail with text and HTML parts', async () => {
    await enqueueMail(
      database.db,
      { email: 'a@example.com', language: 'de' },
      { kind: 'PASSWORD_RESET', firstName: 'Max <b>', link: 'http://localhost/user/passwordReset/abc' },
      clock.now(),
    );
    expect(await worker.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const mail = receiver.received[0]!;
    expect(mail.to).toEqual(['a@example.com']);
    // Non-ASCII subjects travel MIME-encoded; decode the header to compare.
    const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
    expect(decodeMimeWord(subject)).toBe('Passwort zurücksetzen');
    expect(mail.raw).toContain('Max &lt;b&gt;');
    expect((await statusOf('a@example.com'))?.status).toBe('SENT');
  });

  it('retries a transient failure with back-off and then delivers', async () => {
    receiver.failNext.push(421, 451);
    await enqueueMail(
      database.db,
      { email: 'b@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'B', link: 'http://localhost/x' },
      clock.now(),
    );
    await worker.drain();
    expect((await statusOf('b@example.com'))?.status).toBe('PENDING');
    // Not due again before the back-off has passed.
    expect(await worker.drain()).toBe(0);
    clock.advance(backoffMs(1));
    await worker.drain();
    expect((await statusOf('b@example.com'))?.attempts).toBe(2);
    clock.advance(backoffMs(2));
    await worker.drain();
    const row = await statusOf('b@example.com');
    expect(row?.status).toBe('SENT');
    expect(row?.attempts).toBe(3);
  });

  it('gives up at once on a permanent refusal', async () => {
    receiver.failNext.push(550);
    await enqueueMail(
      database.db,
      { email: 'c@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'C', link: 'http://localhost/x' },
      clock.now(),
    );
    await worker.drain();
    const row = await statusOf('c@example.com');
    expect(row?.status).toBe('FAILED');
    expect(row?.lastError).toBeTruthy();
  });

  it('retries a server that is away for almost a day, then delivers once with the same Message-ID', async () => {
    await enqueueMail(
      database.db,
      { email: 'day@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'D', link: 'http://x/y' },
      clock.now(),
    );
    const [queued] = await database.db.select().from(outbox).where(eq(outbox.recipient, 'day@example.com'));
    const started = clock.now().getTime();
    // Down for 23 hours: every attempt fails transiently, none gives up.
    while (clock.now().getTime() - started < 23 * 60 * 60_000) {
      receiver.failNext.push(421);
      await worker.drain();
      expect((await statusOf('day@example.com'))?.status).toBe('PENDING');
      clock.advance(60 * 60_000);
    }
    receiver.failNext.length = 0;
    await worker.drain();
    expect((await statusOf('day@example.com'))?.status).toBe('SENT');
    const delivered = receiver.received.filter((r) => r.to.includes('day@example.com'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toContain(`Message-ID: <${queued?.id ?? ''}@example.com>`);
    expect(messageIdFor(queued?.id ?? '', 'E-Auto-Leasing <no-reply@firma.example>')).toBe(
      `<${queued?.id ?? ''}@firma.example>`,
    );
  });

  it('gives a mail up after 24 hours of transient failures, and says so', async () => {
    const failures: string[] = [];
    const counting = new MailWorker({
      db: database.db,
      clock,
      smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
      from: 'test@example.com',
      log,
      onFailure: (outcome) => failures.push(outcome),
    });
    await enqueueMail(
      database.db,
      { email: 'e@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'E', link: 'http://x/y' },
      clock.now(),
    );
    receiver.failNext.push(451);
    await counting.drain();
    clock.advance(GIVE_UP_AFTER_MS);
    receiver.failNext.push(451);
    await counting.drain();
    await counting.stop();
    expect((await statusOf('e@example.com'))?.status).toBe('FAILED');
    expect(failures).toEqual(['retry', 'given-up']);
  });

  it('does not wait minutes for a server that never greets', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const hanging = new MailWorker({
      db: database.db,
      clock,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'test@example.com',
      log,
      smtpTimeouts: { greetingTimeout: 300, connectionTimeout: 300, socketTimeout: 300 },
    });
    await enqueueMail(
      database.db,
      { email: 'f@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'F', link: 'http://x/y' },
      clock.now(),
    );
    const started = Date.now();
    await hanging.drain();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await statusOf('f@example.com'))?.status).toBe('PENDING');
    await hanging.stop();
    silent.close();
  });

  it('keeps mails in the database without SMTP', async () => {
    const keeper = new MailWorker({ db: database.db, clock, smtpUrl: undefined, from: 'x@example.com', log });
    await enqueueMail(
      database.db,
      { email: 'd@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'D', link: 'http://localhost/x' },
      clock.now(),
    );
    await keeper.drain();
    expect((await statusOf('d@example.com'))?.status).toBe('KEPT');
    await keeper.stop();
  });
});
