import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SectionNav } from '../../components/section-nav';
import { renderRoutes } from '../../test/render';
import { SectionStrip } from './section-strip';

const SECTIONS = [
  { to: '/employer', label: 'Übersicht', exact: true },
  { to: '/employer/employees', label: 'Beschäftigte' },
  { to: '/employer/invoices', label: 'Rechnungen' },
  { to: '/employer/integrations', label: 'Integrationen' },
];

function renderStrip(path: string) {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <SectionStrip>
            <SectionNav label="Arbeitgeberportal" sections={SECTIONS} />
          </SectionStrip>
        ),
      },
    ],
    path,
  );
  return screen.getByRole('navigation', { name: 'Arbeitgeberportal' });
}

describe('SectionStrip', () => {
  // What the phone makes of it (one line that scrolls, the current section in view) is CSS: e2e/phone.spec.ts.
  it('keeps the section links as links of one navigation, the current one marked for the strip', () => {
    const nav = renderStrip('/employer/invoices');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(SECTIONS.map((s) => s.label));
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toHaveAttribute('aria-current', 'page');
    expect(nav.parentElement).toHaveClass(/strip/);
  });
});
