import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { CuttableLink } from '../../test-support/cuttable-link.js';
import { databaseTargets, freePort, openTestDatabase, TestClock } from '../../test-support/harness.js';
import { startReceiver } from '../../test-support/smtp-receiver.js';
import { enqueueMail } from './outbox.js';
import { MailWorker } from './worker.js';

const MAILS = 12;
const MINUTE = 60_000;

/**
 * The mail server is down for half an hour (nothing listens on its port) while three instances'
 * workers keep trying on one database; then it is back. Every mail arrives exactly once: the
 * outbox lease keeps two workers from sending the same mail, and the back-off keeps them from
 * giving up. The clock is the test's, so the half hour takes no real time.
 */
describe.each(databaseTargets())('mail while the SMTP server is down for 30 minutes, on %s', (target) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new TestClock(new Date('2026-03-02T08:00:00Z'));
  let port: number;
  let workers: MailWorker[];

  beforeAll(async () => {
    opened = await openTestDatabase(target);
    await opened.database.migrate();
    // Nothing listens there until the server comes back: connections are refused, as when it is stopped.
    port = await freePort();
    const log = { warn: () => undefined, error: () => undefined };
    workers = Array.from(
      { length: 3 },
      () =>
        new MailWorker({
          db: opened.database.db,
          clock,
          smtpUrl: `smtp://127.0.0.1:${port}`,
          from: 'E-Auto-Leasing <no-reply@firma.example>',
          log,
        }),
    );
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await opened.database.close();
    await opened.dropDatabase();
  });

  it('delivers every mail exactly once when the server is back', async () => {
    const db = opened.database.db;
    for (let i = 0; i < MAILS; i++) {
      await enqueueMail(
        db,
        { email: `person${i}@example.com`, language: 'de' },
        { kind: 'WELCOME', firstName: `P${i}`, link: `http://x/${i}` },
        clock.now(),
      );
    }
    const pending = async () =>
      Number(
        (await runAsSystem(() => db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'PENDING'))))[0]?.n,
      );

    // Down: every minute all three workers try at once; nothing is lost, nothing given up.
    for (let minute = 0; minute < 30; minute++) {
      await Promise.all(workers.map((worker) => runAsSystem(() => worker.drain())));
      expect(await pending()).toBe(MAILS);
      clock.advance(MINUTE);
    }

    const receiver = await startReceiver(port);
    try {
      // Back: the workers race again until the back-off has let every mail go.
      for (let minute = 0; minute < 60 && (await pending()) > 0; minute++) {
        await Promise.all(workers.map((worker) => runAsSystem(() => worker.drain())));
        clock.advance(MINUTE);
      }
      expect(await pending()).toBe(0);
      const messageIds = receiver.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]?.trim());
      expect(messageIds).toHaveLength(MAILS);
      expect(new Set(messageIds).size).toBe(MAILS);
      const recipients = receiver.received.flatMap((mail) => mail.to).sort();
      expect(recipients).toEqual(Array.from({ length: MAILS }, (_, i) => `person${i}@example.com`).sort());
    } finally {
      await receiver.close();
    }
  });
});

/**
 * The database goes away between the SMTP server's acceptance and the record of it (the receiver
 * cuts it before it answers 250), for a few seconds. The worker keeps the acceptance and records it
 * once the database is back, inside its claim: when the claim would have expired, no worker sends
 * the mail again.
 */
describe.skipIf(!process.env['TEST_DATABASE_URL'])('mail accepted while the database is cut', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;
  let link: CuttableLink;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = new TestClock(new Date('2026-03-02T08:00:00Z'));
  const log = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
    await opened.database.migrate();
    const direct = new URL(opened.url ?? '');
    link = new CuttableLink({ host: direct.hostname, port: Number(direct.port || 5432) });
    await link.open();
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(link.port);
    database = await openDatabase({ kind: 'postgres', url: relayed.toString() });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
    await link.cut();
    await opened.database.close();
    await opened.dropDatabase();
  });

  it('sends the mail once and records it when the database is back', async () => {
    const worker = (name: string) =>
      new MailWorker({
        db: database.db,
        clock,
        smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
        from: `E-Auto-Leasing <no-reply@${name}.example>`,
        log,
      });
    const [first, second] = [worker('first'), worker('second')];
    await enqueueMail(
      database.db,
      { email: 'cut@example.com', language: 'de' },
      { kind: 'WELCOME', firstName: 'Cut', link: 'http://x/cut' },
      clock.now(),
    );
    receiver.hooks.beforeAccept = async () => {
      receiver.hooks.beforeAccept = null;
      await link.cut();
      // Back after a few seconds, while the worker is still trying to record the delivery.
      setTimeout(() => void link.open(), 3_000);
    };
    const handled = await runAsSystem(() => first.drain()).catch((error: unknown) => error);
    expect(handled).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [row] = await runAsSystem(() =>
      database.db.select().from(outbox).where(eq(outbox.recipient, 'cut@example.com')),
    );
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });

    // Long after the claim would have expired, another worker finds nothing to send.
    clock.advance(60 * MINUTE);
    expect(await runAsSystem(() => second.drain())).toBe(0);
    expect(receiver.received).toHaveLength(1);
    await Promise.all([first.stop(), second.stop()]);
  }, 60_000);
});
