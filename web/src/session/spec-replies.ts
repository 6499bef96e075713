import { z } from 'zod';
import { User } from '@lintel/contracts';
import { withFailureMessage } from '../lib/http.ts';

/**
 * The reply shapes SPEC §7 lets the session's calls accept, read with the contracts' schemas: what
 * the server answers always fits, and a reply that does not gets SPEC's own message.
 */

const isRecord = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * SPEC §5: a session answer without an access token is a failure. A user the contract does not
 * recognise is no server message either: the caller's generic failure (SPEC §8), not a parser dump.
 */
export const sessionReply = (failure: string) =>
  z.preprocess(
    (body) => (isRecord(body) ? body : {}),
    z.object({
      token: withFailureMessage(z.string().min(1), 'No access token received'),
      refreshToken: z.string().optional().catch(undefined),
      user: withFailureMessage(User, failure),
    }),
  );
