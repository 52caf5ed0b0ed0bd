import { describe, expect, it, vi } from 'vitest';

import { createI18n, initI18n } from './i18n';
import { TranslationBackend } from './translation-backend';
import { createTranslationRequest } from './translation-request';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Runs one backend read and reports what i18next would get: the error and the retry flag. */
function readWith(fetchImpl: FetchLike): Promise<{ error: unknown; retryOrData: unknown }> {
  const backend = new TranslationBackend(undefined, {
    loadPath: '/locales/{{lng}}/{{ns}}.json',
    request: createTranslationRequest(fetchImpl),
  });
  return new Promise((resolve) => {
    backend.read('de', 'translation', (error, retryOrData) => {
      resolve({ error, retryOrData });
    });
  });
}

const answer = (status: number, body = '{}'): FetchLike => vi.fn(() => Promise.resolve(new Response(body, { status })));

describe('translation loading: retry decision (spec 8)', () => {
  it.each([500, 502, 503, 599])('retries on status %i', async (status) => {
    const { error, retryOrData } = await readWith(answer(status));
    expect(error).toBeTruthy();
    expect(retryOrData).toBe(true);
  });

  it('retries when fetch fails (no status)', async () => {
    const { error, retryOrData } = await readWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(error).toBeTruthy();
    expect(retryOrData).toBe(true);
  });

  it('retries when the body cannot be read', async () => {
    const broken = {
      ok: true,
      status: 200,
      text: () => Promise.reject(new TypeError('network error')),
    } as unknown as Response;
    const { retryOrData } = await readWith(() => Promise.resolve(broken));
    expect(retryOrData).toBe(true);
  });

  it.each([400, 401, 403, 404, 429])('does not retry on status %i', async (status) => {
    const { error, retryOrData } = await readWith(answer(status));
    expect(error).toBeTruthy();
    expect(retryOrData).toBe(false);
  });

  it('does not retry when the file is not JSON', async () => {
    const { error, retryOrData } = await readWith(answer(200, '<html>not json</html>'));
    expect(String(error)).toContain('failed parsing');
    expect(retryOrData).toBe(false);
  });

  it('delivers the parsed file on success and requests it with same-origin credentials', async () => {
    const fetchImpl = vi.fn<FetchLike>(() => Promise.resolve(new Response('{"main":{"filter":"Filtern"}}')));
    const { error, retryOrData } = await readWith(fetchImpl);
    expect(error).toBeNull();
    expect(retryOrData).toEqual({ main: { filter: 'Filtern' } });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/locales/de/translation.json',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('posts missing keys as JSON', async () => {
    const fetchImpl = vi.fn<FetchLike>(() => Promise.resolve(new Response('', { status: 200 })));
    const request = createTranslationRequest(fetchImpl);
    await new Promise<void>((resolve) => {
      request({}, '/locales/add/de/translation', { 'main.new': 'Neu' }, () => {
        resolve();
      });
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/locales/add/de/translation',
      expect.objectContaining({ method: 'POST', body: '{"main.new":"Neu"}' }),
    );
  });

  it("posts them with the signed-in admin's token, and loads files without one", async () => {
    const fetchImpl = vi.fn<FetchLike>(() => Promise.resolve(new Response('{}', { status: 200 })));
    const request = createTranslationRequest(fetchImpl, () => 'token-123');
    await new Promise<void>((resolve) => {
      request({}, '/locales/add/de/translation', { 'main.new': 'Neu' }, () => {
        resolve();
      });
    });
    await new Promise<void>((resolve) => {
      request({}, '/locales/de/translation.json', '', () => {
        resolve();
      });
    });
    const [post, get] = fetchImpl.mock.calls.map(([, init]) => init.headers as Record<string, string>);
    expect(post).toMatchObject({ Authorization: 'Bearer token-123' });
    expect(get).not.toHaveProperty('Authorization');
  });
});

describe('translation loading with i18next', () => {
  it('loads after a 5xx answer on the retry', async () => {
    const fetchImpl = vi
      .fn<FetchLike>()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(new Response('{"main":{"filter":"Filtern"}}'));
    const instance = createI18n();
    await initI18n(instance, { fetch: fetchImpl, saveMissing: false, retryTimeout: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(instance.t('main.filter')).toBe('Filtern');
  });

  it('loads the namespaces the first page names with the common texts, once each', async () => {
    const fetchImpl = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        new Response(
          String(url).includes('catalog') ? '{"vehicle":{"retry":"Erneut laden"}}' : '{"main":{"filter":"Filtern"}}',
        ),
      ),
    );
    const instance = createI18n();
    await initI18n(instance, {
      fetch: fetchImpl,
      saveMissing: false,
      language: 'de',
      namespaces: ['translation', 'catalog'],
    });
    expect(fetchImpl.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/locales/de/catalog.json',
      '/locales/de/translation.json',
    ]);
    expect(instance.hasLoadedNamespace('catalog')).toBe(true);
    expect(instance.t('vehicle.retry', { ns: 'catalog' })).toBe('Erneut laden');
  });

  it('gives up at once on a 404 and shows keys', async () => {
    const fetchImpl = vi.fn<FetchLike>(() => Promise.resolve(new Response('', { status: 404 })));
    const instance = createI18n();
    await initI18n(instance, { fetch: fetchImpl, saveMissing: false, retryTimeout: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(instance.t('main.filter')).toBe('main.filter');
  });
});
