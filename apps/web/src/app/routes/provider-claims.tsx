import { ClaimsPage } from '../../features/provider/components/claims-page';

/** /provider/claims: the damage, accident and theft reports (ADR 0056). */
export function Component() {
  return <ClaimsPage />;
}
