import { describe, expect, it } from 'vitest';

import { renderMail } from './templates.js';

describe('the mail of a failing webhook', () => {
  const mail = {
    kind: 'WEBHOOK_FAILING' as const,
    firstName: 'Anke',
    host: 'hooks.example.com:8443',
    since: '2026-12-03',
    link: 'https://leasing.example/employer/integrations',
  };

  it('names the host and the day in German and in English, with the way back to the integrations', () => {
    const de = renderMail(mail, 'de');
    expect(de.subject).toBe('Webhook an hooks.example.com:8443 ausgesetzt');
    expect(de.text).toContain('Hallo Anke,');
    expect(de.text).toContain('seit dem 03.12.2026 hat Ihr System unter hooks.example.com:8443');
    expect(de.text).toContain('erneut senden');
    expect(de.links).toEqual([mail.link]);

    const en = renderMail(mail, 'en');
    expect(en.subject).toBe('Webhook to hooks.example.com:8443 suspended');
    expect(en.text).toContain('Since 03/12/2026 your system at hooks.example.com:8443');
    expect(en.html).toContain('Go to integrations');
    expect(en.links).toEqual([mail.link]);
  });
});
