import { Type, type Static } from 'typebox';
import { FEATURE_KEYS } from './permissions';
import { literalUnion } from './literal-union';
import { SiteInfo } from './sites';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const PublicKeyData = Type.Object({ public_key: Type.String() });
export type PublicKeyData = Static<typeof PublicKeyData>;

/**
 * `password` is RSA-OAEP (SHA-256) encrypted with the public key, then base64-encoded.
 * `agree_terms`: true records that the user agreed the current user terms. Without it the login
 * answers 40014 (TERMS_NOT_AGREED) only while the user has not agreed the current version yet;
 * the client then shows the terms and sends the login again with `agree_terms: true`.
 */
export const LoginBody = Type.Object({
  account: Type.String({ maxLength: 120 }),
  password: Type.String({ maxLength: 2048 }),
  agree_terms: Type.Optional(Type.Boolean()),
  site_code: Type.Optional(Type.String({ maxLength: 32 })),
  /** RSA-encrypted: the new password of a pre-activated account, sent after 40060 (PASSWORD_CHANGE_REQUIRED). */
  new_password: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type LoginBody = Static<typeof LoginBody>;

export const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  /** Access-token lifetime in seconds. */
  expires_in: Type.Integer(),
});
export type TokenPair = Static<typeof TokenPair>;

/** The answer of `user/refresh_token`: refresh tokens rotate, so a new one comes with the access token. */
export const AccessTokenData = Type.Object({ access_token: Type.String(), refresh_token: Type.String(), expires_in: Type.Integer() });
export type AccessTokenData = Static<typeof AccessTokenData>;

export const AccountQuery = Type.Object({ account: Type.String({ maxLength: 120 }) });
export type AccountQuery = Static<typeof AccountQuery>;
export const CheckAccountData = Type.Object({ exists: Type.Boolean() });
export type CheckAccountData = Static<typeof CheckAccountData>;

export const ImageCodeData = Type.Object({
  captcha_id: Type.String(),
  /** A data: URL of the captcha picture (PNG). */
  image: Type.String(),
});
export type ImageCodeData = Static<typeof ImageCodeData>;

/** What a code is for; `verify` proves the current account, `update` the new one. */
export const CODE_PURPOSES = ['register', 'reset', 'verify', 'update'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const SendCodeBody = Type.Object({
  account: Type.String({ maxLength: 120 }),
  purpose: literalUnion(CODE_PURPOSES),
  captcha_id: Type.String({ maxLength: 64 }),
  captcha_code: Type.String({ maxLength: 16 }),
});
export type SendCodeBody = Static<typeof SendCodeBody>;
export const SendCodeData = Type.Object({ resend_after_s: Type.Integer() });
export type SendCodeData = Static<typeof SendCodeData>;

export const RegisterBody = Type.Object({
  account: Type.String({ maxLength: 120 }),
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 2048 }),
  code: Type.String({ maxLength: 16 }),
  site_code: Type.Optional(Type.String({ maxLength: 32 })),
  /** Registering agrees the current user terms; `false` is refused with 40014. */
  agree_terms: Type.Optional(Type.Boolean()),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const ResetPasswordBody = Type.Object({
  account: Type.String({ maxLength: 120 }),
  password: Type.String({ maxLength: 2048 }),
  code: Type.String({ maxLength: 16 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** The user data of spec section 3; `user_id` null is the free (not logged in) user. */
export const UserData = Type.Object({
  user_id: Nullable(Type.Integer()),
  username: Type.String(),
  account_number: Type.String(),
  role: Nullable(Type.Integer()),
  rank: Type.Union([Type.Literal('FREE'), Type.Literal('REGISTER')]),
  site_id: Type.Integer(),
  expiration_time: Nullable(Type.String()),
  member_start_time: Nullable(Type.String()),
  has_password: Type.Boolean(),
  msg_count: Type.Integer(),
  company_orders: Type.Integer(),
  code: Type.String(),
  activated: Type.Boolean(),
  /** Spec section 4: the paid plan has ended (today is after expiration_time) and none follows. */
  expired: Type.Optional(Type.Boolean()),
  /** True from 7 days before expiration_time while the plan is live. */
  near_expiry: Type.Optional(Type.Boolean()),
});
export type UserData = Static<typeof UserData>;

const PermissionEntry = Type.Object({ values: Type.Integer(), permission_id: Type.Integer() });
const PermissionKeys = [...FEATURE_KEYS, 'ToBackstage', 'ToIndex'] as const;
export const PermissionMapSchema = Type.Object(
  Object.fromEntries(PermissionKeys.map((k) => [k, Type.Optional(PermissionEntry)])) as Record<
    (typeof PermissionKeys)[number],
    ReturnType<typeof Type.Optional<typeof PermissionEntry>>
  >,
);

export const LoginPermissionData = Type.Object({
  rank: Type.Union([Type.Literal('FREE'), Type.Literal('REGISTER')]),
  role: Nullable(Type.Integer()),
  permissions: PermissionMapSchema,
});
export type LoginPermissionData = Static<typeof LoginPermissionData>;

export const SitePermissionData = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  site: SiteInfo,
  permissions: PermissionMapSchema,
});
export type SitePermissionData = Static<typeof SitePermissionData>;

export const UpdateUsernameBody = Type.Object({ username: Type.String({ maxLength: 200 }) });
export type UpdateUsernameBody = Static<typeof UpdateUsernameBody>;
export const VerifyAccountBody = Type.Object({ code: Type.String({ maxLength: 16 }) });
export type VerifyAccountBody = Static<typeof VerifyAccountBody>;
export const UpdateAccountBody = Type.Object({ account: Type.String({ maxLength: 120 }), code: Type.String({ maxLength: 16 }) });
export type UpdateAccountBody = Static<typeof UpdateAccountBody>;

/** Admin: activate or deactivate a user. */
export const SetUserStatusBody = Type.Object({ user_id: Type.Integer(), activated: Type.Boolean() });
export type SetUserStatusBody = Static<typeof SetUserStatusBody>;

export const Empty = Type.Null();
