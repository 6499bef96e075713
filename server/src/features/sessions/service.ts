import type { Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

/** Every refresh token the user holds stops working at once. */
export const revokeUserSessions = (tx: Tx, userId: string) => repo.revokeUserRefreshTokens(tx, userId);
