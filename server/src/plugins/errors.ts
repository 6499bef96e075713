import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueText, type ErrorBody } from '@lintel/contracts';
import { AppError } from '../lib/errors.ts';
import { sqlState } from '../lib/db-errors.ts';

const where: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

// Connection refused or reset, server shutting down or not yet accepting: the database is away.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
/**
 * node-postgres says a connection was lost, or none could be had in time, only in words: a
 * connection dropped mid-query or mid-transaction, the pool's or a new connection's time limit.
 */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;
/** Drizzle wraps the driver's error (ECONNREFUSED, or a SQLSTATE) as its cause. */
function isDatabaseUnavailable(error: Error): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (UNAVAILABLE_CODES.has(String(code)) || CONNECTION_LOST.test(String(message))) return true;
    current = cause;
  }
  return false;
}

interface NestedIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * A union (e.g. sign-up's company: profile object or invitation code) fails as a whole. When one
 * option got past the type check and failed on its fields, those fields are what the user must fix.
 */
function explainUnion(segments: string[], params: Record<string, unknown>) {
  const options = params.errors as NestedIssue[][] | undefined;
  const deeper = options?.find((issues) => issues.some((issue) => issue.path.length > 0));
  return deeper?.map((issue) => {
    const path = [...segments, ...issue.path.map(String)];
    return { path: path.join('.'), message: issueText(path, issue.message) };
  });
}

// Text PostgreSQL cannot store (a NUL character, an invalid byte sequence) is the caller's mistake.
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

/** The project's error body for any error, with its status. */
export function toBody(error: FastifyError | AppError | Error): { statusCode: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { status: 'error', message: error.message, code: error.code, details: error.details },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.flatMap((issue) => {
      const segments = issue.instancePath.split('/').filter(Boolean);
      return (
        explainUnion(segments, issue.params) ?? [
          { path: segments.join('.'), message: issueText(segments, issue.message ?? 'is invalid') },
        ]
      );
    });
    const context = where[(error as FastifyError).validationContext ?? 'body'] ?? 'request';
    return {
      statusCode: 400,
      body: {
        status: 'error',
        message: details[0]?.message ?? `Invalid ${context}`,
        code: 'VALIDATION',
        details,
      },
    };
  }
  if (BAD_TEXT_CODES.has(String(sqlState(error)))) {
    return {
      statusCode: 400,
      body: {
        status: 'error',
        message: 'Text may not contain NUL or other unstorable characters.',
        code: 'INVALID_TEXT',
      },
    };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported; send JSON.',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON.',
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      FST_ERR_BAD_URL: 'The request address is not valid.',
      FST_ERR_MAX_PARAM_LENGTH: 'The request address is too long.',
      FST_ERR_ASYNC_CONSTRAINT: 'The request address is not valid.',
    };
    const message =
      messages[fastifyError.code] ??
      (error instanceof SyntaxError ? 'The request body is not valid JSON.' : fastifyError.message);
    return {
      statusCode: status,
      body: { status: 'error', message, code: fastifyError.code ?? 'BAD_REQUEST' },
    };
  }
  if (status === 503 || isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: {
        status: 'error',
        message: 'Service temporarily unavailable. Please try again later.',
        code: 'UNAVAILABLE',
      },
    };
  }
  return {
    statusCode: 500,
    body: {
      status: 'error',
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    },
  };
}

/** One error body for everything: `{ status: 'error', message, code, details? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const { statusCode, body } = toBody(error);
    if (statusCode >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: body.code, statusCode }, body.message);
    return reply.status(statusCode).send(body);
  });
});
