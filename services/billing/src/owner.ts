/**
 * Who spends characters: a registered user, or an anonymous visitor known only by a client key
 * (normally derived from the IP address with `clientKeyFromIp`).
 */
import { AppError } from '@mtp/proto';
import net from 'node:net';

export type Owner = { kind: 'user'; userId: number } | { kind: 'anonymous'; clientKey: string };

/** Longest client key stored (the column allows 100). */
const MAX_CLIENT_KEY = 100;

export function ownerOf(userId: number | null, clientKey?: string | null): Owner {
  if (userId !== null) {
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new AppError('INVALID_PARAMS', 'userId');
    return { kind: 'user', userId };
  }
  if (!clientKey || clientKey.length > MAX_CLIENT_KEY) throw new AppError('INVALID_PARAMS', 'clientKey');
  return { kind: 'anonymous', clientKey };
}

/** The owner columns as query parameters: [user_id, anon_key], exactly one of them set. */
export function ownerParams(owner: Owner): [number | null, string | null] {
  return owner.kind === 'user' ? [owner.userId, null] : [null, owner.clientKey];
}

/** A key that tells owners apart (a map key). */
export const ownerKey = (o: Owner): string => (o.kind === 'user' ? `u${o.userId}` : `a${o.clientKey}`);

/** The owner's column (a fixed name, safe to put in SQL) and its value. */
export function ownerColumn(owner: Owner): { column: 'user_id' | 'anon_key'; value: number | string } {
  return owner.kind === 'user' ? { column: 'user_id', value: owner.userId } : { column: 'anon_key', value: owner.clientKey };
}

/**
 * The anonymous bucket of a client address. IPv4 addresses count one by one; an IPv6 host
 * usually holds a whole /64 and can rotate inside it, so IPv6 counts per /64.
 */
export function clientKeyFromIp(ip: string): string {
  const kind = net.isIP(ip.split('%')[0] ?? '');
  if (kind === 4) return `ip4:${ip}`;
  if (kind !== 6) return `ip:${ip.slice(0, MAX_CLIENT_KEY - 3)}`;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `ip4:${[groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')}`;
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, embedded IPv4 expanded). */
function ipv6Groups(ip: string): number[] {
  const addr = (ip.split('%')[0] ?? '').toLowerCase();
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = addr.indexOf('::');
  if (gap < 0) return parse(addr);
  const head = parse(addr.slice(0, gap));
  const tail = parse(addr.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
