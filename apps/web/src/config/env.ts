import { z } from 'zod/mini';

/**
 * The whitelisted browser environment, parsed once at start-up. Vite only exposes `VITE_*` variables
 * plus its mode flags, so nothing server-side can leak in here.
 */
const BrowserEnvSchema = z.object({
  DEV: z.boolean(),
  VITE_SAVE_MISSING_TRANSLATIONS: z.optional(z.enum(['true', 'false'])),
  VITE_API_BASE_URL: z.optional(
    z
      .string()
      .check(
        z.regex(/^(https?:\/\/[^/]+)?$/, 'VITE_API_BASE_URL must be empty or an origin like https://api.example.com'),
      ),
  ),
});

export interface AppConfig {
  /** Prefix of every API call; '' for same origin. */
  apiBaseUrl: string;
  /** Whether i18next reports missing keys to the API (development aid). */
  saveMissingTranslations: boolean;
}

export function parseAppConfig(env: Record<string, unknown>): AppConfig {
  const result = BrowserEnvSchema.safeParse(env);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid browser environment: ${details}`);
  }
  const parsed = result.data;
  return {
    apiBaseUrl: parsed.VITE_API_BASE_URL ?? '',
    // Explicit switch first; the dev server turns it on by default because that is where keys get added.
    saveMissingTranslations:
      parsed.VITE_SAVE_MISSING_TRANSLATIONS === undefined
        ? parsed.DEV
        : parsed.VITE_SAVE_MISSING_TRANSLATIONS === 'true',
  };
}

export const appConfig: AppConfig = parseAppConfig(import.meta.env);
