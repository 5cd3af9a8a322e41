/**
 * App keys of the public API (issue 20 item 1). An app key is an `app_id` (a UUID) and a secret
 * shown once, at creation; the API key DeepL and LibreTranslate clients send is
 * `<app_id>:<app_secret>`, the native API trades the pair for a token.
 *
 * - `GET app/keys?page&page_size`: the caller's own keys, newest first, revoked ones included.
 * - `POST app/keys {name}`: a new key (the only answer that carries its secret); at most 20 live.
 * - `DELETE app/keys/{app_id}`: revoke one's own key (revoking twice is fine).
 * - `GET admin/app_keys?keyword&page&page_size`, `DELETE admin/app_keys/{app_id}`: the platform
 *   administrator's view of every key; a manager's of their own site's users' keys.
 * - `POST open/token {app_id, app_secret}`: the native API's token and its lifetime in seconds.
 */
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const APP_KEY_LIMITS = { nameMax: 50, liveKeysMax: 20, pageSizeMax: 100 } as const;

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: APP_KEY_LIMITS.pageSizeMax, default: 10 })),
};

export const AppKeysQuery = Type.Object(Paging);
export type AppKeysQuery = Static<typeof AppKeysQuery>;

export const AppKeyCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: APP_KEY_LIMITS.nameMax, description: 'What the key is for (1-50 characters).' }),
});
export type AppKeyCreateBody = Static<typeof AppKeyCreateBody>;

export const AppKeyCreated = Type.Object({
  app_id: Type.String({ format: 'uuid' }),
  app_secret: Type.String({ description: 'Shown once: only its hash is kept.' }),
  api_key: Type.String({ description: '`<app_id>:<app_secret>`, the key DeepL and LibreTranslate clients send.' }),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type AppKeyCreated = Static<typeof AppKeyCreated>;

const keyFields = {
  app_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'Updated at most about once a minute.' })),
  revoked_at: Nullable(Type.String({ format: 'date-time' })),
};

export const AppKeyItem = Type.Object(keyFields);
export type AppKeyItem = Static<typeof AppKeyItem>;

export const AppKeysData = Type.Object({ list: Type.Array(AppKeyItem), total: Type.Integer(), pages: Type.Integer() });
export type AppKeysData = Static<typeof AppKeysData>;

export const AdminAppKeysQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 120, description: "The key's name or app id, or the owner's account or name." })),
  ...Paging,
});
export type AdminAppKeysQuery = Static<typeof AdminAppKeysQuery>;

export const AdminAppKeyItem = Type.Object({
  ...keyFields,
  user_id: Type.Integer(),
  account: Type.String(),
  username: Type.String(),
  site_id: Type.Integer(),
  /** The owner's site, by name (the main site's name for its users). */
  site_name: Type.String(),
});
export type AdminAppKeyItem = Static<typeof AdminAppKeyItem>;

export const AdminAppKeysData = Type.Object({ list: Type.Array(AdminAppKeyItem), total: Type.Integer(), pages: Type.Integer() });
export type AdminAppKeysData = Static<typeof AdminAppKeysData>;

export const AppKeyParams = Type.Object({ app_id: Type.String({ maxLength: 64 }) });
export type AppKeyParams = Static<typeof AppKeyParams>;

export const AppKeyRevoked = Type.Object({ revoked: Type.Literal(1) });
export type AppKeyRevoked = Static<typeof AppKeyRevoked>;

/** Both optional in the schema: a missing one answers 10001 (parameter incomplete), not a validation error. */
export const AppTokenBody = Type.Object({
  app_id: Type.Optional(Type.String({ maxLength: 200, description: 'The app id (UUID) of the key.' })),
  app_secret: Type.Optional(Type.String({ maxLength: 200, description: 'The secret shown when the key was created.' })),
});
export type AppTokenBody = Static<typeof AppTokenBody>;

export const AppTokenData = Type.Object({
  token: Type.String({ description: 'Send as `Authorization: Bearer <token>`; a new token retires this one.' }),
  expires_in: Type.Integer({ description: 'Lifetime in seconds.' }),
});
export type AppTokenData = Static<typeof AppTokenData>;
