/**
 * Fetches a page for translation with SSRF protection: http and https only; every connection
 * (the first and each redirect's, followed by hand so each is checked again) goes through
 * request-filtering-agent, which refuses private, loopback, link-local and metadata addresses
 * on the address it resolved and connects to; the body is cut off past the size limit and the
 * whole fetch past the time limit. `allowHosts` (WEB_FETCH_ALLOW_HOSTS, an administrator's
 * setting) names intranet hosts (as URLs name them: `wiki.corp`, `10.0.0.5`), or CIDRs, that may
 * be fetched all the same; a listed name does not let a redirect to another name through.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { WEB_PAGE_LIMITS } from '@mtp/proto';
import { PageRefusal, refusalOfError } from './page-refusal';

export type FetchOptions = {
  allowHosts?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
};

export type FetchedPage = { finalUrl: string; body: Buffer; contentType: string };

/** A CIDR entry allows any name resolving into it; any other entry is a host as the URL names it. */
const isCidrEntry = (entry: string) => /^[0-9a-f:.]+\/\d+$/i.test(entry);

/** The allow-list from the environment: comma- or space-separated hosts, addresses or CIDRs. */
export function allowHostsFromEnv(value = process.env.WEB_FETCH_ALLOW_HOSTS): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function checkPageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PageRefusal('WEB_FETCH_FAILED', `not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageRefusal('WEB_URL_SCHEME', `scheme ${url.protocol}`);
  if (url.username || url.password) throw new PageRefusal('WEB_URL_SCHEME', 'credentials in the URL');
  return url;
}

function agentFor(url: URL, allowHosts: readonly string[]): http.Agent {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowedByName = allowHosts.includes(host);
  const options = {
    allowPrivateIPAddress: allowedByName,
    allowMetaIPAddress: allowedByName,
    allowIPAddressList: allowHosts.filter(isCidrEntry),
  };
  return url.protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

type Hop = { status: number; location?: string; body?: Buffer; contentType: string };

function requestOnce(url: URL, allowHosts: readonly string[], maxBytes: number, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.get(
      url,
      { agent: agentFor(url, allowHosts), signal, headers: { 'user-agent': 'mtp-web-translate/1.0', accept: 'text/html,*/*;q=0.5' } },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new PageRefusal('WEB_PAGE_TOO_LARGE', `${url.href}: ${declared} bytes declared`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Counted as it arrives: a server may send more than it declared, or declare nothing.
          if (size > maxBytes) {
            res.destroy();
            reject(new PageRefusal('WEB_PAGE_TOO_LARGE', `${url.href}: more than ${maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks), contentType }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

export async function fetchPage(raw: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const allowHosts = opts.allowHosts ?? allowHostsFromEnv();
  const maxBytes = opts.maxBytes ?? WEB_PAGE_LIMITS.maxBytes;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? WEB_PAGE_LIMITS.fetchTimeoutMs);
  let url = checkPageUrl(raw);
  for (let hop = 0; hop <= WEB_PAGE_LIMITS.maxRedirects; hop++) {
    let answer: Hop;
    try {
      answer = await requestOnce(url, allowHosts, maxBytes, signal);
    } catch (err) {
      const refusal = refusalOfError(signal.aborted ? Object.assign(new Error('timed out'), { name: 'TimeoutError' }) : err, url.href);
      if (hop > 0) refusal.message = `redirected to ${refusal.message}`;
      throw refusal;
    }
    if (answer.location) {
      // Checked again like the first URL: a redirect to file:// or to a private address is refused.
      url = checkPageUrl(new URL(answer.location, url).href);
      continue;
    }
    if (answer.status >= 400) throw new PageRefusal('WEB_FETCH_FAILED', `${url.href}: HTTP ${answer.status}`);
    if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(answer.contentType)) {
      throw new PageRefusal('WEB_NOT_HTML', `${url.href}: ${answer.contentType || 'no content type'}`);
    }
    return { finalUrl: url.href, body: answer.body ?? Buffer.alloc(0), contentType: answer.contentType };
  }
  throw new PageRefusal('WEB_FETCH_FAILED', `more than ${WEB_PAGE_LIMITS.maxRedirects} redirects`);
}
