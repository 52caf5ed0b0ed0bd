import { vi } from 'vitest';

/** What a test may hold or watch in the stand-in below. */
export interface XhrOverFetchOptions {
  /** Upload progress events before the body is "out" (each a fair share of the bytes). */
  steps?: number;
  /** Awaited after every byte is out and before the server is asked: a test can look at "checking". */
  beforeAnswer?: (url: string) => Promise<void>;
}

/**
 * happy-dom's `XMLHttpRequest` goes to the network by itself, past the `fetch` the tests stub. This
 * stand-in has what `lib/upload-with-progress` uses: upload progress events, then the request through
 * the global `fetch` (so `stubApi` answers it and records it like any other call).
 */
function xhrClass(options: XhrOverFetchOptions) {
  const steps = options.steps ?? 2;
  return class XhrOverFetch extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = '';
    response: Blob | null = null;
    responseType = '';
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private answerHeaders = new Headers();
    private aborted = false;

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers.set(name, value);
    }

    getAllResponseHeaders(): string {
      return [...this.answerHeaders.entries()].map(([name, value]) => `${name}: ${value}`).join('\r\n');
    }

    abort(): void {
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }

    send(body: Blob | string | null): void {
      void this.run(body);
    }

    private progress(target: EventTarget, type: string, loaded: number, total: number): void {
      target.dispatchEvent(Object.assign(new Event(type), { lengthComputable: true, loaded, total }));
    }

    private async run(body: Blob | string | null): Promise<void> {
      const size = body instanceof Blob ? body.size : (body?.length ?? 0);
      for (let step = 1; step <= steps; step += 1) {
        await Promise.resolve();
        if (this.aborted) return;
        this.progress(this.upload, 'progress', Math.round((size * step) / steps), size);
      }
      this.progress(this.upload, 'load', size, size);
      await options.beforeAnswer?.(this.url);
      if (this.aborted) return;
      try {
        const answer = await globalThis.fetch(this.url, { method: this.method, headers: this.headers, body });
        this.status = answer.status;
        this.statusText = answer.statusText;
        this.answerHeaders = answer.headers;
        this.response = await answer.blob();
        this.dispatchEvent(new Event('load'));
      } catch {
        this.dispatchEvent(new Event('error'));
      }
    }
  };
}

/** Puts the stand-in in place of `XMLHttpRequest` (undone by `vi.unstubAllGlobals`). */
export function stubXhrOverFetch(options: XhrOverFetchOptions = {}): void {
  vi.stubGlobal('XMLHttpRequest', xhrClass(options));
}
