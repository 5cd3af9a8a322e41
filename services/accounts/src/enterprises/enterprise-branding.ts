/**
 * An enterprise's code suggestion and its logos. `company/get_code` answers a fresh code the form
 * can start from (random, so it tells nothing about other enterprises) and the caller's own site
 * code. Logos arrive here already re-encoded to PNG by a document worker (the gateway's
 * logo-reencoding.ts); saving one is the platform administrator's, logged as `site.logo`.
 */
import { isReservedCompanyCode, type CompanyCodeData } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import { randomInt } from 'node:crypto';
import type { AccountsDeps, AuthContext } from '../deps';
import { findSiteRow, saveLogo, type LogoKind } from '../sites';
import { actorOf, type RequestOrigin } from '../system-log/record';
import { assertPlatformAdmin } from './enterprise-access';
import { readEnterprise } from './enterprise-queries';

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SUGGESTION_TRIES = 10;

function randomCode(): string {
  return `ent-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
}

export async function suggestCompanyCode(db: Db, callerSiteId: number | null): Promise<CompanyCodeData> {
  let suggested = randomCode();
  for (let i = 0; i < SUGGESTION_TRIES; i++) {
    if (!isReservedCompanyCode(suggested) && !(await findSiteRow(db, { code: suggested }))) break;
    suggested = randomCode();
  }
  const own = callerSiteId === null ? null : await findSiteRow(db, { id: callerSiteId });
  return { suggested_code: suggested, site_code: own && !own.is_main ? own.site_code : null };
}

/** Saves a worker-drawn PNG as an enterprise's large or small logo (platform administrator). */
export async function saveCompanyLogo(
  deps: AccountsDeps,
  ctx: AuthContext,
  siteId: number,
  kind: LogoKind,
  png: Buffer,
  origin: RequestOrigin = {},
): Promise<string> {
  await assertPlatformAdmin(deps.db, ctx);
  await readEnterprise(deps.db, siteId);
  // saveLogo writes the logo and its `site.logo` log line in one transaction.
  await saveLogo(deps.db, siteId, kind, png, actorOf(ctx, origin));
  return `/api/v1.0/site/logo/${siteId}/${kind}`;
}
