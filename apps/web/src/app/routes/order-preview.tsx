import { OrderPreviewPage } from '../../features/orders/components/order-preview-page';

/** /order/:orderId/preview: read-only order summary (spec 2.6). */
export { OrderPreviewPage as Component };
