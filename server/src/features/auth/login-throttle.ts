import { tooManyRequests } from '../../lib/errors.ts';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 10;

/**
 * Failed sign-ins per IP and per email in a sliding 15-minute window. In memory, per instance:
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
    for (const key of [`ip:${ip}`, `email:${email}`]) {
      const recent = this.recent(key);
      if (recent.length >= MAX_FAILURES) {
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
