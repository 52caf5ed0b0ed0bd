import { MyCarPage } from '../../features/orders/components/my-car-page';

/** /my-car: the employee's running lease, "Mein Auto" (ADR 0063). */
export function Component() {
  return <MyCarPage />;
}
