import { z } from 'zod/mini';

import { SINGLE_LINE } from './validation-messages.js';

/**
 * The parts every server-paged list shares: `page` (from 1), `pageSize` (up to the list's maximum), a
 * search term `q`, and the answer `{ items, total, page, pageSize }`. Query values arrive as strings,
 * hence the coercion; a value out of range is a 400 naming the field.
 */
export const pageNumberField = () => z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);

export const pageSizeField = (max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(max)), fallback);

export const searchTermField = () => z.optional(z.string().check(z.trim(), z.maxLength(100), z.regex(SINGLE_LINE)));

export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
  });
