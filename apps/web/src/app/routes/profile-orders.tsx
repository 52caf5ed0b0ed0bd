import { OrderListPage } from '../../features/orders/components/order-list-page';

/** /profile/orders: the user's orders, newest id first (spec 2.5). */
export { OrderListPage as Component };
