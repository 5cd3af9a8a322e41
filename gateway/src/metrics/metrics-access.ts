/**
 * Who may read GET /metrics (gateway README, Operations). Metrics name devices, pools and
 * traffic, so they are not public:
 * - a request straight from this host (the socket's peer is loopback and no proxy forwarded it:
 *   a reverse proxy on the same host must not make every visitor "local");
 * - a client whose address (after TRUST_PROXY) is in METRICS_ALLOW (addresses or CIDR ranges:
 *   the Prometheus server, or the cluster's pod range);
 * - anyone sending `Authorization: Bearer <METRICS_TOKEN>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

export type MetricsAccess = {
  /** METRICS_ALLOW: addresses and CIDR ranges allowed without a token. */
  allow: string[];
  /** METRICS_TOKEN (or _FILE): a bearer token that opens the metrics from anywhere. */
  token?: string;
};

/** METRICS_ALLOW: a comma-separated list of addresses and CIDRs; unset or empty: none. */
export function parseMetricsAllow(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      toBlockList([entry]);
    } catch {
      throw new Error(`METRICS_ALLOW must be a comma-separated list of addresses/CIDRs, got ${JSON.stringify(entry)}`);
    }
  }
  return entries;
}

function toBlockList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) throw new Error(`not an address or CIDR: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`bad prefix: ${entry}`);
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

/** `::ffff:10.0.0.1` (a dual-stack socket's IPv4 peer) is checked as `10.0.0.1`. */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const plain = plainAddress(ip);
  return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'));
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The access check, compiled once per app. */
export function metricsAccessCheck(access: MetricsAccess): (request: FastifyRequest) => boolean {
  const allowed = toBlockList(access.allow);
  const tokenDigest = access.token ? digest(access.token) : null;
  return (request) => {
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!forwarded && isLoopback(request.socket.remoteAddress)) return true;
    const ip = plainAddress(request.ip);
    if (net.isIP(ip) && allowed.check(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6')) return true;
    const auth = request.headers.authorization;
    if (tokenDigest && auth?.startsWith('Bearer ')) {
      // Compared as digests: equal lengths for timingSafeEqual, and no timing hint of the token.
      return timingSafeEqual(digest(auth.slice(7).trim()), tokenDigest);
    }
    return false;
  };
}
