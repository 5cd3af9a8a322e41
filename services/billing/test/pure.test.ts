import { describe, expect, it } from 'vitest';
import { clientKeyFromIp } from '../src/owner';
import { addMonthsUtc, monthOf, packageExpiry } from '../src/periods';

describe('clientKeyFromIp', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(clientKeyFromIp('203.0.113.7')).toBe('ip4:203.0.113.7');
    expect(clientKeyFromIp('::ffff:203.0.113.7')).toBe('ip4:203.0.113.7');
    expect(clientKeyFromIp('2001:db8:1:2:3:4:5:6')).toBe('ip6:2001:db8:1:2::/64');
    expect(clientKeyFromIp('2001:DB8:1:2::9')).toBe('ip6:2001:db8:1:2::/64');
    expect(clientKeyFromIp('2001:db8::1')).toBe('ip6:2001:db8:0:0::/64');
    expect(clientKeyFromIp('::1')).toBe('ip6:0:0:0:0::/64');
    expect(clientKeyFromIp('fe80::1%eth0')).toBe('ip6:fe80:0:0:0::/64');
    expect(clientKeyFromIp('unknown')).toBe('ip:unknown');
  });
});

describe('periods', () => {
  it('adds calendar months in UTC, clamping to the end of a shorter month', () => {
    expect(addMonthsUtc(new Date('2025-01-31T08:30:00Z'), 1).toISOString()).toBe('2025-02-28T08:30:00.000Z');
    expect(addMonthsUtc(new Date('2024-01-31T00:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2025-03-10T00:00:00Z'), 12).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it('bounds a month and keeps packages 365 days', () => {
    expect(monthOf(new Date('2025-12-31T23:59:59Z'))).toEqual({
      startsAt: new Date('2025-12-01T00:00:00Z'),
      expiresAt: new Date('2026-01-01T00:00:00Z'),
    });
    expect(packageExpiry(new Date('2025-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
