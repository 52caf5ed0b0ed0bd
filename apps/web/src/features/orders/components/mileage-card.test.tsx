import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Mileage } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { webpResponse } from '../test-support/claims';
import { renderWithRoutes } from '../test-support/render';
import { MileageCard } from './mileage-card';

const settlement = {
  contractKm: 30_000,
  drivenKm: 54_497,
  extraKm: 24_497,
  chargedExtraKm: 10_000,
  extraKmEur: 1_000,
  fewerKm: 0,
  refundedFewerKm: 0,
  fewerKmEur: 0,
  damagesEur: 0,
  totalEur: 1_000,
};

const mileage = (overrides: Partial<Mileage> = {}): Mileage => ({
  readings: [],
  handoverDate: '2026-01-01',
  endsOn: '2028-12-31',
  contractKm: 30_000,
  kmPerYearSoFar: null,
  forecastEndKm: null,
  projectedSettlement: null,
  overTolerance: false,
  ...overrides,
});

const renderCard = () => renderWithRoutes([{ path: '/order/42', element: <MileageCard orderId={42} /> }], '/order/42');

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/v1/order/42/odometer');

/** The multipart body the API client sent, read back as the form the server would parse. */
async function sentForm(call: RecordedCall | undefined): Promise<FormData> {
  if (!call?.contentType) throw new Error('no multipart call');
  return new Response(call.body as string, { headers: { 'Content-Type': call.contentType } }).formData();
}

const photo = (name: string, type = 'image/jpeg', content = 'jpeg-bytes') => new File([content], name, { type });

function fileInput(card: HTMLElement): HTMLInputElement {
  const input = card.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('the odometer on a running lease', () => {
  it('reports a reading and warns when the forecast passes the tolerance', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(
          201,
          mileage({
            readings: [
              {
                id: 'r1',
                readingKm: 9_000,
                readOn: '2026-07-01',
                recordedAt: '2026-07-01T10:00:00.000Z',
                hasPhoto: false,
              },
            ],
            kmPerYearSoFar: 18_149,
            forecastEndKm: 54_497,
            projectedSettlement: settlement,
            overTolerance: true,
          }),
        );
      return undefined;
    });
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    expect(card).toHaveTextContent('Ihr Vertrag umfasst 30.000 km.');
    await userEvent.type(within(card).getByLabelText('Kilometerstand'), '9.000');
    await userEvent.clear(within(card).getByLabelText('Abgelesen am'));
    await userEvent.type(within(card).getByLabelText('Abgelesen am'), '01.07.2026');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await screen.findByTestId('mileage-forecast')).toHaveTextContent(
      'Bei Ihrem bisherigen Tempo von 18.149 km im Jahr stehen am 31.12.2028 voraussichtlich 54.497 km auf dem Tacho.',
    );
    expect(screen.getByTestId('mileage-warning')).toHaveTextContent('10.000 km');
    expect(screen.getByTestId('mileage-warning').textContent?.replace(/\u00a0/g, ' ')).toContain('1.000 €');
    expect(calls.find((c) => c.path === '/v1/order/42/odometer')?.body).toEqual({
      readingKm: 9_000,
      readOn: '2026-07-01',
    });
  });

  it('shows the server’s reason at the field when a reading runs backwards', async () => {
    stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Der Kilometerstand liegt unter einem früheren Stand.',
          errors: [{ field: 'readingKm', message: 'min 9000' }],
        });
      return undefined;
    });
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await within(card).findByText('Bitte geben Sie den Kilometerstand als ganze Zahl ein.')).toBeVisible();
    await userEvent.type(within(card).getByLabelText('Kilometerstand'), '8000');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await within(card).findByText('Der Kilometerstand liegt unter einem früheren Stand.')).toBeVisible();
  });

  it('sends a reading with a photo as one multipart request and offers the photo for download', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(
          201,
          mileage({
            readings: [
              {
                id: 'r0',
                readingKm: 4_000,
                readOn: '2026-04-01',
                recordedAt: '2026-04-01T10:00:00.000Z',
                hasPhoto: false,
              },
              {
                id: 'r1',
                readingKm: 9_000,
                readOn: '2026-07-01',
                recordedAt: '2026-07-01T10:00:00.000Z',
                hasPhoto: true,
              },
            ],
          }),
        );
      if (call.path === '/v1/order/42/odometer/r1/photo') return webpResponse();
      return undefined;
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    expect(within(card).getByLabelText('Foto des Kilometerzählers (optional)')).toBeInTheDocument();
    expect(fileInput(card).accept).toBe('image/jpeg,image/png,image/webp');
    await user.type(within(card).getByLabelText('Kilometerstand'), '9000');
    await user.clear(within(card).getByLabelText('Abgelesen am'));
    await user.type(within(card).getByLabelText('Abgelesen am'), '01.07.2026');
    await user.upload(fileInput(card), photo('tacho.jpg'));
    await user.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));

    const download = await within(card).findByRole('button', {
      name: 'Foto vom 01.07.2026 herunterladen',
    });
    const [sent] = posts(calls);
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.authorization).toBe('Bearer access');
    const form = await sentForm(sent);
    expect(JSON.parse(form.get('reading') as string)).toEqual({ readingKm: 9_000, readOn: '2026-07-01' });
    const file = form.get('photo') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['tacho.jpg', 'image/jpeg', 'jpeg-bytes']);

    // Only the reading that came with a photo offers one; it comes with the bearer token, as a file.
    const rows = within(within(card).getByTestId('mileage-readings')).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('button').length)).toEqual([0, 1, 0]);
    expect(download).toHaveTextContent('Foto');
    await user.click(download);
    await vi.waitFor(() => expect(saved).toEqual(['Kilometerstand-2026-07-01.webp']));
    expect(calls.find((c) => c.path === '/v1/order/42/odometer/r1/photo')?.authorization).toBe('Bearer access');
  });

  it('checks size and type of the photo before anything is sent, and shows the server’s refusal at it', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(415, {
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.',
          errors: [{ field: 'file', message: 'imageType' }],
        });
      return undefined;
    });
    const user = userEvent.setup({ applyAccept: false });
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    await user.type(within(card).getByLabelText('Kilometerstand'), '9000');
    const send = within(card).getByRole('button', { name: 'Kilometerstand melden' });

    await user.upload(fileInput(card), photo('animation.gif', 'image/gif'));
    expect(await within(card).findByText('Das Foto ist kein Bild im Format JPEG, PNG oder WebP.')).toBeVisible();
    expect(send).toBeDisabled();
    await user.upload(fileInput(card), photo('gross.jpg', 'image/jpeg', 'x'.repeat(10 * 1024 * 1024 + 1)));
    expect(await within(card).findByText('Das Foto ist größer als 10 MB.')).toBeVisible();
    expect(send).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);

    // A file the browser calls an image but the server does not: its reason at the photo, nothing generic.
    await user.upload(fileInput(card), photo('tacho.jpg'));
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await within(card).findByText('Die Datei ist kein JPEG-, PNG- oder WebP-Bild.')).toBeVisible();
    expect(within(card).queryByText(/konnte nicht gespeichert werden/)).toBeNull();
    expect(posts(calls)).toHaveLength(1);
  });
});
