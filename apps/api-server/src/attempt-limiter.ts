/**
 * Counts attempts per key in a sliding window, in memory. Guards password guessing (failed
 * logins per account) and code spamming (codes sent per address). One process only: behind a
 * load balancer each instance counts for itself, which still bounds guessing per instance.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  private recent(key: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    const list = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, list);
    return list;
  }

  /** True when `key` already has `max` attempts inside the window. */
  isBlocked(key: string, max: number, windowMs: number): boolean {
    return this.recent(key, windowMs).length >= max;
  }

  record(key: string): void {
    const list = this.attempts.get(key) ?? [];
    list.push(this.now());
    this.attempts.set(key, list);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }
}
