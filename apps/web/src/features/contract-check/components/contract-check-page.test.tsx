import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ContractVerification } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { ContractCheckPage } from './contract-check-page';

const SEALED: ContractVerification = {
  valid: true,
  orderId: 42,
  signatures: [
    {
      signer: 'Erika Mustermann',
      signedAt: '2026-03-01T10:00:00.000Z',
      kind: 'signature',
      coversWholeDocument: false,
      trusted: true,
      intact: true,
      revision: 1,
    },
    {
      signer: 'Muster AG',
      signedAt: '2026-03-02T09:30:00.000Z',
      kind: 'seal',
      coversWholeDocument: true,
      trusted: true,
      intact: true,
      revision: 2,
    },
  ],
};

const renderPage = () =>
  renderRoutes(
    withQueryClient([{ path: '/profile/contract-check', element: <ContractCheckPage /> }]),
    '/profile/contract-check',
  );

/** Mantine's FileInput is a button with a hidden native file input behind it: upload into that one. */
async function fileInput(): Promise<HTMLInputElement> {
  await screen.findByRole('button', { name: /PDF-Datei/ });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const pdf = (content = '%PDF-1.7\n') => new File([content], 'vertrag.pdf', { type: 'application/pdf' });

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Vertrag prüfen', () => {
  it('sends the file as application/pdf and tells what its signatures say, in German', async () => {
    const calls = stubApi((call) => (call.path === '/v1/contracts/verify' ? jsonResponse(200, SEALED) : undefined));
    renderPage();
    await userEvent.upload(await fileInput(), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const answer = await screen.findByTestId('contract-check-answer');
    expect(within(answer).getByText(/Der Vertrag ist unverändert: Alle Signaturen sind gültig/)).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'Zur Bestellung' })).toHaveAttribute('href', '/order/42/workflow');
    const cards = within(answer).getAllByTestId('contract-signature');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Elektronische Signatur')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Von: Erika Mustermann')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Elektronisches Siegel')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Deckt das ganze Dokument ab')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/v1/contracts/verify');
    expect(sent).toMatchObject({ method: 'POST', contentType: 'application/pdf', body: '%PDF-1.7\n' });
  });

  it('says plainly when a file was changed after signing', async () => {
    stubApi((call) =>
      call.path === '/v1/contracts/verify'
        ? jsonResponse(200, { valid: false, signatures: SEALED.signatures.map((s) => ({ ...s })) })
        : undefined,
    );
    renderPage();
    await userEvent.upload(await fileInput(), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText(/nicht gültig signiert/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zur Bestellung' })).toBeNull();
  });

  it('says what was changed after whose signature, and that the last version is not trusted', async () => {
    const painted: ContractVerification = {
      valid: false,
      signatures: [
        ...SEALED.signatures,
        { ...SEALED.signatures[1]!, signer: 'Fremde CA', trusted: false, revision: 4 },
      ],
      revisions: [
        { revision: 1, problems: [], changes: [], changedAfter: null },
        { revision: 2, problems: [], changes: [], changedAfter: 'Erika Mustermann' },
        {
          revision: 3,
          problems: ['modifiedAfterSigning'],
          changes: [{ kind: 'page', page: 1 }],
          changedAfter: 'Muster AG',
        },
        { revision: 4, problems: ['untrustedLastRevision'], changes: [], changedAfter: 'Muster AG' },
      ],
      problems: [],
    };
    stubApi((call) => (call.path === '/v1/contracts/verify' ? jsonResponse(200, painted) : undefined));
    renderPage();
    await userEvent.upload(await fileInput(), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const findings = await screen.findByTestId('contract-check-findings');
    expect(
      within(findings).getByText('Fassung 3 wurde nach der Signatur von Muster AG verändert: Seite 1.'),
    ).toBeInTheDocument();
    expect(
      within(findings).getByText(
        'Die letzte Fassung (Fassung 4) ist nur mit einem Zertifikat signiert, dem wir nicht vertrauen.',
      ),
    ).toBeInTheDocument();
  });

  it('explains a refused file', async () => {
    stubApi((call) =>
      call.path === '/v1/contracts/verify'
        ? jsonResponse(400, {
            status: 400,
            code: 'VALIDATION_FAILED',
            message: 'Die Datei ist kein lesbares PDF.',
            errors: [{ field: 'body', message: 'not a PDF' }],
          })
        : undefined,
    );
    renderPage();
    await userEvent.upload(await fileInput(), pdf('hello'));
    await userEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText('Die Datei ist kein lesbares PDF.')).toBeInTheDocument();
  });
});
