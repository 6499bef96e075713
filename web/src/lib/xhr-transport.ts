/** Bytes moved so far; `total` is unknown when the answer names no length. */
export interface TransferProgress {
  loaded: number;
  total: number | undefined;
}
export type ProgressListener = (progress: TransferProgress) => void;

/** One request as it goes on the wire: absolute URL, final headers, serialized body. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  /** 'text' for JSON and other text answers (the client parses), 'blob' for files. */
  responseType: 'text' | 'blob';
  onUploadProgress?: ProgressListener | undefined;
  onDownloadProgress?: ProgressListener | undefined;
}

/** The wire's answer: any status, the body as text or Blob, header names in lower case. */
export interface WireResponse {
  status: number;
  body: string | Blob;
  headers: Record<string, string>;
}

/** Sends one request; rejects only when no answer came (network failure, abort). */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const toProgress =
  (listener: ProgressListener) =>
  ({ loaded, total, lengthComputable }: ProgressEvent) =>
    listener({ loaded, total: lengthComputable && total > 0 ? total : undefined });

/**
 * The browser's side of the HTTP client. XMLHttpRequest rather than fetch: only it reports
 * upload progress (data sync's imports show it). Cookies always go along (SPEC §7), no time-out.
 */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    xhr.responseType = request.responseType;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (request.onDownloadProgress) xhr.onprogress = toProgress(request.onDownloadProgress);
    if (request.onUploadProgress) xhr.upload.onprogress = toProgress(request.onUploadProgress);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: xhr.response as string | Blob,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.onabort = () => reject(new Error('Request aborted'));
    xhr.send(request.body ?? null);
  });
