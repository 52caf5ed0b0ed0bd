import { z } from 'zod/mini';

/** Shape of a document in the `legal` translation namespace. */
const LegalSectionSchema = z.object({
  heading: z.string().check(z.minLength(1)),
  paragraphs: z.optional(z.array(z.string())),
  lines: z.optional(z.array(z.string())),
  bullets: z.optional(z.array(z.string())),
});

export const LegalSectionsSchema = z.array(LegalSectionSchema);
export type LegalSection = z.infer<typeof LegalSectionSchema>;

export function parseLegalSections(value: unknown): LegalSection[] {
  const result = LegalSectionsSchema.safeParse(value);
  return result.success ? result.data : [];
}
