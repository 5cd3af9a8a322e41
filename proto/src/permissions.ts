/**
 * Roles, ranks and the feature access keys of spec section 6. The permission map a user gets is
 * computed from the role here so the gateway and the web navigation agree on it.
 */
export const ROLES = { ADMIN: 0, MANAGER: 1, NORMAL: 2 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export type Rank = 'FREE' | 'REGISTER';

export const FEATURE_KEYS = [
  'TextTranslation',
  'DocTranslation',
  'PictureTranslation',
  'WebTranslation',
  'MyDocuments',
  'ScanDoc',
  'PostEditing',
  'MyTM',
  'MyTerm',
  'PublicTerm',
  'APIDocument',
  'CompanyManager',
  'AllMyTM',
  'AllMyTerm',
  'OrderManager',
  'SystemLog',
  'TrafficManagement',
  'DeviceManagement',
  'BackUp',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type PermissionKey = FeatureKey | 'ToBackstage' | 'ToIndex';

export type PermissionEntry = { values: number; permission_id: number };
export type PermissionMap = Partial<Record<PermissionKey, PermissionEntry>>;

/** What every visitor may use, logged in or not. */
const PUBLIC_FEATURES: readonly FeatureKey[] = [
  'TextTranslation',
  'DocTranslation',
  'PictureTranslation',
  'WebTranslation',
  'PublicTerm',
  'APIDocument',
];
/** What a registered user adds. PostEditing depends on the site's CAT switch (do_cat). */
const REGISTERED_FEATURES: readonly FeatureKey[] = ['MyDocuments', 'ScanDoc', 'MyTM', 'MyTerm'];
/** The admin back end's screens. */
const ADMIN_FEATURES: readonly FeatureKey[] = [
  'CompanyManager',
  'AllMyTM',
  'AllMyTerm',
  'OrderManager',
  'SystemLog',
  'TrafficManagement',
  'DeviceManagement',
  'BackUp',
];

/** What a manager (an enterprise's administrator) does not get. */
export const PLATFORM_ADMIN_FEATURES: readonly FeatureKey[] = ['CompanyManager', 'TrafficManagement', 'DeviceManagement', 'BackUp'];

export type PermissionContext = {
  role: Role | null; // null: a free (not logged in) visitor
  siteDoCat: boolean;
  siteHidePicture: boolean;
};

export function isAdminRole(role: number | null | undefined): boolean {
  return role === ROLES.ADMIN || role === ROLES.MANAGER;
}

export function permissionMap(ctx: PermissionContext): PermissionMap {
  const keys = new Set<FeatureKey>(PUBLIC_FEATURES);
  if (ctx.role !== null) REGISTERED_FEATURES.forEach((k) => keys.add(k));
  // Post-editing is hidden for registered users unless the site enables CAT (spec section 2).
  if (ctx.role !== null && (ctx.siteDoCat || isAdminRole(ctx.role))) keys.add('PostEditing');
  if (ctx.siteHidePicture) keys.delete('PictureTranslation');
  if (isAdminRole(ctx.role)) ADMIN_FEATURES.forEach((k) => keys.add(k));
  // Enterprise management and the platform's operations (traffic limits, devices, backups) are
  // the super administrator's alone: they act on every site at once.
  if (ctx.role === ROLES.MANAGER) PLATFORM_ADMIN_FEATURES.forEach((k) => keys.delete(k));

  const map: PermissionMap = {};
  for (const key of FEATURE_KEYS) {
    if (keys.has(key)) map[key] = { values: 1, permission_id: FEATURE_KEYS.indexOf(key) + 1 };
  }
  // Spec section 6: MANAGER gets ToBackstage/ToIndex value 1, ADMIN value 0.
  if (isAdminRole(ctx.role)) {
    const values = ctx.role === ROLES.ADMIN ? 0 : 1;
    map.ToBackstage = { values, permission_id: 100 };
    map.ToIndex = { values, permission_id: 101 };
  }
  return map;
}
