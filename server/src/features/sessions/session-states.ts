import type { Database, Db } from '../../db/client.ts';
import { findSessionState } from './repo.ts';

/**
 * NOTIFY channel: a user's token version or active flag changed, or the user was deleted (payload:
 * the user id). Raised by a trigger on users (migration 0009), whoever makes the change.
 */
export const SESSION_STATE_CHANNEL = 'lintel_session_state';
/**
 * A remembered state is re-read after this long even if no NOTIFY came: a bound on staleness
 * should a notification ever be missed while the listening connection looked healthy.
 */
const REMEMBER_MS = 30_000;
/** Enough for every user signed in to one instance; past it, the oldest are dropped. */
const MAX_REMEMBERED = 50_000;

interface SessionState {
  isActive: boolean;
  tokenVersion: number;
}

/**
 * Whether a token's user may still act, remembered per user. Reading it on every request cost one
 * more pooled round trip per request. Every instance forgets a user on the trigger's NOTIFY when a
 * change commits, and forgets everyone whenever its LISTEN (re)connects, since NOTIFYs sent while
 * it was down are lost. The instance making the change also forgets at once
 * (`forgetSessionState`), so its very next request already reads the new state.
 */
export class SessionStates {
  private readonly remembered = new Map<string, SessionState & { until: number }>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      SESSION_STATE_CHANNEL,
      (userId) => this.forget(userId),
      () => this.remembered.clear(),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.remembered.clear();
  }

  forget(userId: string): void {
    this.remembered.delete(userId);
  }

  /**
   * True when the token's version is the user's current one and the user is active. Only a
   * remembered match is trusted without a read: a newer token (after a password change) or a
   * refused one is checked against the database.
   */
  async allows(userId: string, tokenVersion: number): Promise<boolean> {
    const known = this.remembered.get(userId);
    if (known && known.until > Date.now() && known.isActive && known.tokenVersion === tokenVersion) {
      return true;
    }
    const state = await findSessionState(this.database.db, userId);
    if (!state) {
      this.forget(userId);
      return false;
    }
    if (this.remembered.size >= MAX_REMEMBERED) {
      this.remembered.delete(this.remembered.keys().next().value!);
    }
    this.remembered.set(userId, { ...state, until: Date.now() + REMEMBER_MS });
    return state.isActive && state.tokenVersion === tokenVersion;
  }
}

/** The running app's SessionStates per database handle, for services that change a user. */
const byDb = new WeakMap<Db, SessionStates>();

export async function startSessionStates(database: Database): Promise<SessionStates> {
  const states = new SessionStates(database);
  await states.start();
  byDb.set(database.db, states);
  return states;
}

/**
 * Call inside the transaction that changes a user's token version or active flag. A request that
 * reads the state before the commit may remember the old one again; the commit's NOTIFY then
 * clears it.
 */
export function forgetSessionState(db: Db, userId: string): void {
  byDb.get(db)?.forget(userId);
}
