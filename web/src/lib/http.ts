import axios, {
  AxiosError,
  isAxiosError,
  type AxiosInstance,
  type AxiosProgressEvent,
  type InternalAxiosRequestConfig,
} from 'axios';
import { z } from 'zod';
import type { Call } from '@lintel/contracts';
import { ACCESS_DENIED, dispatchAuthError, SESSION_EXPIRED } from './auth-events.ts';
import { sessionStore } from './session-storage.ts';

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

export function toApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
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

// SPEC §9 client defaults: no time-out, XSRF-TOKEN cookie echoed in X-XSRF-TOKEN, 2xx is success.
const defaults = {
  baseURL: apiBaseUrl(),
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  headers: { 'Content-Type': 'application/json' },
  validateStatus: (status: number) => status >= 200 && status < 300,
};

/** The cookie-only client: no Bearer header (SPEC §7 "a second public client"). */
export const publicApi: AxiosInstance = axios.create(defaults);
export const api: AxiosInstance = axios.create(defaults);

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the retry after a refresh, so a request is retried once at most. */
    _retried?: boolean;
    /** Start-up validation handles its own 401s (SPEC §4 "Session"). */
    skipAuthHandling?: boolean;
  }
}

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

api.interceptors.request.use((config) => {
  const token = sessionStore.accessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError) || !error.config) throw error;
  const config: InternalAxiosRequestConfig = error.config;
  const status = error.response?.status;
  const isAuthCall = NO_REFRESH_PATHS.some((path) => config.url?.endsWith(path));
  if (config.skipAuthHandling || isAuthCall) throw error;
  if (status === 401 && !config._retried) {
    config._retried = true;
    // Sent with a token that a refresh has since replaced: retry with the new one, no second refresh.
    const stored = sessionStore.accessToken();
    const sentWithStaleToken = stored !== null && config.headers.get('Authorization') !== `Bearer ${stored}`;
    let token: string;
    try {
      token = sentWithStaleToken ? stored : await refreshAccessToken();
    } catch {
      sessionStore.clear();
      dispatchAuthError(SESSION_EXPIRED);
      throw error;
    }
    config.headers.set('Authorization', `Bearer ${token}`);
    return api(config);
  }
  if (status === 403) {
    sessionStore.clear();
    dispatchAuthError(ACCESS_DENIED);
  }
  throw error;
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

/** Bytes moved so far; `total` is unknown when the answer names no length. */
export interface TransferProgress {
  loaded: number;
  total: number | undefined;
}
export type ProgressListener = (progress: TransferProgress) => void;

/** Axios's progress event, narrowed to what screens show. */
export const progressHandler =
  (onProgress: ProgressListener) =>
  ({ loaded, total }: AxiosProgressEvent) =>
    onProgress({ loaded, total: total || undefined });

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
      ...(onProgress ? { onDownloadProgress: progressHandler(onProgress) } : {}),
    });
  } catch (error) {
    const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
    // An error answer arrives as a Blob too: read its JSON message before mapping it.
    if (isAxiosError(error) && error.response && data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await data.text()) as unknown;
      } catch {
        // Not JSON: the generic message below stands.
      }
    }
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
