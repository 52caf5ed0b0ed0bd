import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test/render';
import { FaqPage } from './faq-page';

describe('FAQ', () => {
  it('renders the 17 sections with the first one open', async () => {
    renderWithProviders(<FaqPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeInTheDocument();
    const sections = screen.getAllByTestId('faq-section');
    expect(sections).toHaveLength(17);

    const controls = sections.map((section) => within(section).getAllByRole('button')[0]);
    expect(controls[0]).toHaveAccessibleName('Allgemeines');
    expect(controls[0]).toHaveAttribute('aria-expanded', 'true');
    for (const control of controls.slice(1)) expect(control).toHaveAttribute('aria-expanded', 'false');
    expect(controls[16]).toHaveAccessibleName('Laden');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Was ist E-Auto-Leasing per Gehaltsumwandlung?' }),
    ).toBeVisible();
  });

  it('opens a section with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />);
    const control = await screen.findByRole('button', { name: 'Bestellprozess (7 Schritte)' });
    control.focus();
    await user.keyboard('{Enter}');
    expect(control).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Gehalts- und Steuerdaten eingeben/)).toBeInTheDocument();
  });
});
