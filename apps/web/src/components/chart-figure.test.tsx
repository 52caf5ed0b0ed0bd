import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ChartFigure } from './chart-figure';

describe('a chart with its table', () => {
  it('names the chart as a picture and shows and hides the table by a button', async () => {
    renderWithProviders(
      <ChartFigure
        summary="Bestellungen je Monat"
        height={200}
        chart={<svg data-testid="the-chart" />}
        table={<table data-testid="the-table" />}
        legend={[
          { label: 'Leasingvertrag', color: 'ev.6' },
          { label: 'Abgelehnt', color: 'red.6' },
        ]}
        testId="figure"
      />,
    );
    expect(screen.getByRole('img', { name: 'Diagramm: Bestellungen je Monat' })).toContainElement(
      screen.getByTestId('the-chart'),
    );
    // The legend as text beside the picture, so it wraps on a phone.
    expect(screen.getByTestId('figure-legend')).toHaveTextContent('LeasingvertragAbgelehnt');
    const toggle = screen.getByRole('button', { name: 'Als Tabelle anzeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('the-table')).not.toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByTestId('the-table'),
    );

    const user = userEvent.setup();
    await user.click(toggle);
    expect(screen.getByTestId('the-table')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tabelle ausblenden' })).toHaveAttribute('aria-expanded', 'true');
    // By keyboard as well.
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('the-table')).not.toBeVisible();
  });
});
