/**
 * Mails in German and English: templates, a transactional outbox, an SMTP worker.
 *
 * The worker sends with back-off. Templates in the recipient's language (`templates.ts` and one file per area:
 * `account-mails.ts`, `order-mails.ts`, `lease-end-mails.ts`, `lease-life-mails.ts`, `billing-mails.ts`,
 * `claim-mails.ts`, `driver-mails.ts`, `package-change-mails.ts`, `webhook-mails.ts`;
 * docs/decisions/0017-english-as-second-language.md), their shared types (`mail-types.ts`) and formats
 * (`mail-format.ts`); the transactional outbox (`outbox.ts`, `enqueueMail`); the SMTP worker with back-off
 * (`worker.ts`); the development mailbox at `/dev/mailbox` (`mailbox-routes.ts`). Low in the graph: `mail`,
 * `ident`, `contract` → `signing`.
 *
 * The face of modules/mail: what other modules and the flows may import.
 */
export { mailFormat } from './mail-format.js';
export {
  type BillingMail,
  type LeaseEndEvent,
  type MailAttachment,
  type MailRecipient,
  type MailTemplate,
} from './mail-types.js';
export { mailboxRoutes } from './mailbox-routes.js';
export { enqueueMail, enqueueMails, MAX_ATTACHMENT_BYTES } from './outbox.js';
export { type OrderEvent } from './templates.js';
export { MailWorker } from './worker.js';
