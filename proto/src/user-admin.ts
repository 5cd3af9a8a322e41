/**
 * User administration (issue 18 items 2 and 3): `/alluser` and `/user-data`. Administrators see
 * every site; a manager (role 1) sees their own site's members only, and anything else answers
 * as if it did not exist. Passwords travel RSA-encrypted, as at login.
 */
import { Type, type Static } from 'typebox';
import { RemainingData } from './billing';
import { CurrentOrderData, ExpiredOrderData, MemberData, PlanCodeSchema, SkuCodeSchema } from './commerce';
import { MyFileItem } from './documents';
import { BankItem } from './language';

const UserId = Type.Integer({ minimum: 1 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const UserStateSchema = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export type UserState = Static<typeof UserStateSchema>;

export const AdminUsersQuery = Type.Object({
  /** Matches the account or the username. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  account: Type.Optional(Type.String({ maxLength: 120 })),
  username: Type.Optional(Type.String({ maxLength: 40 })),
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
  plan: Type.Optional(PlanCodeSchema),
  state: Type.Optional(UserStateSchema),
  /** Registration date range (UTC days, inclusive). */
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

export const AdminUserItem = Type.Object({
  user_id: Type.Integer(),
  account: Type.String(),
  username: Type.String(),
  role: Type.Integer(),
  site_id: Type.Integer(),
  site_name: Type.String(),
  activated: Type.Boolean(),
  must_change_password: Type.Boolean(),
  created_at: Type.String(),
  /** From the ledger: the plan in use and its expiry. */
  plan_code: PlanCodeSchema,
  plan_name: Type.String(),
  expiration_time: Type.Union([Type.String(), Type.Null()]),
});
export type AdminUserItem = Static<typeof AdminUserItem>;

export const AdminUsersData = Type.Object({
  list: Type.Array(AdminUserItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AdminUsersData = Static<typeof AdminUsersData>;

/** A pre-activated account: created active, its first password changed at the first login. */
export const CreateUserBody = Type.Object({
  account: Type.String({ maxLength: 120 }),
  username: Type.String({ maxLength: 40 }),
  /** RSA-encrypted, base64. */
  password: Type.String({ maxLength: 2048 }),
  /** 1 manager or 2 ordinary user (administrator rights: `set_admin`). A manager adds role 2 only. */
  role: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  /** Default: the caller's site. A manager's additions always go to their own site. */
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object({
  user_id: UserId,
  account: Type.Optional(Type.String({ maxLength: 120 })),
  username: Type.Optional(Type.String({ maxLength: 40 })),
  role: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserIdBody = Type.Object({ user_id: UserId });
export type UserIdBody = Static<typeof UserIdBody>;

export const ResetUserPasswordBody = Type.Object({ user_id: UserId, password: Type.String({ maxLength: 2048 }) });
export type ResetUserPasswordBody = Static<typeof ResetUserPasswordBody>;

export const UserActivationBody = Type.Object({ user_id: UserId, activated: Type.Boolean() });
export type UserActivationBody = Static<typeof UserActivationBody>;

export const SetAdminBody = Type.Object({ user_id: UserId, admin: Type.Boolean() });
export type SetAdminBody = Static<typeof SetAdminBody>;

/** The plan sku granted from now until `expires_at` (an ISO date or instant in the future). */
export const SetMembershipBody = Type.Object({
  user_id: UserId,
  sku: SkuCodeSchema,
  expires_at: Type.String({ maxLength: 40 }),
});
export type SetMembershipBody = Static<typeof SetMembershipBody>;

/** Characters granted as a package (used before the plan), valid `days` days (default 365). */
export const GrantCharsBody = Type.Object({
  user_id: UserId,
  chars: Type.Integer({ minimum: 1, maximum: 10_000_000_000 }),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660 })),
});
export type GrantCharsBody = Static<typeof GrantCharsBody>;

export const ImportRowError = Type.Object({
  /** The row number in the file (the header is row 1). */
  row: Type.Integer(),
  account: Type.String(),
  /** In the caller's language. */
  reason: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

export const ImportUsersData = Type.Object({
  imported: Type.Integer(),
  rows: Type.Integer(),
  errors: Type.Array(ImportRowError),
});
export type ImportUsersData = Static<typeof ImportUsersData>;

export const UserDataQuery = Type.Object({ user_id: UserId });
export type UserDataQuery = Static<typeof UserDataQuery>;

/** Characters charged per UTC day and kind (`text`, `picture`, `task`: documents and jobs). */
export const UsageRow = Type.Object({ day: Type.String(), kind: Type.String(), chars: Type.Integer() });
export type UsageRow = Static<typeof UsageRow>;

export const AdminUserData = Type.Object({
  profile: AdminUserItem,
  member: MemberData,
  balance: RemainingData,
  usage: Type.Array(UsageRow),
  orders: Type.Object({ current: CurrentOrderData, expired: ExpiredOrderData }),
  /** The user's recent documents (My Documents' newest). */
  tasks: Type.Array(MyFileItem),
  /** The user's own memories and termbases (the newest 100). */
  banks: Type.Array(BankItem),
});
export type AdminUserData = Static<typeof AdminUserData>;
