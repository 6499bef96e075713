import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
// An office shares one address, so an IP may fail more often than one email may.
export const MAX_LOGIN_FAILURES = { email: 10, ip: 50 } as const;

/** "1 minute", "15 minutes": until the oldest attempt counted leaves the window. */
function minutesLeft(attempts: { secondsLeft: number }): string {
  const minutes = Math.max(1, Math.ceil(attempts.secondsLeft / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

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
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutesLeft(failures)}.`);
    }
  }
  return { succeeded: () => repo.deleteLoginFailures(db, ids, keys.email) };
}

/** Sign-ups one address may attempt in the window (config SIGNUP_LIMIT); an office signs up a few. */
export const DEFAULT_SIGNUPS_PER_ADDRESS = 20;

/**
 * Every sign-up attempt, whichever way (new agency, invitation code, or no company at all), counts
 * against its address for 15 minutes, successful or not: accounts cannot be made in bulk, and
 * "this email already has an account" cannot be probed faster. Counted before the password is
 * hashed, in the same table as failed sign-ins (key `signup:ip:…`), so every instance agrees.
 */
export async function beginSignupAttempt(db: Db, ip: string, limit: number): Promise<void> {
  const key = `signup:ip:${ip}`;
  const ids = await repo.insertLoginFailures(db, [key], THROTTLE_WINDOW_MINUTES);
  const attempts = (await repo.recentLoginFailures(db, [key], THROTTLE_WINDOW_MINUTES)).get(key);
  if (attempts && attempts.count > limit) {
    await repo.deleteLoginFailures(db, ids);
    throw tooManyRequests(`Too many sign-ups from this address. Try again in ${minutesLeft(attempts)}.`);
  }
}
