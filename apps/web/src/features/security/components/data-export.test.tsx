import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { DataExportSection } from './privacy-sections';

const renderSection = () => renderRoutes(withQueryClient([{ path: '/', element: <DataExportSection /> }]), '/');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('"Meine Daten herunterladen"', () => {
  it('shows a busy state while the size is unknown, then the bytes received, then that it is done', async () => {
    let send: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        send = controller;
      },
    });
    const calls = stubApi((call) =>
      call.path === '/v1/user/export'
        ? new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
        : undefined,
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));

    // No size known: an indeterminate bar (no value), its words as its value text.
    const bar = await screen.findByRole('progressbar', { name: 'Fortschritt des Downloads' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Die Datei wird erstellt …');
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeDisabled();
    send?.enqueue(new Uint8Array(1_500_000));
    await waitFor(() => expect(screen.getByTestId('export-progress')).toHaveTextContent('1,5 MB geladen …'));

    send?.close();
    expect(await screen.findByText('Ihre Daten wurden heruntergeladen.')).toBeInTheDocument();
    expect(saved).toEqual([expect.stringMatching(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/)]);
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    expect(calls.find((c) => c.path === '/v1/user/export')?.authorization).toBe('Bearer access');
  });

  it('says so in German when the export fails', async () => {
    stubApi(() => jsonResponse(503, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'unavailable' }));
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(
      await screen.findByText('Der Download hat nicht geklappt. Bitte versuchen Sie es erneut.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeEnabled();
  });
});
