import { z } from 'zod/mini';

/**
 * Build switches of the order screens, parsed once from Vite's environment (only this whitelisted
 * variable is read). `VITE_HIDE_SIGN=true` replaces the identity, signature and finished screens with an
 * in-progress note (spec 4.5), e.g. for a deployment without a contracted signature provider.
 */
const OrderEnvSchema = z.object({
  VITE_HIDE_SIGN: z.optional(z.enum(['true', 'false'])),
});

export interface OrderConfig {
  hideSign: boolean;
}

export function parseOrderConfig(env: Record<string, unknown>): OrderConfig {
  const result = OrderEnvSchema.safeParse({ VITE_HIDE_SIGN: env['VITE_HIDE_SIGN'] });
  if (!result.success) {
    throw new Error('Invalid browser environment: VITE_HIDE_SIGN must be "true" or "false"');
  }
  return { hideSign: result.data.VITE_HIDE_SIGN === 'true' };
}

export const orderConfig: OrderConfig = parseOrderConfig(import.meta.env);
