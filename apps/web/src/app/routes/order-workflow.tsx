import { WorkflowPage } from '../../features/orders/components/workflow-page';

/** /order/:orderId/workflow: stepper plus the active step's screen (spec 2.6, 4.5). */
export { WorkflowPage as Component };
