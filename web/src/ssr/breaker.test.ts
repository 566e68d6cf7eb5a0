import { CircuitBreaker } from './breaker';

function breaker() {
  const clock = { t: 0 };
  return { clock, b: new CircuitBreaker({ failureThreshold: 3, coolDownMs: 1000, now: () => clock.t }) };
}

describe('CircuitBreaker', () => {
  it('opens after the threshold of failures in a row, not before', () => {
    const { b } = breaker();
    expect(b.failed()).toBe(false);
    expect(b.failed()).toBe(false);
    expect(b.allows()).toBe(true);
    expect(b.failed()).toBe(true);
    expect(b.allows()).toBe(false);
  });

  it('a success resets the count', () => {
    const { b } = breaker();
    b.failed();
    b.failed();
    b.succeeded();
    expect(b.failed()).toBe(false);
    expect(b.allows()).toBe(true);
  });

  it('after the cool-down lets one trial through; its success closes the breaker', () => {
    const { b, clock } = breaker();
    for (let i = 0; i < 3; i++) b.failed();
    clock.t = 999;
    expect(b.allows()).toBe(false);
    clock.t = 1000;
    expect(b.allows()).toBe(true);
    expect(b.allows()).toBe(false);
    b.succeeded();
    expect(b.allows()).toBe(true);
    expect(b.allows()).toBe(true);
  });

  it('a failed trial opens it for another cool-down at once', () => {
    const { b, clock } = breaker();
    for (let i = 0; i < 3; i++) b.failed();
    clock.t = 1000;
    expect(b.allows()).toBe(true);
    expect(b.failed()).toBe(true);
    clock.t = 1999;
    expect(b.allows()).toBe(false);
    clock.t = 2000;
    expect(b.allows()).toBe(true);
  });
});
