import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('LoginThrottle', () => {
  it('blocks an email after 10 failures and lets it in again once the 15-minute window has passed', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let n = 0; n < 10; n += 1) {
      throttle.assertAllowed(`10.0.0.${n}`, 'a@x.test');
      throttle.recordFailure(`10.0.0.${n}`, 'a@x.test');
    }
    expect(() => throttle.assertAllowed('10.9.9.9', 'a@x.test')).toThrow('Try again in 15 minutes.');
    now += 14 * 60 * 1000;
    expect(() => throttle.assertAllowed('10.9.9.9', 'a@x.test')).toThrow('Try again in 1 minute.');
    now += 60 * 1000 + 1;
    expect(() => throttle.assertAllowed('10.9.9.9', 'a@x.test')).not.toThrow();
  });

  it('blocks an address after 50 failures across many emails', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let n = 0; n < 50; n += 1) throttle.recordFailure('10.1.1.1', `user${n}@x.test`);
    expect(() => throttle.assertAllowed('10.1.1.1', 'fresh@x.test')).toThrow(
      /Too many failed sign-in attempts/,
    );
    expect(() => throttle.assertAllowed('10.1.1.2', 'fresh@x.test')).not.toThrow();
  });

  it('forgets an email’s failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let n = 0; n < 9; n += 1) throttle.recordFailure(`10.0.0.${n}`, 'b@x.test');
    throttle.recordSuccess('b@x.test');
    throttle.recordFailure('10.0.0.99', 'b@x.test');
    expect(() => throttle.assertAllowed('10.0.0.100', 'b@x.test')).not.toThrow();
  });
});
