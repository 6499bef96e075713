import { expect, it, vi } from 'vitest';
import { xhrTransport, type TransferProgress } from './xhr-transport.ts';

/** The parts of XMLHttpRequest the transport touches, recording what it was told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  sent: unknown;
  withCredentials = false;
  responseType = '';
  status = 0;
  response: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onprogress: ((event: ProgressEvent) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  getAllResponseHeaders() {
    return 'Content-Type: application/json\r\ncontent-disposition: attachment; filename="a: b.csv"\r\n';
  }
}

const progress = (loaded: number, total: number, lengthComputable: boolean) =>
  ({ loaded, total, lengthComputable }) as ProgressEvent;

it('sends with cookies, the given headers and body, and answers any status with its headers', async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const answer = xhrTransport({
    method: 'POST',
    url: 'http://localhost:5000/api/things?x=1',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 't' },
    body: '{"a":1}',
    responseType: 'text',
  });
  const xhr = FakeXhr.last!;
  expect(xhr.opened).toEqual(['POST', 'http://localhost:5000/api/things?x=1']);
  expect(xhr.withCredentials).toBe(true);
  expect(xhr.responseType).toBe('text');
  expect(xhr.headers).toEqual({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 't' });
  expect(xhr.sent).toBe('{"a":1}');
  Object.assign(xhr, { status: 422, response: '{"status":"error"}' });
  xhr.onload!();
  await expect(answer).resolves.toEqual({
    status: 422,
    body: '{"status":"error"}',
    headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="a: b.csv"' },
  });
});

it('reports progress both ways, an unknown length as undefined, and rejects when no answer came', async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const heard: [string, TransferProgress][] = [];
  const answer = xhrTransport({
    method: 'GET',
    url: '/file',
    headers: {},
    body: undefined,
    responseType: 'blob',
    onUploadProgress: (sent) => heard.push(['up', sent]),
    onDownloadProgress: (received) => heard.push(['down', received]),
  });
  const xhr = FakeXhr.last!;
  expect(xhr.responseType).toBe('blob');
  expect(xhr.sent).toBeNull();
  xhr.upload.onprogress!(progress(10, 20, true));
  xhr.onprogress!(progress(5, 0, false));
  xhr.onprogress!(progress(7, 9, true));
  expect(heard).toEqual([
    ['up', { loaded: 10, total: 20 }],
    ['down', { loaded: 5, total: undefined }],
    ['down', { loaded: 7, total: 9 }],
  ]);
  xhr.onerror!();
  await expect(answer).rejects.toThrow('Network Error');
});
