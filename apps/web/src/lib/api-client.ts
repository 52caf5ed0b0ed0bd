import { z } from 'zod/mini';

import {
  AuthResponseSchema,
  ErrorCodeSchema,
  ErrorResponseSchema,
  type AuthData,
  type ErrorCode,
  type FieldError,
} from '@leasing/contract';

import { appConfig } from '../config/env';
import { takeFirstRequest } from './first-requests';
import { emitAuthFailure, type AuthFailureReason } from './auth-events';
import { authStore as defaultAuthStore, type AuthStore } from './auth-store';

/** Codes of the API (`ErrorCodeSchema`) plus the two failures that happen before an answer can be read. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** Every failed call rejects with this; callers branch on `code`, never on `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldError[];

  constructor(init: { status: number; code: ApiErrorCode; message: string; errors?: FieldError[]; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type { AuthFailureReason } from './auth-events';

type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is with its own content type (a CSV file), instead of `body`. */
  raw?: { contentType: string; content: string | Blob };
  /** Appended as query string; arrays become comma-separated lists, empty values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of this write with its first answer. */
  idempotencyKey?: string;
  /**
   * `false` returns 401/403 as a plain `ApiError`: no refresh, no `onAuthFailure`. For calls that are
   * part of signing in or out themselves.
   */
  handleAuthErrors?: boolean;
}

export interface ApiClient {
  /** JSON call; the answer is parsed with `schema` (a contract schema) when given. */
  request<S extends z.core.$ZodType>(path: string, options: RequestOptions & { schema: S }): Promise<z.output<S>>;
  request(path: string, options?: RequestOptions): Promise<unknown>;
  /** Binary call (PDF documents). */
  requestBlob(path: string, options?: RequestOptions): Promise<Blob>;
}

export interface ApiClientOptions {
  /** Prefix of every path; '' for same origin. */
  baseUrl?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  authStore?: Pick<AuthStore, 'getAuthData' | 'setAuthData' | 'clearAuthData'>;
  /**
   * UI reaction to a lost session (navigate to /login). Injected so the client stays free of routing
   * and toasts; auth data is already cleared when the reason is `session-expired`.
   */
  onAuthFailure?: (reason: AuthFailureReason) => void;
  /** An answer to a GET that was asked for before the app ran (lib/first-requests.ts), taken once. */
  takeEarlyAnswer?: (url: string, accessToken: string | undefined) => Promise<Response> | undefined;
}

export const REFRESH_PATH = '/v1/auth/refreshToken';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value as string | number | boolean);
    if (text !== '') params.set(key, text);
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  return JSON.parse(text) as unknown;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ ...parsed.data, status: response.status });
  }
  // Not our error format (proxy page, crashed upstream): keep the status, derive the code from it.
  const loose = body as { code?: unknown; message?: unknown } | undefined;
  const code = ErrorCodeSchema.safeParse(loose?.code);
  return new ApiError({
    status: response.status,
    code: code.success ? code.data : (STATUS_CODES[response.status] ?? 'INTERNAL'),
    message:
      typeof loose?.message === 'string' ? loose.message : response.statusText || `HTTP ${String(response.status)}`,
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const store = options.authStore ?? defaultAuthStore;
  const onAuthFailure = options.onAuthFailure ?? (() => undefined);
  const takeEarlyAnswer = options.takeEarlyAnswer ?? (() => undefined);

  // The one refresh in flight; every 401 that arrives meanwhile waits for it instead of starting its own.
  let refreshing: Promise<boolean> | null = null;

  async function send(path: string, request: RequestOptions, accessToken: string | undefined): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json' });
    if (request.raw) headers.set('Content-Type', request.raw.contentType);
    else if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
    const body = request.raw
      ? request.raw.content
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body);
    const url = buildUrl(baseUrl, path, request.query);
    const isPlainGet = (request.method ?? 'GET') === 'GET' && body === undefined;
    try {
      const early = isPlainGet ? takeEarlyAnswer(url, accessToken) : undefined;
      if (early) return await early;
      return await fetchImpl(url, {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: request.signal,
        // Cookies go to our own origin only: the sign-in's device cookie (HttpOnly, SameSite=Strict,
        // decision 0026) must reach POST /v1/auth/login; no other cookie is ever read by the API.
        credentials: 'same-origin',
      });
    } catch (error) {
      // An abort is the caller's decision (TanStack Query cancels); let it through unchanged.
      if (isAbortError(error)) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed', cause: error });
    }
  }

  async function refreshTokens(refreshToken: string): Promise<boolean> {
    try {
      const response = await send(REFRESH_PATH, { method: 'POST', body: { refreshToken } }, undefined);
      if (!response.ok) return false;
      const parsed = AuthResponseSchema.safeParse(await readJson(response));
      if (!parsed.success || !parsed.data.authenticated) return false;
      store.setAuthData({ accessToken: parsed.data.accessToken, refreshToken: parsed.data.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  function refreshOnce(authData: AuthData): Promise<boolean> {
    refreshing ??= refreshTokens(authData.refreshToken)
      .then((renewed) => {
        if (!renewed) {
          store.clearAuthData();
          onAuthFailure('session-expired');
        }
        return renewed;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function execute<T>(
    path: string,
    request: RequestOptions,
    read: (response: Response) => Promise<T>,
    retried = false,
  ): Promise<T> {
    const handleAuthErrors = request.handleAuthErrors ?? true;
    const sentWith = store.getAuthData();
    const response = await send(path, request, sentWith?.accessToken);

    if (response.status === 401 && handleAuthErrors && !retried) {
      const current = store.getAuthData();
      if (current) {
        // If the tokens changed while this request was under way, another request already refreshed.
        const renewed = current.accessToken !== sentWith?.accessToken ? true : await refreshOnce(current);
        if (renewed) return execute(path, request, read, true);
      }
    }
    if (response.status === 403 && handleAuthErrors) onAuthFailure('forbidden');
    if (!response.ok) throw await toApiError(response);
    return read(response);
  }

  async function readParsed(response: Response, schema: z.core.$ZodType | undefined): Promise<unknown> {
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: 'Response is not valid JSON',
        cause: error,
      });
    }
    if (!schema) return body;
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: 'Response does not match the contract',
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  function request(path: string, options: RequestOptions & { schema?: z.core.$ZodType } = {}): Promise<unknown> {
    return execute(path, options, (response) => readParsed(response, options.schema));
  }

  return {
    request: request as ApiClient['request'],
    requestBlob: (path, options = {}) => execute(path, options, (response) => response.blob()),
  };
}

/** The client every feature uses: same origin, tokens from `localStorage`, auth failures to auth-events. */
export const apiClient: ApiClient = createApiClient({
  baseUrl: appConfig.apiBaseUrl,
  onAuthFailure: emitAuthFailure,
  takeEarlyAnswer: takeFirstRequest,
});
