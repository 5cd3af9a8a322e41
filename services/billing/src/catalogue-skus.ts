/**
 * Every sku the platform sells or grants, as constants: proto's SKUS (the spec's list) plus the
 * T03 API packages, whose codes are ours (README "Decisions"). The goods_skus table is seeded
 * from this list; prices there are what an administrator may change later.
 */
import { API_SKU_CODES, chargeCents, LIMITS, SKU_CODES, SKUS, type ApiSkuCode, type PlanCode, type Sku, type SkuCode } from '@mtp/proto';

export type CatalogueCode = SkuCode | ApiSkuCode;
export type GoodsTypeCode = 'T01' | 'T02' | 'T03' | 'T04';

export type CatalogueSku = {
  code: CatalogueCode;
  goodsType: GoodsTypeCode;
  plan: PlanCode | null;
  level: number;
  priceCents: number;
  quotaChars: number;
  months: number;
  /** Packages: days valid from purchase; 0 for plans and documents. */
  validDays: number;
};

const fromProto = (s: Sku): CatalogueSku => ({
  code: s.code,
  goodsType: s.goodsType,
  plan: s.plan,
  level: s.level,
  priceCents: s.priceCents,
  quotaChars: s.quotaChars,
  months: s.months,
  validDays: s.goodsType === 'T02' ? LIMITS.packageValidDays : 0,
});

const API_MILLIONS: Record<ApiSkuCode, number> = { 'api_10M-y': 10, 'api_50M-y': 50, 'api_100M-y': 100 };

/** API packages: priced like character packages (0.8 yuan per 2,000), 365 days. */
const apiSku = (code: ApiSkuCode): CatalogueSku => ({
  code,
  goodsType: 'T03',
  plan: null,
  level: 0,
  priceCents: chargeCents(API_MILLIONS[code] * 1_000_000),
  quotaChars: API_MILLIONS[code] * 1_000_000,
  months: 12,
  validDays: LIMITS.packageValidDays,
});

/** In catalogue order: the spec's list, then the API packages. */
export const CATALOGUE_SKUS: readonly CatalogueSku[] = [...SKU_CODES.map((c) => fromProto(SKUS[c])), ...API_SKU_CODES.map(apiSku)];

const BY_CODE = new Map<string, CatalogueSku>(CATALOGUE_SKUS.map((s) => [s.code, s]));

export function catalogueSku(code: string): CatalogueSku | undefined {
  return BY_CODE.get(code);
}

/** Packages of either kind: granted for 365 days, used before the plan, need a live plan. */
export function isPackageType(goodsType: string): boolean {
  return goodsType === 'T02' || goodsType === 'T03';
}

/** Plans by rank: a higher rank is an upgrade (levels order skus, ranks order plans). */
export const PLAN_RANK: Record<PlanCode, number> = { free: 0, standard: 1, professional: 2, enterprise: 3 };
