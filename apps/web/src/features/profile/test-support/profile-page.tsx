import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';

import { stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { SalaryProfile } from '../components/salary-profile';
import { loadProfileFormEngine } from '../use-profile-form-state';

/** The salary profile page against an in-memory profile API, for the profile's component tests. */

type Answer = Response | undefined;

export interface ProfileApi {
  calls: RecordedCall[];
  puts: () => RecordedCall[];
}

export function buildUserInfo(salary: Record<string, unknown> | null = buildSalaryInfo(), address = buildAddress()) {
  return {
    addressDto: { ...address, email: 'max.mustermann@example.com' },
    salaryInfo: salary,
    profileComplete: salary !== null,
  };
}

/** An in-memory profile API: GET answers the stored profile, PUT stores it (or `onPut` decides). */
export function stubProfileApi(
  options: {
    info?: ReturnType<typeof buildUserInfo>;
    config?: { arrivalNumberMin: number; arrivalNumberMax: number };
    onPut?: (call: RecordedCall) => Answer;
    onEmail?: (call: RecordedCall) => Answer;
  } = {},
): ProfileApi {
  let info = options.info ?? buildUserInfo();
  const calls = stubApi((call) => {
    if (call.path === '/v1/user/user-info-config')
      return jsonResponse(200, options.config ?? { arrivalNumberMin: 0, arrivalNumberMax: 31 });
    if (call.path === '/v1/user/info' && call.method === 'GET') return jsonResponse(200, info);
    if (call.path === '/v1/user/info' && call.method === 'PUT') {
      const answer = options.onPut?.(call);
      if (answer) return answer;
      const body = call.body as { addressDto: Record<string, unknown>; salaryInfo: Record<string, unknown> };
      info = {
        addressDto: { ...info.addressDto, ...body.addressDto },
        salaryInfo: body.salaryInfo,
        profileComplete: true,
      };
      return jsonResponse(200, { saved: true });
    }
    if (call.path.startsWith('/v1/user/email/'))
      return options.onEmail?.(call) ?? jsonResponse(202, { accepted: true });
    return undefined;
  });
  return { calls, puts: () => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/user/info') };
}

const routes = withQueryClient([{ path: '/profile/salary', element: <SalaryProfile /> }]);

/**
 * The page with react-hook-form already loaded, as after an in-app navigation; salary-profile-stand-in
 * tests the first load, where it loads with the first input.
 */
export async function renderProfile() {
  await loadProfileFormEngine();
  const result = renderRoutes(routes, '/profile/salary');
  await screen.findByRole('button', { name: 'Angaben speichern' });
  return { ...result, user: userEvent.setup() };
}

export const saveButton = () => screen.getByRole('button', { name: 'Angaben speichern' });
