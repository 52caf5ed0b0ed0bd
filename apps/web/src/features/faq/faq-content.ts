import { z } from 'zod';

/** Shape of the `faq` translation namespace; checked at runtime because it comes over HTTP. */
const FaqItemSchema = z.object({
  q: z.string().min(1),
  a: z.array(z.string()),
  bullets: z.array(z.string()).optional(),
  steps: z.array(z.string()).optional(),
});

const FaqSectionSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  items: z.array(FaqItemSchema).min(1),
});

export const FaqSectionsSchema = z.array(FaqSectionSchema);
export type FaqSection = z.infer<typeof FaqSectionSchema>;
export type FaqItem = z.infer<typeof FaqItemSchema>;

export function parseFaqSections(value: unknown): FaqSection[] {
  const result = FaqSectionsSchema.safeParse(value);
  return result.success ? result.data : [];
}
