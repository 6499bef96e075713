import { tooManyRequests } from '../../lib/errors.ts';

const WINDOW_MS = 15 * 60 * 1000;
// An office shares one address, so an IP may fail more often than one email may.
const MAX_FAILURES = { email: 10, ip: 50 } as const;

/**
 * Failed sign-ins per email (10) and per IP (50) in a sliding 15-minute window. In memory, per instance:
 * enough to make guessing slow; a shared store would count across instances.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  assertAllowed(ip: string, email: string): void {
    for (const [key, limit] of [
      [`ip:${ip}`, MAX_FAILURES.ip],
      [`email:${email}`, MAX_FAILURES.email],
    ] as const) {
      const recent = this.recent(key);
      if (recent.length >= limit) {
        const minutes = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - this.now()) / 60000));
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [`ip:${ip}`, `email:${email}`])
      this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }
}
