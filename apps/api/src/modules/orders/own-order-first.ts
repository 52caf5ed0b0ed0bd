import { OrderIdParamsSchema } from '@leasing/contract';
import type { FastifyRequest } from 'fastify';

import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../../plugins/authenticate.js';
import type { OrderDeps } from './deps.js';
import { visibleOrder } from './read-orders.js';

/**
 * A `preValidation` hook for a write only the order's own employee may make: whose order it is comes
 * before the body, so another's order is a 404 and HR's or the provider's look at it a 403, whatever
 * the body says (a malformed id is left to the schema's 400).
 */
export const ownOrderFirst = (deps: OrderDeps) => async (request: FastifyRequest) => {
  const parsed = OrderIdParamsSchema.safeParse(request.params);
  if (!parsed.success) return;
  const actor = requireUser(request);
  const order = await visibleOrder(deps, actor, parsed.data.orderId);
  if (order.userId !== actor.id) throw forbidden();
};
