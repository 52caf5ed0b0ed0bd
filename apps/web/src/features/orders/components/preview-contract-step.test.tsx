/**
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true,"navigation":{"disableChildFrameNavigation":true}}}
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CONTRACT_ENGLISH_NOTICE } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { orderAt } from '../test-support/factories';
import { pdfResponse, renderWithRoutes } from '../test-support/render';
import { WorkflowPage } from './workflow-page';

function renderContractStep(language: 'de' | 'en') {
  const order = orderAt('PREVIEW_CONTRACT');
  stubApi((call) => {
    if (call.path === '/v1/order/42/workflow' || call.path === '/v1/order/42') return jsonResponse(200, order);
    if (call.path === '/v1/order/42/contract') return pdfResponse();
    return undefined;
  });
  renderWithRoutes([{ path: '/order/:orderId/workflow', element: <WorkflowPage /> }], '/order/42/workflow', language);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contract preview and its language', () => {
  it('says in English that the German contract binds, as the PDF does', async () => {
    renderContractStep('en');
    expect(await screen.findByRole('heading', { name: 'Check the transfer contract' })).toBeInTheDocument();
    const notice = screen.getByTestId('contract-english-notice');
    expect(notice).toHaveTextContent(CONTRACT_ENGLISH_NOTICE);
    expect(notice).toHaveTextContent(/^This contract is in German; only the German text is legally binding\./);
    expect(notice).toHaveAttribute('lang', 'en');
  });

  it('has no notice in German', async () => {
    renderContractStep('de');
    expect(await screen.findByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeInTheDocument();
    expect(screen.queryByTestId('contract-english-notice')).not.toBeInTheDocument();
    expect(screen.queryByText(/This contract is in German/)).not.toBeInTheDocument();
  });
});
