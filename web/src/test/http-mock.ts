import { api, apiBaseUrl, publicApi, type WireRequest } from '../lib/http.ts';
import type { WireResponse } from '../lib/xhr-transport.ts';

/** One request as it reached the wire (after the session rules). */
export interface RecordedCall {
  client: 'api' | 'public';
  method: string;
  url: string;
  /** The query as sent, each value as text. */
  params: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  headers: Record<string, string>;
}

export interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
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

/** What the server would put on the wire for `data`: text as it is, a file as it is, else JSON. */
function wireBody(data: unknown, request: WireRequest): string | Blob {
  if (data instanceof Blob) return data;
  const text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
  return request.responseType === 'blob' ? new Blob([text]) : text;
}

/**
 * A fake server behind both clients of lib/http.ts, in place of the browser's transport: the
 * session rules, headers, query and body encoding all run for real, and replies go back as the
 * wire would carry them (JSON text, or a Blob for file calls).
 */
export function mockHttp() {
  const routes: Route[] = [];
  const calls: RecordedCall[] = [];

  const transportFor =
    (client: RecordedCall['client']) =>
    async (request: WireRequest): Promise<WireResponse> => {
      const base = apiBaseUrl();
      if (!request.url.startsWith(`${base}/`)) throw new Error(`Not an API address: ${request.url}`);
      const address = new URL(request.url);
      const url = address.pathname.slice(new URL(base).pathname.length);
      const call: RecordedCall = {
        client,
        method: request.method,
        url,
        params: Object.fromEntries(address.searchParams),
        body: typeof request.body === 'string' ? JSON.parse(request.body) : request.body,
        authorization: request.headers.Authorization,
        headers: request.headers,
      };
      calls.push(call);
      // The latest matching route wins, so a test can override an earlier answer.
      const route = routes.findLast(
        (candidate) =>
          candidate.method === request.method &&
          (typeof candidate.path === 'string' ? candidate.path === url : candidate.path.test(url)),
      );
      if (!route) throw new Error(`Unmocked request: ${request.method} ${url}`);
      const reply = typeof route.handler === 'function' ? await route.handler(call) : route.handler;
      return { status: reply.status, body: wireBody(reply.data, request), headers: reply.headers ?? {} };
    };

  api.transport = transportFor('api');
  publicApi.transport = transportFor('public');

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
