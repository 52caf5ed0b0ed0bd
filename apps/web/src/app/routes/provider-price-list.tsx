import { PriceListPage } from '../../features/provider/components/price-list-page';

/** /provider/price-list: export, import, publish, versions. */
export function Component() {
  return <PriceListPage />;
}
