import type { FastifyInstance } from 'fastify';

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Finishes the work done after answers, delivers the outbox, then reads the development mailbox (newest first). */
export async function mailbox(app: FastifyInstance): Promise<MailboxEntry[]> {
  await app.backgroundTasks.drain();
  await app.mailWorker.drain();
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  return response.json<MailboxEntry[]>();
}

/** The code at the end of the newest mail's link to `to` whose path contains `pathPart`. */
export async function latestCode(app: FastifyInstance, to: string, pathPart: string): Promise<string> {
  const mails = await mailbox(app);
  const link = mails
    .filter((m) => m.to === to)
    .flatMap((m) => m.links)
    .find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no mail to ${to} with ${pathPart}`);
  return link.slice(link.lastIndexOf('/') + 1);
}
