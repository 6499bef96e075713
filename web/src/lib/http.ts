import { z } from 'zod';
import type { Call } from '@lintel/contracts';
import { ACCESS_DENIED, dispatchAuthError, SESSION_EXPIRED } from './auth-events.ts';
import { sessionStore } from './session-storage.ts';
import {
  xhrTransport,
  type ProgressListener,
  type Transport,
  type TransferProgress,
  type WireRequest,
} from './xhr-transport.ts';

export type { ProgressListener, Transport, TransferProgress, WireRequest };

/** SPEC §7: {host}/api; from a dev server on localhost:3000 or :5173 the API is localhost:5000. */
export function apiBaseUrl(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'host'> = window.location,
) {
  const isLocal = location.hostname === 'localhost' || location.hostname === '127.0.0.1';
  if (isLocal && (location.port === '3000' || location.port === '5173'))
    return `http://${location.hostname}:5000/api`;
  return `${location.protocol}//${location.host}/api`;
}

/** An error the server answered with `{ status: 'error', message, code }`, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The body's `details` when it has them: fields and their messages, or what a 422 lists. */
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One call as code asks for it: a path under the API base, query values, a JSON or FormData body. */
export interface HttpConfig {
  method?: string;
  url: string;
  params?: Record<string, unknown> | undefined;
  data?: unknown;
  headers?: Record<string, string> | undefined;
  responseType?: 'json' | 'blob';
  onUploadProgress?: ProgressListener | undefined;
  onDownloadProgress?: ProgressListener | undefined;
  /** Start-up validation handles its own 401s (SPEC §4 "Session"). */
  skipAuthHandling?: boolean | undefined;
  /** Set on the retry after a refresh, so a request is retried once at most. */
  retried?: boolean;
}

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** A call that failed: `response` is the server's non-2xx answer, absent when none came. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function toApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const body = error.response?.data as { message?: unknown; code?: unknown; details?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
    const details = Array.isArray(body?.details)
      ? (body.details as unknown[]).filter(
          (detail): detail is { path: string; message: string } =>
            typeof (detail as { path?: unknown })?.path === 'string' &&
            typeof (detail as { message?: unknown })?.message === 'string',
        )
      : [];
    return new ApiError(
      error.response?.status ?? 0,
      typeof body?.code === 'string' ? body.code : 'NETWORK',
      message,
      details,
    );
  }
  return new ApiError(0, 'UNKNOWN', error instanceof Error && error.message ? error.message : fallback);
}

/** Query values as URL parameters: absent values are left out, a list repeats its name. */
export function queryString(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(name, item instanceof Date ? item.toISOString() : String(item as string | number));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

// SPEC §9 client defaults: no time-out, XSRF-TOKEN cookie echoed in X-XSRF-TOKEN, 2xx is success.
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const isSuccess = (status: number) => status >= 200 && status < 300;

function toWire(config: HttpConfig, authorization: string | undefined): WireRequest {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  let body: WireRequest['body'];
  // FormData goes as it is: the browser writes the multipart boundary into Content-Type itself.
  if (config.data instanceof FormData) body = config.data;
  else if (config.data !== undefined) {
    body = JSON.stringify(config.data);
    headers['Content-Type'] = 'application/json';
  }
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
  if (authorization) headers.Authorization = authorization;
  return {
    method: (config.method ?? 'GET').toUpperCase(),
    url: `${apiBaseUrl()}${config.url}${queryString(config.params)}`,
    headers: { ...headers, ...config.headers },
    body,
    responseType: config.responseType === 'blob' ? 'blob' : 'text',
    onUploadProgress: config.onUploadProgress,
    onDownloadProgress: config.onDownloadProgress,
  };
}

/** A text answer is JSON when it parses, else kept as text (an HTML error page, an empty body). */
function parseText(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send<T>(transport: Transport, config: HttpConfig, authorization?: string) {
  let answer;
  try {
    answer = await transport(toWire(config, authorization));
  } catch (error) {
    throw new HttpError(error instanceof Error ? error.message : 'Network Error');
  }
  const success = isSuccess(answer.status);
  // A file call's error answer arrives as a Blob too: its JSON carries the message.
  const data =
    typeof answer.body === 'string'
      ? parseText(answer.body)
      : success
        ? answer.body
        : parseText(await answer.body.text());
  const response: HttpResponse<T> = { status: answer.status, data: data as T, headers: answer.headers };
  if (!success) throw new HttpError(`Request failed with status code ${answer.status}`, response);
  return response;
}

export interface HttpClient {
  /** How requests reach the server; tests put a fake server here. */
  transport: Transport;
  request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: Omit<HttpConfig, 'url'>): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: Omit<HttpConfig, 'url'>): Promise<HttpResponse<T>>;
}

function client(request: HttpClient['request']): HttpClient {
  return {
    transport: xhrTransport,
    request,
    get: (url, config) => request({ ...config, url }),
    post: (url, data, config) => request({ ...config, url, method: 'POST', data }),
  };
}

