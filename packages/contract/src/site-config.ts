import { z } from 'zod/mini';

/**
 * What the browser needs to know about this installation before anyone signs in. Today only the page
 * analytics: null when the operator configured none, and then the app loads nothing and asks nothing.
 */
export const SiteConfigSchema = z.object({
  analytics: z.nullable(
    z.object({
      /** The Plausible-compatible script, loaded only after the visitor's consent. */
      scriptUrl: z.url(),
      /** The site name the script reports page views under (its `data-domain`). */
      site: z.string().check(z.minLength(1)),
      /** The host page views go to, shown in the consent text. */
      host: z.string().check(z.minLength(1)),
    }),
  ),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
