import { PipelinePage } from '../../features/provider/components/pipeline-page';

/** /provider/orders: the order pipeline. */
export function Component() {
  return <PipelinePage />;
}
