import { ThankYouPage } from '../../features/orders/components/thank-you-page';

/** /order/:orderId: thank-you text with the order id (spec 2.2). */
export { ThankYouPage as Component };
