import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { StepType } from '@leasing/contract';

import { orderAt } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { activeStepIndex, workflowSteps } from '../workflow';
import { OrderStepper } from './order-stepper';
import { onPhone } from '../../../test/media-queries';

function renderStepper(at: StepType, language: 'de' | 'en' = 'de') {
  const order = orderAt(at);
  const steps = workflowSteps(order.steps, order.userSteps);
  return renderWithRoutes(
    [{ path: '*', element: <OrderStepper steps={steps} active={activeStepIndex(steps)} /> }],
    '/',
    language,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the order stepper', () => {
  it('on a wide screen lists every step across, the current one marked', () => {
    renderStepper('PREVIEW_CONTRACT');
    const nav = screen.getByRole('navigation', { name: 'Schritte Ihrer Bestellung' });
    expect(within(nav).getByTestId('order-stepper')).toBeInTheDocument();
    expect(within(nav).getByText('Führerscheinprüfung')).toBeInTheDocument();
    expect(within(nav).queryByTestId('order-stepper-summary')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Alle Schritte zeigen' })).not.toBeInTheDocument();
  });

  it('on a phone says "Schritt N von M – <step>" first and folds the list behind a button', async () => {
    onPhone();
    const user = userEvent.setup();
    renderStepper('PREVIEW_CONTRACT');
    const nav = screen.getByRole('navigation', { name: 'Schritte Ihrer Bestellung' });
    expect(within(nav).getByTestId('order-stepper-summary')).toHaveTextContent('Schritt 2 von 5 – Überlassungsvertrag');
    expect(within(nav).getByText('Aktuell')).toBeInTheDocument();
    // The other steps are not on the first screen.
    expect(within(nav).queryByText('Führerscheinprüfung')).not.toBeInTheDocument();

    const toggle = within(nav).getByRole('button', { name: 'Alle Schritte zeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Schritte ausblenden');
    expect(list).toBeVisible();
    expect(within(list!).getByText('Führerscheinprüfung')).toBeInTheDocument();
    expect(within(list!).getAllByText('Offen')).toHaveLength(3);

    await user.click(toggle);
    expect(within(nav).queryByText('Führerscheinprüfung')).not.toBeInTheDocument();
  });

  it('names the last step once the employee’s own steps are done', () => {
    onPhone();
    renderStepper('TENANT_ADMIN_CLICK_CONFIRM');
    expect(screen.getByTestId('order-stepper-summary')).toHaveTextContent('Schritt 5 von 5 – Ihre Schritte erledigt');
  });

  it('says it in English', () => {
    onPhone();
    renderStepper('CONFIRM_SUMMARY', 'en');
    expect(screen.getByTestId('order-stepper-summary')).toHaveTextContent('Step 1 of 5 – Summary');
    expect(screen.getByRole('button', { name: 'Show all steps' })).toBeInTheDocument();
  });
});