/** The cookie-only client: no Bearer header (SPEC §7 "a second public client"). */
export const publicApi: HttpClient = client((config) => send(publicApi.transport, config));

let refreshing: Promise<string> | null = null;

/** SPEC §4: one refresh at a time; every request that got a 401 meanwhile waits for the same one. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= publicApi
    .post<{ token?: string; refreshToken?: string }>('/auth/refresh-token', {})
    .then(({ data }) => {
      if (!data?.token) throw new Error('No new access token received');
      sessionStore.saveTokens({ token: data.token, refreshToken: data.refreshToken });
      return data.token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const NO_REFRESH_PATHS = ['/auth/login', '/auth/signup', '/auth/refresh-token', '/auth/logout'];

/** The signed-in client: the stored access token as Bearer, and SPEC §4's rules for 401 and 403. */
export const api: HttpClient = client(async function sessionRequest<T>(config: HttpConfig) {
  const sentToken = sessionStore.accessToken();
  try {
    return await send<T>(api.transport, config, sentToken ? `Bearer ${sentToken}` : undefined);
  } catch (error) {
    const status = error instanceof HttpError ? error.response?.status : undefined;
    const isAuthCall = NO_REFRESH_PATHS.some((path) => config.url.endsWith(path));
    if (status === undefined || config.skipAuthHandling || isAuthCall) throw error;
    if (status === 401 && !config.retried) {
      // Sent with a token that a refresh has since replaced: retry with the new one, no second refresh.
      const stored = sessionStore.accessToken();
      if (stored === null || stored === sentToken) {
        try {
          await refreshAccessToken();
        } catch {
          sessionStore.clear();
          dispatchAuthError(SESSION_EXPIRED);
          throw error;
        }
      }
      return sessionRequest<T>({ ...config, retried: true });
    }
    if (status === 403) {
      sessionStore.clear();
      dispatchAuthError(ACCESS_DENIED);
    }
    throw error;
  }
});

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** 'public': SPEC §7's cookie-only client, without the Bearer header and the session rules. */
  client?: 'session' | 'public';
  /** What a failure without a server message reads (SPEC §8: each action has its own). */
  fallback?: string;
  /** Start-up validation handles its own 401 (SPEC §4 "Session"). */
  skipAuthHandling?: boolean;
  /** Hears the bytes of a large body (a FormData upload) as they go. */
  onUploadProgress?: ProgressListener;
}

/** A contract path with its `:name` parameters filled in and encoded. */
export const fillPath = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));

const REPLY_MESSAGE = 'replyMessage';

/**
 * `schema`, whose failure `request()` reports with `message`: SPEC's own texts for a reply it
 * cannot use ('Invalid properties data received', 'No access token received', …).
 */
export const withFailureMessage = <T extends z.ZodType>(schema: T, message: string) =>
  z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message, params: { [REPLY_MESSAGE]: true } });
    return z.NEVER;
  });

/** A reply the contract refuses: the first message a schema set with `withFailureMessage`, else SPEC's generic one. */
function invalidReply(status: number, error: z.ZodError): ApiError {
  const named = error.issues.find((issue) => issue.code === 'custom' && issue.params?.[REPLY_MESSAGE]);
  return new ApiError(status, 'BAD_RESPONSE', named?.message ?? 'Invalid response format from server');
}

/** Sends a contract's call and parses the reply with the same contract the server answers with. */
export async function request<R extends z.ZodType>(
  call: Call<z.ZodType, z.ZodType, z.ZodType, R>,
  parts: RequestParts = {},
  options: RequestOptions = {},
): Promise<z.output<R>> {
  try {
    const response = await (options.client === 'public' ? publicApi : api).request({
      method: call.method,
      url: fillPath(call.path, parts.params),
      params: parts.query,
      data: parts.body,
      headers: parts.headers,
      skipAuthHandling: options.skipAuthHandling,
      onUploadProgress: options.onUploadProgress,
    });
    const parsed = call.reply.safeParse(response.data);
    if (!parsed.success) throw invalidReply(response.status, parsed.error);
    return parsed.data;
  } catch (error) {
    throw toApiError(error, options.fallback ?? 'Something went wrong. Please try again.');
  }
}

/** The file name a download answer names in Content-Disposition, else `fallback`. */
function attachmentName(disposition: unknown, fallback: string): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Fetches a file answer (CSV, PDF) through the signed-in client, so the session rules (refresh,
 * 403) apply, and hands it to the browser as a download. `onProgress` hears the bytes received.
 */
export async function downloadFile(
  call: Pick<Call, 'method' | 'path'>,
  parts: Pick<RequestParts, 'params' | 'query'>,
  fallbackName: string,
  onProgress?: ProgressListener,
): Promise<void> {
  let response;
  try {
    response = await api.request<Blob>({
      method: call.method,
      url: fillPath(call.path, parts.params),
      params: parts.query,
      responseType: 'blob',
      onDownloadProgress: onProgress,
    });
  } catch (error) {
    throw toApiError(error, 'The file could not be downloaded. Please try again.');
  }
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers['content-disposition'], fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
