import { expect, type APIRequestContext } from '@playwright/test';

/** A mail in the development mailbox (`/dev/mailbox.json`). */
interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * The first link of the newest mail to `to` whose subject matches, as a path on the app's own origin.
 * Mails go out asynchronously, so the mailbox is asked until the mail is there.
 */
export async function mailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        link = mails.find((mail) => mail.to === to && subject.test(mail.subject))?.links[0];
        return link;
      },
      { timeout: 20_000, message: `mail "${subject.source}" to ${to}` },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}
