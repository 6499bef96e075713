import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
// An office shares one address, so an IP may fail more often than one email may.
export const MAX_LOGIN_FAILURES = { email: 10, ip: 50 } as const;

export interface LoginAttempt {
  /** The password was right: this attempt and the email's earlier failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Failed sign-ins per email (10) and per IP (50) in a sliding 15-minute window, kept in the
 * database so every instance counts the same failures. The attempt is written as a failure before
 * the password is checked, and counted after: of many guesses sent at once, each counts all those
 * written before it, so no more than the limit reach the password check. A refused attempt is
 * removed again, so hammering a locked account does not keep it locked.
 */
export async function beginLoginAttempt(db: Db, ip: string, email: string): Promise<LoginAttempt> {
  const keys = { email: `email:${email}`, ip: `ip:${ip}` };
  const ids = await repo.insertLoginFailures(db, [keys.email, keys.ip], THROTTLE_WINDOW_MINUTES);
  const recent = await repo.recentLoginFailures(db, [keys.email, keys.ip], THROTTLE_WINDOW_MINUTES);
  for (const kind of ['email', 'ip'] as const) {
    const failures = recent.get(keys[kind]);
    if (failures && failures.count > MAX_LOGIN_FAILURES[kind]) {
      await repo.deleteLoginFailures(db, ids);
      const minutes = Math.max(1, Math.ceil(failures.secondsLeft / 60));
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
  return { succeeded: () => repo.deleteLoginFailures(db, ids, keys.email) };
}
