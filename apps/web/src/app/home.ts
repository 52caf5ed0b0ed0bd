import { redirect } from 'react-router';

import type { Role } from '@leasing/contract';

/**
 * Each role's home (ADR 0062): where `/` leads, and so where a sign-in without a `callbackPath` lands
 * (the sign-in form, its prerendered hand-over and the second factor's step all go to `/`). HR goes to
 * the employer portal's overview, the provider's admin to the back office's dashboard, an employee to
 * the car search.
 */
const HOMES: Record<Role, string> = {
  EMPLOYEE: '/search',
  TENANT_ADMIN: '/employer',
  PROVIDER_ADMIN: '/provider',
};

export function homePathOf(role: Role | undefined): string {
  return role ? HOMES[role] : HOMES.EMPLOYEE;
}

/**
 * `/`'s loader for a signed-in visitor: the role comes from `GET /v1/me` through the signed-in cache,
 * where the navigation reads it too (asked once; a brand link click finds it there). A failed answer
 * leads to the search, whose guard and API client deal with a lost session.
 */
export async function homeRedirect(): Promise<Response> {
  const [{ queryClient }, { meQueryOptions }] = await Promise.all([
    import('./layouts/main-layout'),
    import('../features/auth/api/get-me'),
  ]);
  try {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    return redirect(homePathOf(me.role));
  } catch {
    return redirect(homePathOf(undefined));
  }
}
