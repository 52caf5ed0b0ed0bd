/**
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true,"navigation":{"disableChildFrameNavigation":true}}}
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { orderAt } from '../test-support/factories';
import { pdfResponse, renderWithRoutes } from '../test-support/render';
import { WorkflowPage } from './workflow-page';

/** The order at the summary; accepting it moves it on to the contract. */
function stubOrder(): void {
  let order: Order = orderAt('CONFIRM_SUMMARY');
  stubApi((call) => {
    if (call.path === '/v1/order/42/workflow' || call.path === '/v1/order/42') return jsonResponse(200, order);
    if (call.path === '/v1/order/42/contract') return pdfResponse();
    if (call.method === 'PUT' && call.path.endsWith('/accept')) {
      order = orderAt('PREVIEW_CONTRACT');
      return jsonResponse(200, order);
    }
    return undefined;
  });
}

const renderWorkflow = () =>
  renderWithRoutes([{ path: '/order/:orderId/workflow', element: <WorkflowPage /> }], '/order/42/workflow');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the workflow when the order moves to its next step', () => {
  it('brings the order’s title back into view below the header and gives it the focus', async () => {
    stubOrder();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const user = userEvent.setup();
    renderWorkflow();
    const title = await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' });
    // A page opened fresh keeps the focus where the browser put it and does not scroll.
    expect(title).not.toHaveFocus();
    expect(scrolled).toEqual([]);

    // Scrolled down to the summary's button: the title is above the screen.
    vi.spyOn(title, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -900, width: 300, height: 40 }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }));
    await user.click(screen.getByRole('button', { name: 'Akzeptieren und fortfahren' }));

    expect(await screen.findByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveFocus());
    expect(scrolled).toEqual([title]);
  });

  it('leaves the page where it is when the title is in view', async () => {
    stubOrder();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWorkflow();
    const title = await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' });
    vi.spyOn(title, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 120, width: 300, height: 40 }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }));
    await user.click(screen.getByRole('button', { name: 'Akzeptieren und fortfahren' }));

    await waitFor(() => expect(title).toHaveFocus());
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
