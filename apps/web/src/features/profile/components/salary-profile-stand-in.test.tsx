import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildSalaryInfo } from '@leasing/contract/test-support';

import { renderRoutes } from '../../../test/render';
import { withQueryClient } from '../../../test/query';
import { buildUserInfo, saveButton, stubProfileApi } from '../test-support/profile-page';
import { SalaryProfile } from './salary-profile';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Loading react-hook-form in the test runner (a transform, not a download) can take a few seconds.
const LOAD = { timeout: 10_000 };

describe('salary profile on a first load (react-hook-form loads with the first input)', { timeout: 30_000 }, () => {
  it('keeps what was typed before the form library arrived, validates it and saves it', async () => {
    const api = stubProfileApi({ info: buildUserInfo(buildSalaryInfo({ grossMonthlySalaryEur: 5200 })) });
    renderRoutes(withQueryClient([{ path: '/profile/salary', element: <SalaryProfile /> }]), '/profile/salary');
    const user = userEvent.setup();
    const place = await screen.findByRole('textbox', { name: /^Ort/ });

    // Typed and submitted at once: the stand-in holds the value and the submit until the library is there.
    await user.clear(place);
    await user.type(place, 'Köln');
    await user.click(saveButton());
    expect(await screen.findByText('Gespeichert', undefined, LOAD)).toBeInTheDocument();
    expect(api.puts()).toHaveLength(1);
    expect((api.puts()[0]?.body as { addressDto: Record<string, unknown> }).addressDto).toMatchObject({
      place: 'Köln',
    });
  });

  it('shows the error of a field emptied before the form library arrived', async () => {
    stubProfileApi();
    renderRoutes(withQueryClient([{ path: '/profile/salary', element: <SalaryProfile /> }]), '/profile/salary');
    const user = userEvent.setup();
    const place = await screen.findByRole('textbox', { name: /^Ort/ });

    await user.clear(place);
    await user.tab();
    expect(await screen.findByText('Pflichtfeld', undefined, LOAD)).toBeInTheDocument();
    expect(place).toHaveAttribute('aria-invalid', 'true');
  });
});
