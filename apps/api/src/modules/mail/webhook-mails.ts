/**
 * The webhook mail in German and English: to the employer's HR admins when an endpoint failed for
 * 24 hours (modules/webhooks, ADR 0059). It names the receiving host, never the whole URL (a path may
 * carry a token), and says what happens to the events meanwhile.
 */
import type { InEveryLanguage, WebhookMail } from './mail-types.js';

export const WEBHOOK_FAILING: InEveryLanguage<WebhookMail> = {
  de: (m, f) => ({
    subject: `Webhook an ${m.host} ausgesetzt`,
    paragraphs: [
      `seit dem ${f.date(m.since)} hat Ihr System unter ${m.host} keine Webhook-Zustellung angenommen; wir haben es 24 Stunden lang immer wieder versucht.`,
      'Wir senden an diesen Empfänger vorerst nichts mehr. Neue Ereignisse werden gesammelt und nach dem Wiedereinschalten zugestellt; nicht zugestellte Ereignisse können Sie im Zustellprotokoll erneut senden.',
      'Bitte prüfen Sie den Empfänger und schalten Sie ihn unter „Integrationen“ wieder ein.',
    ],
    action: { link: m.link, label: 'Zu den Integrationen' },
  }),
  en: (m, f) => ({
    subject: `Webhook to ${m.host} suspended`,
    paragraphs: [
      `Since ${f.date(m.since)} your system at ${m.host} has not accepted any webhook delivery; we kept trying for 24 hours.`,
      'We will send nothing more to this endpoint for now. New events are collected and delivered once it is switched on again; events that were not delivered can be sent again from the delivery log.',
      'Please check the endpoint and switch it on again under "Integrationen".',
    ],
    action: { link: m.link, label: 'Go to integrations' },
  }),
};
