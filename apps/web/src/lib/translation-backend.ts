import type { BackendModule, ReadCallback } from 'i18next';

import type { TranslationRequest } from './translation-request';

export interface TranslationBackendOptions {
  /** `{{lng}}` and `{{ns}}` are replaced. */
  loadPath: string;
  /** Where `saveMissing` posts missing keys; `{{lng}}` and `{{ns}}` are replaced. */
  addPath?: string;
  request: TranslationRequest;
}

const fill = (path: string, lng: string, ns: string): string =>
  path.replace('{{lng}}', encodeURIComponent(lng)).replace('{{ns}}', encodeURIComponent(ns));

/**
 * Loads `/locales/{lng}/{ns}.json` for i18next and posts missing keys. The few lines the app needs of
 * i18next-http-backend (about 2.5 KB gzip on every first view), with its retry decision (spec 8):
 * 5xx or no status -> i18next retries (`maxRetries`, `retryTimeout`); 4xx or a body that is not JSON -> no retry.
 */
export class TranslationBackend implements BackendModule<TranslationBackendOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private options: TranslationBackendOptions = { loadPath: '/locales/{{lng}}/{{ns}}.json', request: () => undefined };

  constructor(_services?: unknown, options?: TranslationBackendOptions) {
    if (options) this.options = options;
  }

  init(_services: unknown, options: TranslationBackendOptions): void {
    this.options = { ...this.options, ...options };
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = fill(this.options.loadPath, language, namespace);
    this.options.request(this.options, url, undefined, (_error, response) => {
      if (response.status === 0 || (response.status >= 500 && response.status < 600)) {
        callback(`failed loading ${url}; status code: ${String(response.status)}`, true);
        return;
      }
      if (response.status >= 400) {
        callback(`failed loading ${url}; status code: ${String(response.status)}`, false);
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(response.data);
      } catch {
        callback(`failed parsing ${url} to json`, false);
        return;
      }
      callback(null, data as Parameters<ReadCallback>[1]);
    });
  }

  create(languages: readonly string[], namespace: string, key: string, fallbackValue: string): void {
    const { addPath } = this.options;
    if (!addPath) return;
    for (const lng of languages) {
      this.options.request(
        this.options,
        fill(addPath, lng, namespace),
        { [key]: fallbackValue || '' },
        () => undefined,
      );
    }
  }
}
