/**
 * JWT access tokens (short) and refresh tokens (long), HS256 with a secret from the environment
 * (JWT_SECRET or a mounted JWT_SECRET_FILE) or else made once and kept in settings. Both name
 * the login session they belong to; the session row, not the token, says whether the login is
 * still live, so a newer login or a logout takes effect at once. A refresh token also carries
 * an id (jti), which the session checks to let each one be exchanged once.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Db } from '@mtp/platform';
import { getOrCreateSetting } from './settings';

export type TokenKind = 'access' | 'refresh';
/** `tokenId` (the JWT's jti) is set on refresh tokens; ones issued before rotation have none. */
export type TokenClaims = { userId: number; sessionId: string; kind: TokenKind; tokenId?: string };

export type TokenSettings = { accessTtlSeconds: number; refreshTtlSeconds: number };

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = {
  accessTtlSeconds: 30 * 60,
  refreshTtlSeconds: 7 * 24 * 3600,
};

const MIN_SECRET_LENGTH = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenVerdict = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export class TokenIssuer {
  private constructor(
    private readonly secret: Uint8Array,
    readonly settings: TokenSettings,
  ) {}

  static async load(db: Db, settings: TokenSettings, secretFromEnv?: string): Promise<TokenIssuer> {
    // HS256 tokens can be tried against guessed secrets offline; a short one would fall.
    if (secretFromEnv !== undefined && secretFromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    const secret = secretFromEnv ?? (await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
    return new TokenIssuer(new TextEncoder().encode(secret), settings);
  }

  sign(claims: TokenClaims): Promise<string> {
    const ttl = claims.kind === 'access' ? this.settings.accessTtlSeconds : this.settings.refreshTtlSeconds;
    const jwt = new SignJWT({ sid: claims.sessionId, typ: claims.kind });
    if (claims.tokenId) jwt.setJti(claims.tokenId);
    return jwt
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.secret);
  }

  async verify(token: string, kind: TokenKind): Promise<TokenVerdict> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (payload.typ !== kind || typeof payload.sid !== 'string' || !payload.sub) return { ok: false, reason: 'invalid' };
      if (payload.jti !== undefined && !UUID.test(payload.jti)) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId: Number(payload.sub), sessionId: payload.sid, kind, tokenId: payload.jti } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
