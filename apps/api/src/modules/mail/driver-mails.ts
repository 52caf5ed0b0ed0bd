/** The mail to an additional driver, who is no user of the platform: the link to their licence check. */
import type { DriverMail, InEveryLanguage } from './mail-types.js';

export const DRIVER_LICENCE_CHECK: InEveryLanguage<DriverMail> = {
  de: (m) => ({
    subject: `Führerscheinprüfung als Zusatzfahrer für den ${m.car}`,
    paragraphs: [
      `${m.employeeName} hat Sie als Zusatzfahrer für den ${m.car} angemeldet. Versichert sind Sie, sobald Ihr Führerschein geprüft ist.`,
      'Die Prüfung dauert wenige Minuten: Sie zeigen Ihren Führerschein und Ihr Gesicht in die Kamera.',
    ],
    action: { link: m.link, label: 'Führerschein prüfen lassen' },
  }),
  en: (m) => ({
    subject: `Driving licence check as an additional driver of the ${m.car}`,
    paragraphs: [
      `${m.employeeName} has named you as an additional driver of the ${m.car}. You are insured once your driving licence has been checked.`,
      'The check takes a few minutes: you show your driving licence and your face to the camera.',
    ],
    action: { link: m.link, label: 'Have my licence checked' },
  }),
};
