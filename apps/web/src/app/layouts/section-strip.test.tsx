import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SectionNav } from '../../components/section-nav';
import { renderRoutes } from '../../test/render';
import { SectionStrip } from './section-strip';

const SECTIONS = [
  { to: '/employer', label: 'Übersicht', exact: true },
  { to: '/employer/employees', label: 'Beschäftigte' },
  { to: '/employer/invoices', label: 'Rechnungen' },
  { to: '/employer/integrations', label: 'Integrationen' },
];

/**
 * The strip's box as a phone lays it out (happy-dom lays out nothing): 390 px wide, its links 900 px
 * in all, the current one 700 px from the strip's start.
 */
function layOut({ scrolls }: { scrolls: boolean }) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' && scrolls ? 900 : 390;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.tagName === 'NAV') return DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 44 });
    if (this.getAttribute('aria-current') === 'page') return DOMRect.fromRect({ x: 700, y: 4, width: 120, height: 36 });
    return DOMRect.fromRect({ x: 0, y: 4, width: 100, height: 36 });
  });
}

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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SectionStrip', () => {
  it('keeps the section links as links of one navigation', () => {
    const nav = renderStrip('/employer/invoices');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(SECTIONS.map((s) => s.label));
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toHaveAttribute('aria-current', 'page');
    expect(nav.parentElement).toHaveClass(/strip/);
  });

  it('scrolls the current section to the middle of the strip where the strip scrolls (a phone)', () => {
    layOut({ scrolls: true });
    const nav = renderStrip('/employer/integrations');
    // 700 px in, 120 px wide, in a 390 px strip: its middle at the strip's middle.
    expect(nav.scrollLeft).toBe(700 - (390 - 120) / 2);
  });

  it('leaves a row that wraps (a wide screen) as it is', () => {
    layOut({ scrolls: false });
    const nav = renderStrip('/employer/integrations');
    expect(nav.scrollLeft).toBe(0);
  });
});
