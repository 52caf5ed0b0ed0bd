import { PackageChangesPage } from '../../features/provider/components/package-changes-page';

/** /provider/package-changes: the requests for a larger kilometre package (ADR 0058). */
export function Component() {
  return <PackageChangesPage />;
}
