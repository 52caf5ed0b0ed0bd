import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { requireRole } from '../../plugins/authenticate.js';
import type { OrderDeps } from '../orders/index.js';
import type { ProviderDeps } from './deps.js';

export type ProviderRouteDeps = ProviderDeps & { orders: OrderDeps; authenticate: onRequestAsyncHookHandler };

export const security = [{ bearerAuth: [] }];
export const tags = ['provider'];
export const ctxOf = (request: { id: string }) => ({ requestId: request.id });
export const provider = (request: FastifyRequest) => requireRole(request, 'PROVIDER_ADMIN');
