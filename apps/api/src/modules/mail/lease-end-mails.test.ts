import { describe, expect, it } from 'vitest';

import type { LeaseEndEvent } from './mail-types.js';
import { renderMail } from './templates.js';

const car = 'Volkswagen ID.3';
const EVENTS: { [T in LeaseEndEvent['type']]: Extract<LeaseEndEvent, { type: T }>[] } = {
  RETURNED: [
    {
      type: 'RETURNED',
      car,
      personName: 'Alex Smith',
      returnedOn: '2029-03-02',
      totalCents: 37_485,
      payrollMonth: '2029-04',
    },
    {
      type: 'RETURNED',
      car,
      personName: 'Alex Smith',
      returnedOn: '2029-03-02',
      totalCents: -22_505,
      payrollMonth: '2029-04',
    },
    {
      type: 'RETURNED',
      car,
      personName: 'Alex Smith',
      returnedOn: '2029-03-02',
      totalCents: 0,
      payrollMonth: '2029-04',
    },
  ],
  ENDED_BY_LOSS: [
    {
      type: 'ENDED_BY_LOSS',
      car,
      personName: 'Alex Smith',
      endedOn: '2026-07-10',
      claimNumber: 'S-2026-000042',
      theft: true,
    },
    {
      type: 'ENDED_BY_LOSS',
      car,
      personName: 'Alex Smith',
      endedOn: '2026-07-10',
      claimNumber: 'S-2026-000042',
      theft: false,
    },
  ],
  NEXT_CAR: [{ type: 'NEXT_CAR', car, endsOn: '2029-02-28' }],
  RETURN_APPOINTMENT: [{ type: 'RETURN_APPOINTMENT', car, date: '2029-02-20', place: 'Autohaus Mitte, Berlin' }],
  RETURN_DUE: [{ type: 'RETURN_DUE', car, endsOn: '2029-02-28' }],
  LICENCE_CHECK: [
    { type: 'LICENCE_CHECK', dueOn: '2026-07-10', dueToday: false },
    { type: 'LICENCE_CHECK', dueOn: '2026-07-10', dueToday: true },
  ],
};

describe('lease-end mails', () => {
  const all = Object.values(EVENTS).flat();
  it.each(all.map((e) => [e.type, e] as const))('%s renders in German and English with its values', (_, event) => {
    const template = {
      kind: 'LEASE_END' as const,
      firstName: 'Alex',
      orderId: 4711,
      link: 'https://leasing.example/o/4711',
      event,
    };
    const de = renderMail(template, 'de');
    const en = renderMail(template, 'en');
    expect(de.subject).toContain('Bestellung 4711');
    expect(en.subject).toContain('Order 4711');
    for (const mail of [de, en]) {
      expect(mail.text).not.toMatch(/undefined|null|NaN|\$\{/);
      expect(mail.text).toContain('https://leasing.example/o/4711');
    }
    if (event.type === 'RETURNED' && event.totalCents !== 0) {
      expect(de.text).toMatch(event.totalCents > 0 ? /374,85\s€/ : /225,05\s€/);
      expect(de.text).toContain('04/2029');
      expect(en.text).toContain(event.totalCents > 0 ? '€374.85' : '€225.05');
    }
    if ('car' in event) expect(de.text).toContain(car);
    const date =
      event.type === 'LICENCE_CHECK'
        ? event.dueOn
        : event.type === 'NEXT_CAR'
          ? event.endsOn
          : event.type === 'ENDED_BY_LOSS'
            ? event.endedOn
            : null;
    if (event.type === 'ENDED_BY_LOSS') {
      expect(de.text).toContain(event.claimNumber);
      expect(de.text).toContain('07/2026');
    }
    if (date === '2026-07-10') {
      expect(de.text).toContain('10.07.2026');
      expect(en.text).toContain('10/07/2026');
    }
  });
});
