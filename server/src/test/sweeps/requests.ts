import { randomInt } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { InjectOptions } from 'fastify';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import type { SignedIn, TestApp } from '../harness.ts';
import type { Operation } from './openapi.ts';

export interface SweepRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; text and bytes as they are. */
  payload?: InjectOptions['payload'];
}

export interface SweepAnswer {
  status: number;
  contentType: string;
  /** The body as text: JSON or CSV as sent, a PDF's text, a zip's files, an image's bytes. */
  text: string;
  /** The error body's fields, when the answer is a JSON error. */
  error?: { status?: unknown; message?: unknown; code?: unknown };
}

/** How long an event stream is read before the sweep hangs up. */
const STREAM_READ_MS = 250;

// Sign-in throttling counts by address: the sweeps call from an address of their own.
const sweepAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

async function readStream(baseUrl: string, request: SweepRequest): Promise<SweepAnswer> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${request.url}`, {
    headers: request.headers,
    signal: controller.signal,
  });
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => controller.abort(), STREAM_READ_MS);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } catch {
    // Hung up by the timer: the stream never ends by itself.
  } finally {
    clearTimeout(timer);
  }
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, contentType, text, ...errorOf(response.status, contentType, text) };
}

/** The error body's fields, when the answer is a JSON error. */
function errorOf(status: number, contentType: string, text: string): Pick<SweepAnswer, 'error'> {
  if (status < 400 || !contentType.startsWith('application/json')) return {};
  try {
    return { error: JSON.parse(text) as SweepAnswer['error'] };
  } catch {
    return { error: {} };
  }
}

async function readable(contentType: string, raw: Buffer): Promise<string> {
  if (contentType.startsWith('application/pdf')) return (await readPdfText(raw)).text;
  if (contentType.startsWith('application/zip')) {
    return Object.values(unzipSync(new Uint8Array(raw)))
      .map((file) => strFromU8(file))
      .join('\n');
  }
  return raw.toString(contentType.startsWith('image/') ? 'latin1' : 'utf8');
}

/**
 * Sends one request as `user` (none for public calls): through inject, or over the loopback for
 * an event stream, which never ends by itself and is read for a moment.
 */
export async function send(
  t: TestApp,
  baseUrl: string,
  operation: Operation,
  user: SignedIn | null,
  request: SweepRequest,
): Promise<SweepAnswer> {
  const headers = { ...(user ? user.auth : {}), ...request.headers };
  if (operation.produces.includes('text/event-stream') && request.method === 'GET') {
    return readStream(baseUrl, { ...request, headers });
  }
  const response = await t.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    remoteAddress: sweepAddress,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    contentType,
    text: response.statusCode < 300 ? await readable(contentType, response.rawPayload) : response.body,
    ...errorOf(response.statusCode, contentType, response.body),
  };
}

/** What an answer is called in a failure message. */
export const describeAnswer = (answer: SweepAnswer) =>
  `${answer.status}${answer.error ? ` ${String(answer.error.code)}: ${String(answer.error.message)}` : ''}`;
