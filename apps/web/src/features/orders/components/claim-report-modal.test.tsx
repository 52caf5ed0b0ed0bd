import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Claim } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildClaim } from '../test-support/claims';
import { buildOrder } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { ClaimReportModal, occurredAtOf } from './claim-report-modal';
import { ClaimsCard } from './claims-card';

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/v1/order/42/claims');

/** The multipart body the API client sent, read back as the form the server would parse. */
async function sentForm(call: RecordedCall | undefined): Promise<FormData> {
  if (!call?.contentType) throw new Error('no multipart call');
  return new Response(call.body as string, { headers: { 'Content-Type': call.contentType } }).formData();
}

const photo = (name: string, type = 'image/jpeg', content = 'jpeg-bytes') => new File([content], name, { type });

function renderModal() {
  const onClose = vi.fn();
  renderWithRoutes(
    [{ path: '/order/42', element: <ClaimReportModal orderId={42} opened onClose={onClose} /> }],
    '/order/42',
  );
  return onClose;
}

async function openDialog() {
  return within(await screen.findByRole('dialog', { name: 'Schaden melden' }));
}

async function fillIn(user: UserEvent, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText(/^Datum/), '04.05.2026');
  await user.type(dialog.getByLabelText(/^Uhrzeit/), '14:30');
  await user.type(dialog.getByRole('textbox', { name: /^Ort/ }), 'Parkplatz Marktstraße 5, München');
  await user.type(dialog.getByRole('textbox', { name: /^Beschreibung/ }), 'Stoßstange beim Ausparken beschädigt.');
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('reporting a damage', () => {
  it('checks the report against the contract and asks for the police reference on a theft', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderModal();
    const dialog = await openDialog();
    expect(dialog.getByTestId('claim-excess-hint')).toHaveTextContent(
      'Selbstbeteiligung (Selbstbehalt) von bis zu 500 €',
    );
    await user.click(dialog.getByRole('button', { name: 'Meldung senden' }));
    expect(await dialog.findByText('Bitte geben Sie ein gültiges Datum ein.')).toBeInTheDocument();
    expect(dialog.getAllByText('Pflichtfeld')).toHaveLength(2);

    await user.click(dialog.getByRole('combobox', { name: /^Art des Schadens/ }));
    await user.click(await screen.findByRole('option', { name: 'Diebstahl' }));
    expect(dialog.getByText(/Bei einem Diebstahl brauchen wir das Aktenzeichen/)).toBeInTheDocument();
    await fillIn(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Meldung senden' }));
    expect(
      await dialog.findByText('Bitte geben Sie bei einem Diebstahl das Aktenzeichen der Polizei an.'),
    ).toBeInTheDocument();
    expect(dialog.queryByText('Pflichtfeld')).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server’s refusals at their fields in German, and a conflict as the server words it', async () => {
    const answers = [
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Der Zeitpunkt liegt in der Zukunft.',
        errors: [{ field: 'occurredAt', message: 'future' }],
      }),
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Der Zeitpunkt liegt vor der Übergabe des Fahrzeugs.',
        errors: [{ field: 'occurredAt', message: 'beforeHandover' }],
      }),
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Die Anfrage enthält ungültige Felder.',
        errors: [{ field: 'place', message: 'max 200' }],
      }),
      jsonResponse(409, {
        status: 409,
        code: 'CONFLICT',
        message: 'Schäden melden Sie für ein laufendes Leasing nach der Übergabe.',
      }),
    ];
    const calls = stubApi((call) => (call.method === 'POST' ? answers.shift() : undefined));
    const user = userEvent.setup();
    renderModal();
    const dialog = await openDialog();
    await fillIn(user, dialog);
    const send = dialog.getByRole('button', { name: 'Meldung senden' });
    await user.click(send);
    expect(await dialog.findByText('Der Zeitpunkt liegt in der Zukunft.')).toBeInTheDocument();
    await user.click(send);
    expect(await dialog.findByText('Der Zeitpunkt liegt vor der Übergabe des Fahrzeugs.')).toBeInTheDocument();
    await user.click(send);
    expect(await dialog.findByText('Höchstens 200')).toBeInTheDocument();
    await user.click(send);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Schäden melden Sie für ein laufendes Leasing nach der Übergabe.',
    );
    // The field errors of the attempt before are gone.
    expect(dialog.queryByText('Höchstens 200')).toBeNull();
    expect(posts(calls)).toHaveLength(4);
  });

  it('checks number, size and type of the photos before anything is sent', async () => {
    const calls = stubApi();
    const user = userEvent.setup({ applyAccept: false });
    renderModal();
    const dialog = await openDialog();
    await fillIn(user, dialog);
    const send = dialog.getByRole('button', { name: 'Meldung senden' });

    await user.upload(
      fileInput(),
      Array.from({ length: 11 }, (_, i) => photo(`foto-${String(i)}.jpg`)),
    );
    expect(await dialog.findByText('Höchstens 10 Fotos je Meldung.')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.upload(fileInput(), [photo('gross.jpg', 'image/jpeg', 'x'.repeat(10 * 1024 * 1024 + 1))]);
    expect(await dialog.findByText('gross.jpg ist größer als 10 MB.')).toBeInTheDocument();

    const eightMegabytes = 'x'.repeat(8 * 1024 * 1024);
    await user.upload(
      fileInput(),
      ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => photo(name, 'image/jpeg', eightMegabytes)),
    );
    expect(await dialog.findByText(/Die Fotos sind zusammen größer als 20 MB/)).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.upload(fileInput(), [photo('animation.gif', 'image/gif')]);
    expect(await dialog.findByText('animation.gif ist kein Foto im Format JPEG, PNG oder WebP.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends report and photos as one multipart request, then confirms, closes and reloads the list', async () => {
    let claims: Claim[] = [];
    const created = buildClaim({ thirdPartyInvolved: true, policeReportNumber: 'AZ 7/26' });
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/claims' && call.method === 'GET') return jsonResponse(200, claims);
      if (call.path === '/v1/order/42/claims' && call.method === 'POST') {
        claims = [created];
        return jsonResponse(201, created);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const order = buildOrder({ status: 'LEASING_ACTIVE', handoverDate: '2026-03-02' });
    renderWithRoutes([{ path: '/order/42', element: <ClaimsCard order={order} /> }], '/order/42');
    await user.click(await screen.findByRole('button', { name: 'Schaden melden' }));
    const dialog = await openDialog();

    await user.click(dialog.getByRole('combobox', { name: /^Art des Schadens/ }));
    await user.click(await screen.findByRole('option', { name: 'Unfall' }));
    await fillIn(user, dialog);
    await user.type(dialog.getByRole('textbox', { name: /^Aktenzeichen der Polizei/ }), 'AZ 7/26');
    await user.click(dialog.getByRole('checkbox', { name: 'Dritte beteiligt' }));
    await user.upload(fileInput(), [photo('vorne.jpg'), photo('hinten.png', 'image/png', 'png-bytes')]);
    await user.click(dialog.getByRole('button', { name: 'Meldung senden' }));

    expect(await screen.findByText('Ihre Meldung S-2026-000042 ist eingegangen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schaden melden' })).toBeNull());
    expect(await screen.findByTestId('claim-row')).toHaveTextContent('S-2026-000042');

    const [sent] = posts(calls);
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.authorization).toBe('Bearer access');
    const form = await sentForm(sent);
    expect(JSON.parse(form.get('claim') as string)).toEqual({
      kind: 'ACCIDENT',
      occurredAt: new Date('2026-05-04T14:30').toISOString(),
      place: 'Parkplatz Marktstraße 5, München',
      description: 'Stoßstange beim Ausparken beschädigt.',
      thirdPartyInvolved: true,
      policeReportNumber: 'AZ 7/26',
      drivable: true,
    });
    const files = form.getAll('photos') as File[];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['vorne.jpg', 'image/jpeg'],
      ['hinten.png', 'image/png'],
    ]);
    expect(await files[0]?.text()).toBe('jpeg-bytes');
    expect(calls.filter((c) => c.path === '/v1/order/42/claims' && c.method === 'GET')).toHaveLength(2);
  });
});

describe('the time of the occurrence', () => {
  it('is an ISO time once day and time are complete', () => {
    expect(occurredAtOf('2026-05-04', '14:30')).toBe('2026-05-04T12:30:00.000Z');
    expect(occurredAtOf('2026-05-04', '')).toBe('');
    expect(occurredAtOf('', '14:30')).toBe('');
  });
});
