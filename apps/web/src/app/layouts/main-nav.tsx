import { Suspense, lazy } from 'react';

import type { Role } from '@leasing/contract';

import { MoreNavStandIn } from './more-nav-face';

type NavKey =
  | 'nav.search'
  | 'nav.profile'
  | 'nav.faq'
  | 'nav.logout'
  | 'nav.employer'
  | 'nav.approvals'
  | 'nav.backOffice'
  | 'nav.orders'
  | 'nav.myCar';

export interface NavItem {
  to: string;
  key: NavKey;
}

const SEARCH: NavItem = { to: '/search', key: 'nav.search' };
const PROFILE: NavItem = { to: '/profile', key: 'nav.profile' };
const FAQ: NavItem = { to: '/faq', key: 'nav.faq' };
const LOGOUT: NavItem = { to: '/logout', key: 'nav.logout' };
/** "Mein Auto": only for someone with a running lease (`activeLeaseOrderId` of GET /v1/me, ADR 0063). */
const MY_CAR: NavItem = { to: '/my-car', key: 'nav.myCar' };

/**
 * The main navigation of a role (spec 2.2; ADR 0062): its home first, then what it works with; what an
 * admin uses less (the car search, profile, FAQ) under "Mehr", so the header stays one line from 1200 px
 * on (below it the navigation folds away) in German and English. Signing out stays in sight. An
 * employee's entries fit, so they have no "Mehr".
 */
export interface RoleNav {
  shown: NavItem[];
  more: NavItem[];
  end: NavItem[];
}

export function navOf(role: Role | undefined, options: { myCar?: boolean } = {}): RoleNav {
  const car = options.myCar ? [MY_CAR] : [];
  switch (role) {
    case 'TENANT_ADMIN':
      return {
        shown: [
          { to: '/employer', key: 'nav.employer' },
          { to: '/admin/orders', key: 'nav.approvals' },
        ],
        more: [SEARCH, ...car, PROFILE, FAQ],
        end: [LOGOUT],
      };
    case 'PROVIDER_ADMIN':
      return {
        shown: [
          { to: '/provider', key: 'nav.backOffice' },
          // The back office's one order list (ADR 0064).
          { to: '/provider/orders', key: 'nav.orders' },
        ],
        more: [SEARCH, ...car, PROFILE, FAQ],
        end: [LOGOUT],
      };
    default:
      return { shown: [SEARCH, ...car, PROFILE, FAQ], more: [], end: [LOGOUT] };
  }
}

/** Every entry one after the other: the folded navigation of narrow screens has room for all. */
export function allNavItems(nav: RoleNav): NavItem[] {
  return [...nav.shown, ...nav.more, ...nav.end];
}

/**
 * "Mehr" (more-nav.tsx), which only admins have: loaded with their first page, so the employee's first
 * views leave its code out (ADR 0010). Until it is there a disabled button of the same size stands in,
 * so nothing moves when it arrives.
 */
const LazyMoreNav = lazy(() => import('./more-nav').then((module) => ({ default: module.MoreNav })));

export function MoreNav({ items }: { items: NavItem[] }) {
  return (
    <Suspense fallback={<MoreNavStandIn />}>
      <LazyMoreNav items={items} />
    </Suspense>
  );
}
