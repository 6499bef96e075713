import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api, publicApi } from '../lib/http.ts';

/** One request as it reached the wire (after the interceptors). */
export interface RecordedCall {
  client: 'api' | 'public';
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  authorization: string | undefined;
}

export interface Reply {
  status: number;
  data?: unknown;
}

/** A 200 with the API's success envelope around `data`. */
export const ok = (data: unknown) => ({ status: 200, data: { status: 'success', data } });

/** A 200 with a list's first page, holding all of `items`. */
export const page = (items: unknown[]) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
});

export type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

/**
 * A fake server behind both axios clients of lib/http.ts, through axios's own `adapter` hook:
 * the interceptors, base URL and header logic all run for real. Non-2xx answers are rejected
 * with the same AxiosError that axios's settle() builds, so `error.response.status` is set.
 */
export function mockHttp() {
  const routes: Route[] = [];
  const calls: RecordedCall[] = [];

  const adapterFor =
    (client: RecordedCall['client']) =>
    async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      const method = (config.method ?? 'get').toUpperCase();
      const url = config.url ?? '';
      const authorization = config.headers.get('Authorization');
      const call: RecordedCall = {
        client,
        method,
        url,
        params: config.params as Record<string, unknown> | undefined,
        body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
        authorization: typeof authorization === 'string' ? authorization : undefined,
      };
      calls.push(call);
      // The latest matching route wins, so a test can override an earlier answer.
      const route = routes.findLast(
        (candidate) =>
          candidate.method === method &&
          (typeof candidate.path === 'string' ? candidate.path === url : candidate.path.test(url)),
      );
      if (!route) throw new Error(`Unmocked request: ${method} ${url}`);
      const reply = typeof route.handler === 'function' ? await route.handler(call) : route.handler;
      const response: AxiosResponse = {
        data: reply.data,
        status: reply.status,
        statusText: String(reply.status),
        headers: new AxiosHeaders(),
        config,
        request: {},
      };
      // Exactly what axios/lib/core/settle.js does.
      const validateStatus = config.validateStatus;
      if (!response.status || !validateStatus || validateStatus(response.status)) return response;
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        response.status >= 400 && response.status < 500
          ? AxiosError.ERR_BAD_REQUEST
          : AxiosError.ERR_BAD_RESPONSE,
        config,
        response.request,
        response,
      );
    };

  api.defaults.adapter = adapterFor('api');
  publicApi.defaults.adapter = adapterFor('public');

  const server = {
    calls,
    on(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string | RegExp, handler: Handler) {
      routes.push({ method, path, handler });
      return server;
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.url === path);
    },
  };
  return server;
}

export type MockServer = ReturnType<typeof mockHttp>;

/** A promise whose settling the test controls. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
