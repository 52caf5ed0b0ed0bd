import { z } from 'zod';

/** Shape of a document in the `legal` translation namespace. */
const LegalSectionSchema = z.object({
  heading: z.string().min(1),
  paragraphs: z.array(z.string()).optional(),
  lines: z.array(z.string()).optional(),
  bullets: z.array(z.string()).optional(),
});

export const LegalSectionsSchema = z.array(LegalSectionSchema);
export type LegalSection = z.infer<typeof LegalSectionSchema>;

export function parseLegalSections(value: unknown): LegalSection[] {
  const result = LegalSectionsSchema.safeParse(value);
  return result.success ? result.data : [];
}
