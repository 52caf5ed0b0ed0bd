import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PHOTO_MAX_BYTES, type ProviderVehicle, type VehiclePhoto } from '@leasing/contract';

import { Component as PhotosRoute } from '../../../app/routes/provider-photos';
import { setAuthData } from '../../../lib/auth-store';
import { stubXhrOverFetch } from '../../../lib/test-support/xhr-over-fetch';
import { ME, stubApi } from '../../../test/fake-api';
import { deferred, jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

const EV3 = '6c1b5d2f-3a8e-4a66-8b64-5d2c4a3b1b02';
const Q4 = '7d2c6e3a-4b9f-4b77-9c75-6e3d5b4c2c03';
const ID4 = '8e3d7f4b-5caf-4c88-8d86-7f4e6c5d3d04';

const vehicle = (id: string, model: string, photos: number): ProviderVehicle => ({
  id,
  brand: model === 'EV3' ? 'Kia' : model === 'ID.4' ? 'VW' : 'Audi',
  model,
  trimLevel: null,
  listPrice: 40_000,
  packages: 30,
  photos,
  mainPhotoUrl: photos === 0 ? `/media/vehicles/${id}/front.svg` : `/media/photos/${id}/960.webp`,
});

const photo = (n: number): VehiclePhoto => ({
  id: `9f4e8a5c-6dba-4d99-8e97-8a5f7d6e4e${String(n).padStart(2, '0')}`,
  position: n,
  main: n === 0,
  width: 1600,
  height: 900,
  widths: [480, 960, 1600],
  url: `/media/photos/p${String(n)}/960.webp`,
  srcSetWebp: '',
  srcSetAvif: '',
});

const png = (name: string, bytes = 2_000) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function renderPhotos() {
  return renderRoutes(withQueryClient([{ path: '/provider/photos', element: <PhotosRoute /> }]), '/provider/photos');
}

async function chooseVehicle(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: 'Fahrzeug' }));
  await user.click(screen.getByRole('option', { name }));
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/provider/photos', () => {
  it('counts and marks the cars still on the drawn placeholder, and can list only those', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/vehicles')
        return jsonResponse(200, [vehicle(EV3, 'EV3', 0), vehicle(Q4, 'Q4 e-tron', 2), vehicle(ID4, 'ID.4', 0)]);
      if (call.path === `/v1/provider/vehicles/${EV3}/photos`) return jsonResponse(200, []);
      return undefined;
    });
    const user = userEvent.setup();
    renderPhotos();
    expect(await screen.findByTestId('placeholder-count')).toHaveTextContent('2 Fahrzeuge ohne Foto');

    await user.click(screen.getByRole('combobox', { name: 'Fahrzeug' }));
    expect(within(screen.getByRole('option', { name: /Kia EV3/ })).getByText('Platzhalter')).toBeInTheDocument();
    expect(within(screen.getByRole('option', { name: /Audi Q4/ })).queryByText('Platzhalter')).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('switch', { name: 'Nur Fahrzeuge mit Platzhalter' }));
    await user.click(screen.getByRole('combobox', { name: 'Fahrzeug' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Kia EV3'),
      expect.stringContaining('VW ID.4'),
    ]);
    await user.click(screen.getByRole('option', { name: /Kia EV3/ }));
    const note = await screen.findByTestId('placeholder-note');
    expect(within(note).getByRole('img', { name: 'Gezeichnete Ansicht (Platzhalter)' })).toHaveAttribute(
      'src',
      `/media/vehicles/${EV3}/front.svg`,
    );
    expect(within(note).getByText('Platzhalter')).toBeInTheDocument();
  });

  it('uploads several dropped photos one after the other, each with its progress and result', async () => {
    const held = deferred<undefined>();
    stubXhrOverFetch({ beforeAnswer: () => held.promise });
    let stored: VehiclePhoto[] = [];
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/vehicles') return jsonResponse(200, [vehicle(EV3, 'EV3', stored.length)]);
      if (call.path !== `/v1/provider/vehicles/${EV3}/photos`) return undefined;
      if (call.method === 'GET') return jsonResponse(200, stored);
      // The API decides by the bytes: the second file is no image.
      if (typeof call.body === 'string' && call.body.includes('filename="kaputt.png"'))
        return jsonResponse(415, {
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.',
        });
      const added = photo(stored.length);
      stored = [...stored, added];
      return jsonResponse(201, added);
    });
    const user = userEvent.setup();
    renderPhotos();
    await chooseVehicle(user, /Kia EV3/);
    expect(await screen.findByTestId('placeholder-note')).toBeInTheDocument();

    const input = screen.getByLabelText('Fotodateien');
    fireEvent.change(input, {
      target: {
        files: [png('vorne.png'), png('kaputt.png'), png('hinten.png'), png('riesig.png', PHOTO_MAX_BYTES + 1)],
      },
    });

    // The browser refuses the one past 10 MB at once; the first is out and being processed, the rest wait.
    const rows = await screen.findAllByTestId('photo-upload');
    const row = (name: string) => rows.find((r) => r.textContent.includes(name)) as HTMLElement;
    expect(rows).toHaveLength(4);
    await waitFor(() =>
      expect(within(row('vorne.png')).getByRole('progressbar', { name: 'Hochladen von vorne.png' })).toHaveAttribute(
        'aria-valuetext',
        'Hochgeladen, wird verarbeitet …',
      ),
    );
    expect(row('hinten.png')).toHaveTextContent('Wartet …');
    expect(row('riesig.png')).toHaveTextContent('AbgelehntDas Foto ist zu groß (höchstens 10 MB).');

    held.resolve(undefined);
    await waitFor(() => expect(row('hinten.png')).toHaveAttribute('data-status', 'done'));
    expect(row('vorne.png')).toHaveAttribute('data-status', 'done');
    expect(row('kaputt.png')).toHaveTextContent('AbgelehntDie Datei ist kein JPEG-, PNG- oder WebP-Bild.');
    expect(screen.getByTestId('photo-upload-summary')).toHaveTextContent('Fertig: 2, abgelehnt: 2');

    // One after the other, in the order dropped; the file past 10 MB never left the browser.
    const posted = calls.filter((c) => c.method === 'POST').map((c) => /filename="([^"]+)"/.exec(String(c.body))?.[1]);
    expect(posted).toEqual(['vorne.png', 'kaputt.png', 'hinten.png']);
    expect(await screen.findAllByTestId('vehicle-photo')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('placeholder-note')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('placeholder-count')).toHaveTextContent('Alle Fahrzeuge haben ein Foto.'),
    );

    await user.click(screen.getByRole('button', { name: 'Liste leeren' }));
    expect(screen.queryByTestId('photo-uploads')).toBeNull();
  });

  it('opens the file picker from the keyboard, through one button', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/vehicles') return jsonResponse(200, [vehicle(EV3, 'EV3', 0)]);
      if (call.path === `/v1/provider/vehicles/${EV3}/photos`) return jsonResponse(200, []);
      return undefined;
    });
    const user = userEvent.setup();
    renderPhotos();
    await chooseVehicle(user, /Kia EV3/);
    const zone = await screen.findByRole('group', { name: 'Ablagefläche für Fotos' });
    expect(zone).toHaveAccessibleDescription(/Mehrere auf einmal/);
    expect(zone).not.toHaveAttribute('tabindex');
    const input = screen.getByLabelText<HTMLInputElement>('Fotodateien');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    const picked = vi.spyOn(input, 'click');
    const button = screen.getByRole('button', { name: 'Fotos auswählen' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalled();
  });
});
