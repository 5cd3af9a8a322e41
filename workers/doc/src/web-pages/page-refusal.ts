/**
 * Why a page was refused, as one of the web failure codes (each its own message for the user),
 * and which addresses are refused. request-filtering-agent does the refusing at connect time (on
 * the address it resolved, which is also the address it connects to: no second lookup to
 * rebind); this file names the reason, because the agent's errors are one generic sentence.
 */
import { isIP } from 'node:net';
import type { WebFailureCode } from '@mtp/proto';

export class PageRefusal extends Error {
  constructor(
    readonly code: WebFailureCode,
    detail: string,
  ) {
    super(detail);
  }
}

/** The kind of a refused address: loopback, link-local (cloud metadata lives there) or private. */
export function addressRefusal(address: string): WebFailureCode {
  const ip = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (isIP(ip) === 4) {
    if (ip.startsWith('127.') || ip === '0.0.0.0') return 'WEB_ADDRESS_LOOPBACK';
    if (ip.startsWith('169.254.') || ip === '100.100.100.200') return 'WEB_ADDRESS_LINK_LOCAL';
    return 'WEB_ADDRESS_PRIVATE';
  }
  const lower = ip.toLowerCase();
  if (lower === '::1' || lower === '::') return 'WEB_ADDRESS_LOOPBACK';
  if (/^fe[89ab]/.test(lower) || lower === 'fd00:ec2::254') return 'WEB_ADDRESS_LINK_LOCAL';
  return 'WEB_ADDRESS_PRIVATE';
}

/** The refusal behind a failed request: the agent's address refusal, a timeout, or unreachable. */
export function refusalOfError(err: unknown, url: string): PageRefusal {
  if (err instanceof PageRefusal) return err;
  const message = err instanceof Error ? err.message : String(err);
  // request-filtering-agent: "DNS lookup <address>(family:..., host:...) is not allowed. ..."
  const refused = /DNS lookup (\S+?)\(family/.exec(message);
  if (refused) return new PageRefusal(addressRefusal(refused[1]!), `${url}: ${message}`);
  if ((err as { name?: string })?.name === 'TimeoutError' || /timed? ?out/i.test(message)) {
    return new PageRefusal('WEB_FETCH_TIMEOUT', `${url}: ${message}`);
  }
  return new PageRefusal('WEB_FETCH_FAILED', `${url}: ${message}`);
}
