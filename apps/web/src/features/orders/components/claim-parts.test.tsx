import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildClaim, webpResponse } from '../test-support/claims';
import { renderWithRoutes } from '../test-support/render';
import { ClaimExcess, ClaimHistory, ClaimPhotos, ClaimStatusBadge, formatPayrollMonth } from './claim-parts';

const GOOD = '0b7d9c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const GONE = '1c8e0d5f-2b3c-4d4e-9f0a-1b2c3d4e5f60';

const render = (element: ReactNode) => renderWithRoutes([{ path: '/', element }], '/');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('the parts of a damage report', () => {
  it('loads each photo as a blob with the token, shows a missing one as such and enlarges on click', async () => {
    const claim = buildClaim({ photoIds: [GOOD, GONE] });
    const calls = stubApi((call) => {
      if (call.path.endsWith(`/photos/${GOOD}`)) return webpResponse();
      if (call.path.endsWith(`/photos/${GONE}`))
        return jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Foto nicht gefunden' });
      return undefined;
    });
    render(<ClaimPhotos claim={claim} />);
    const group = await screen.findByRole('group', { name: 'Fotos' });
    const image = await within(group).findByRole('img', { name: 'Foto 1 zur Meldung S-2026-000042' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(await within(group).findByText('Foto nicht verfügbar')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('/photos/')).map((c) => [c.path, c.authorization])).toEqual([
      [`/v1/order/42/claims/${claim.id}/photos/${GOOD}`, 'Bearer access'],
      [`/v1/order/42/claims/${claim.id}/photos/${GONE}`, 'Bearer access'],
    ]);

    await userEvent.click(within(group).getByRole('button', { name: 'Foto 1 zur Meldung S-2026-000042 vergrößern' }));
    const large = await screen.findByRole('dialog', { name: 'Foto 1 zur Meldung S-2026-000042' });
    expect(within(large).getByRole('img').getAttribute('src')).toMatch(/^blob:/);
  });

  it('shows no photo row without photos', () => {
    stubApi();
    render(<ClaimPhotos claim={buildClaim()} />);
    expect(screen.queryByRole('group', { name: 'Fotos' })).toBeNull();
  });

  it('names the states in German and tells the excess with its payroll month', () => {
    stubApi();
    render(
      <>
        <ClaimStatusBadge status="TOTAL_LOSS" />
        <ClaimExcess claim={{ excessEur: 250.5, excessMonth: '2026-12' }} />
        <ClaimHistory
          events={[
            { status: 'REPORTED', note: null, at: '2026-05-04T15:00:00.000Z' },
            { status: 'REJECTED', note: 'Kein Versicherungsfall.', at: '2026-05-06T08:15:00.000Z' },
          ]}
        />
      </>,
    );
    expect(screen.getByTestId('claim-status')).toHaveTextContent('Totalschaden');
    expect(screen.getByTestId('claim-excess')).toHaveTextContent(
      'Selbstbeteiligung: 250,50 €, abgezogen vom Nettogehalt im Dezember 2026',
    );
    const history = screen.getByTestId('claim-history');
    expect(history).toHaveTextContent('Gemeldet');
    expect(history).toHaveTextContent('Abgelehnt');
    expect(history).toHaveTextContent('06.05.2026, 10:15');
    expect(within(history).getByTestId('claim-note')).toHaveTextContent('Kein Versicherungsfall.');
  });

  it('formats a payroll month as a calendar month', () => {
    expect(formatPayrollMonth('2026-01')).toBe('Januar 2026');
    expect(formatPayrollMonth('kaputt')).toBe('kaputt');
  });
});
