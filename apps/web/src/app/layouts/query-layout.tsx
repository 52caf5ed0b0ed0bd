import { Outlet } from 'react-router';

import { QueryProvider } from '../query-provider';

/** Pathless route that gives the screens below it (registration, password, e-mail flows) TanStack Query. */
export function Component() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
