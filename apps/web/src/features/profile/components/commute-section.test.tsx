import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildSalaryInfo } from '@leasing/contract/test-support';

import { buildUserInfo, renderProfile, saveButton, stubProfileApi } from '../test-support/profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const singleAssessment = () => screen.getByRole('switch', { name: 'Einzelbewertung der Fahrten (0,002 % je Fahrt)' });

describe('salary profile: the per-trip reading of the commute', { timeout: 20_000 }, () => {
  it('is off for a profile saved before the choice existed, and is saved when switched on', async () => {
    const stored = buildSalaryInfo();
    delete stored['commuteSingleAssessment'];
    const api = stubProfileApi({ info: buildUserInfo(stored) });
    const { user } = await renderProfile();
    expect(singleAssessment()).not.toBeChecked();
    expect(screen.getByText(/höchstens 180 im Jahr \(15 im Monat\)/)).toBeInTheDocument();

    await user.click(singleAssessment());
    await user.click(saveButton());
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    const body = api.puts()[0]?.body as { salaryInfo: Record<string, unknown> };
    expect(body.salaryInfo).toMatchObject({ commuteSingleAssessment: true, arrivalNumber: 15 });
  });

  it('shows a stored choice and can be switched off again', async () => {
    const api = stubProfileApi({ info: buildUserInfo(buildSalaryInfo({ commuteSingleAssessment: true })) });
    const { user } = await renderProfile();
    expect(singleAssessment()).toBeChecked();
    await user.click(singleAssessment());
    await user.click(saveButton());
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    expect((api.puts()[0]?.body as { salaryInfo: Record<string, unknown> }).salaryInfo).toMatchObject({
      commuteSingleAssessment: false,
    });
  });
});
