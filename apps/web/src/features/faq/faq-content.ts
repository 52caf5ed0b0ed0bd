import { z } from 'zod/mini';

/** Shape of the `faq` translation namespace; checked at runtime because it comes over HTTP. */
const FaqItemSchema = z.object({
  q: z.string().check(z.minLength(1)),
  a: z.array(z.string()),
  bullets: z.optional(z.array(z.string())),
  steps: z.optional(z.array(z.string())),
});

const FaqSectionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  items: z.array(FaqItemSchema).check(z.minLength(1)),
});

export const FaqSectionsSchema = z.array(FaqSectionSchema);
export type FaqSection = z.infer<typeof FaqSectionSchema>;
export type FaqItem = z.infer<typeof FaqItemSchema>;

export function parseFaqSections(value: unknown): FaqSection[] {
  const result = FaqSectionsSchema.safeParse(value);
  return result.success ? result.data : [];
}
