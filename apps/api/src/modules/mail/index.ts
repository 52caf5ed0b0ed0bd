// The face of modules/mail: what other modules and the flows may import.
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
