import { describe, expect, it } from 'vitest';

import { parseAppConfig } from './env';

describe('browser environment', () => {
  it('defaults to same-origin API calls and saves missing translations only on the dev server', () => {
    expect(parseAppConfig({ DEV: true })).toEqual({ apiBaseUrl: '', saveMissingTranslations: true });
    expect(parseAppConfig({ DEV: false })).toEqual({ apiBaseUrl: '', saveMissingTranslations: false });
  });

  it('lets the explicit switch win over the mode', () => {
    expect(parseAppConfig({ DEV: true, VITE_SAVE_MISSING_TRANSLATIONS: 'false' }).saveMissingTranslations).toBe(false);
    expect(parseAppConfig({ DEV: false, VITE_SAVE_MISSING_TRANSLATIONS: 'true' }).saveMissingTranslations).toBe(true);
  });

  it('fails fast with the name of a bad variable', () => {
    expect(() => parseAppConfig({ DEV: false, VITE_API_BASE_URL: 'api.example.com/v1' })).toThrow(/VITE_API_BASE_URL/);
    expect(() => parseAppConfig({ DEV: false, VITE_SAVE_MISSING_TRANSLATIONS: 'yes' })).toThrow(
      /VITE_SAVE_MISSING_TRANSLATIONS/,
    );
  });
});
