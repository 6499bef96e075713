import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
/**
 * Failed sign-ins allowed per key in the window. Counted per email *from one address* first, so a
 * stranger who knows an email cannot lock its owner out by guessing from elsewhere: the email as a
 * whole has a far higher ceiling, against guessing spread over many addresses, and a person locked
 * out by it gets back in through an emailed reset link (which clears the email's failures). An
 * office shares one address, so an address may fail more often than one email may.
 */
export const MAX_LOGIN_FAILURES = { emailFromAddress: 10, email: 100, ip: 50 } as const;

/** "1 minute", "15 minutes": until the oldest attempt counted leaves the window. */
function minutesLeft(attempts: { secondsLeft: number }): string {
  const minutes = Math.max(1, Math.ceil(attempts.secondsLeft / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface LoginAttempt {
  /** The password was right: this attempt and the email's earlier failures are forgotten. */
  succeeded(): Promise<void>;
}

const emailKeys = (email: string) => ({ email: `email:${email}`, emailPrefix: `email-ip:${email}|` });

/**
 * Failed sign-ins per email and address (10), per email (100) and per address (50) in a sliding
 * 15-minute window, kept in the database so every instance counts the same failures. The attempt
 * is written as a failure before the password is checked, and counted after: of many guesses sent
 * at once, each counts all those written before it, so no more than the limit reach the password
 * check. A refused attempt is removed again, so hammering a locked account does not keep it locked.
 */
export async function beginLoginAttempt(db: Db, ip: string, email: string): Promise<LoginAttempt> {
  const keys = {
    emailFromAddress: `${emailKeys(email).emailPrefix}${ip}`,
    email: emailKeys(email).email,
    ip: `ip:${ip}`,
  };
  const all = [keys.emailFromAddress, keys.email, keys.ip];
  const ids = await repo.insertLoginFailures(db, all, THROTTLE_WINDOW_MINUTES);
  const recent = await repo.recentLoginFailures(db, all, THROTTLE_WINDOW_MINUTES);
  for (const kind of ['emailFromAddress', 'email', 'ip'] as const) {
    const failures = recent.get(keys[kind]);
    if (failures && failures.count > MAX_LOGIN_FAILURES[kind]) {
      await repo.deleteLoginFailures(db, ids);
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutesLeft(failures)}.`);
    }
  }
  return { succeeded: () => forgetLoginFailures(db, email, ids) };
}

/** Every failed sign-in of the email, from anywhere (a right password, or a new one by reset link). */
export const forgetLoginFailures = (db: Db, email: string, ids: number[] = []) =>
  repo.deleteLoginFailures(db, ids, emailKeys(email));

/** Reset links one email may be sent, and one address may ask for, in the window. */
export const MAX_RESET_REQUESTS = { email: 5, ip: 20 } as const;

/**
 * Every "forgot password" request counts against its email and its address for 15 minutes, for an
 * email that has an account or not (the answer must not tell them apart): a mailbox cannot be
 * flooded with links, nor emails probed faster than this.
 */
export async function beginResetRequest(db: Db, ip: string, email: string): Promise<void> {
  const keys = { email: `reset:email:${email}`, ip: `reset:ip:${ip}` };
  const ids = await repo.insertLoginFailures(db, [keys.email, keys.ip], THROTTLE_WINDOW_MINUTES);
  const recent = await repo.recentLoginFailures(db, [keys.email, keys.ip], THROTTLE_WINDOW_MINUTES);
  for (const kind of ['email', 'ip'] as const) {
    const requests = recent.get(keys[kind]);
    if (requests && requests.count > MAX_RESET_REQUESTS[kind]) {
      await repo.deleteLoginFailures(db, ids);
      throw tooManyRequests(`Too many requests for a new password. Try again in ${minutesLeft(requests)}.`);
    }
  }
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
