/**
 * Business constants of spec section 9 as typed data. Prices are in cents (fen) and shown
 * divided by 100 in yuan. Where the spec names a thing but gives no number (plan prices,
 * enterprise bank limits) the number is ours; proto/README.md records each such decision.
 */
export const PLAN_CODES = ['free', 'standard', 'professional', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const SKU_CODES = [
  'free',
  'standard-m',
  'standard-qrt',
  'standard-y',
  'professional-m',
  'professional-qrt',
  'professional-y',
  'enterprise-y',
  '5M_char-y',
  '10M_char-y',
  '50M_char-y',
  '100M_char-y',
  'doc',
] as const;
export type SkuCode = (typeof SKU_CODES)[number];

/** Goods types: T01 membership, T02 character pack, T03 API, T04 document. */
export const GOODS_TYPES = { T01: 'membership', T02: 'character_pack', T03: 'api', T04: 'document' } as const;

/** Charging rule: 0.8 yuan per 2000 characters, rounded up to whole 2000s. */
export const CHARGE_CENTS_PER_UNIT = 80;
export const CHARGE_UNIT_CHARS = 2000;
export function chargeCents(chars: number): number {
  return Math.ceil(chars / CHARGE_UNIT_CHARS) * CHARGE_CENTS_PER_UNIT;
}

export type Sku = {
  readonly code: SkuCode;
  readonly plan: PlanCode | null;
  /** Level numbers of the spec: 1 free, 2-4 standard, 5-7 professional, 8 enterprise. */
  readonly level: number;
  readonly priceCents: number;
  /** Characters granted for the sku's period (plans) or package size (character packs). */
  readonly quotaChars: number;
  readonly months: number;
  readonly goodsType: keyof typeof GOODS_TYPES;
};

const plan = (code: SkuCode, p: PlanCode, level: number, priceCents: number, quotaChars: number, months: number): Sku => ({
  code,
  plan: p,
  level,
  priceCents,
  quotaChars,
  months,
  goodsType: 'T01',
});
const pack = (code: SkuCode, millions: number): Sku => ({
  code,
  plan: null,
  level: 0,
  priceCents: chargeCents(millions * 1_000_000),
  quotaChars: millions * 1_000_000,
  months: 12,
  goodsType: 'T02',
});

export const SKUS: Record<SkuCode, Sku> = {
  free: plan('free', 'free', 1, 0, 100_000, 0),
  'standard-m': plan('standard-m', 'standard', 2, 9_900, 1_500_000, 1),
  'standard-qrt': plan('standard-qrt', 'standard', 3, 26_900, 5_000_000, 3),
  'standard-y': plan('standard-y', 'standard', 4, 99_900, 20_000_000, 12),
  'professional-m': plan('professional-m', 'professional', 5, 49_900, 8_500_000, 1),
  'professional-qrt': plan('professional-qrt', 'professional', 6, 139_900, 25_000_000, 3),
  'professional-y': plan('professional-y', 'professional', 7, 499_900, 100_000_000, 12),
  // Enterprise is sold through sales contact only: no self-service price.
  'enterprise-y': plan('enterprise-y', 'enterprise', 8, 0, 3_000_000_000, 12),
  '5M_char-y': pack('5M_char-y', 5),
  '10M_char-y': pack('10M_char-y', 10),
  '50M_char-y': pack('50M_char-y', 50),
  '100M_char-y': pack('100M_char-y', 100),
  doc: { code: 'doc', plan: null, level: 0, priceCents: CHARGE_CENTS_PER_UNIT, quotaChars: CHARGE_UNIT_CHARS, months: 0, goodsType: 'T04' },
};

/** The one branded build whose free quota is 20,000 instead of 100,000. */
export const FREE_QUOTA_BRANDED = 20_000;

export type PlanEntitlements = {
  readonly trials: number | null;
  readonly memories: number;
  readonly termbases: number;
  readonly entriesPerBank: number;
  readonly postEditing: boolean;
  readonly accountManager: boolean;
  readonly teamMembers: number;
  readonly engineTraining: boolean;
};

export const PLAN_ENTITLEMENTS: Record<PlanCode, PlanEntitlements> = {
  free: {
    trials: 3,
    memories: 1,
    termbases: 1,
    entriesPerBank: 5,
    postEditing: false,
    accountManager: false,
    teamMembers: 0,
    engineTraining: false,
  },
  standard: {
    trials: null,
    memories: 10,
    termbases: 10,
    entriesPerBank: 50,
    postEditing: false,
    accountManager: false,
    teamMembers: 0,
    engineTraining: false,
  },
  professional: {
    trials: null,
    memories: 10,
    termbases: 10,
    entriesPerBank: 50,
    postEditing: true,
    accountManager: true,
    teamMembers: 0,
    engineTraining: false,
  },
  enterprise: {
    trials: null,
    memories: 100,
    termbases: 100,
    entriesPerBank: 100_000,
    postEditing: true,
    accountManager: true,
    teamMembers: 30,
    engineTraining: true,
  },
};

export const LIMITS = {
  textChars: 5000,
  docFilesPerBatch: 5,
  docBytes: 200 * 1024 * 1024,
  /** A batch estimated before it starts uploads its files twice; past this total, no estimate. */
  docEstimateBytes: 20 * 1024 * 1024,
  docPages: 1000,
  sheetCells: 20_000,
  otherFileWords: 20_000,
  charsPerFile: 200_000,
  pictureBytes: 3 * 1024 * 1024,
  picturePixels: 4096,
  logoBytes: 2 * 1024 * 1024,
  usernameChars: 20,
  bankNameChars: 20,
  entrySourceZhChars: 500,
  entrySourceEnChars: 1000,
  entryNoteChars: 200,
  passwordMin: 6,
  passwordMax: 16,
  packageValidDays: 365,
} as const;

/** Timings in milliseconds unless the name says otherwise. */
export const TIMINGS = {
  docPollMs: 2000,
  orderPollMs: 3000,
  orderPollTries: 100,
  errorToastMs: 3000,
  mobileMessageMs: 5000,
  goodsWarningMs: 10_000,
  dialogScrollDelayMs: 100,
  logoutDelayMs: 500,
  successPopupBlockMs: 5000,
  tableSearchDebounceMs: 500,
  crossTabStorageTimeoutMs: 1000,
  expiryWarningDays: 7,
  lowCharsWarning: 10_000,
  docRetentionHours: 24,
} as const;

export const LANGUAGES = ['zh-cn', 'en-us', 'ja', 'ko', 'ru'] as const;
