// autocannon ships no types; this declares the part of its programmatic API the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request extends RequestParams {
    setupRequest?: (request: RequestParams, context: object) => RequestParams;
    onResponse?: (status: number, body: string, context: object, headers: Record<string, string>) => void;
  }
  interface Options extends RequestParams {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
