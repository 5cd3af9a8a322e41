/** The catalogue's names and features in both interface languages (no internals in them). */
import { PLAN_ENTITLEMENTS, type PlanCode, type UiLang } from '@mtp/proto';
import type { CatalogueSku, GoodsTypeCode } from './catalogue-skus';

type Text = Record<UiLang, string>;

export const PLAN_NAMES: Record<PlanCode, Text> = {
  free: { zh_CN: '免费版', en_US: 'Free' },
  standard: { zh_CN: '标准版', en_US: 'Standard' },
  professional: { zh_CN: '专业版', en_US: 'Professional' },
  enterprise: { zh_CN: '企业版', en_US: 'Enterprise' },
};

export const GOODS_TYPE_NAMES: Record<GoodsTypeCode, Text> = {
  T01: { zh_CN: '会员套餐', en_US: 'Membership' },
  T02: { zh_CN: '字符包', en_US: 'Character packages' },
  T03: { zh_CN: 'API字符包', en_US: 'API packages' },
  T04: { zh_CN: '文档翻译', en_US: 'Document translation' },
};

const millions = (chars: number, lang: UiLang) =>
  lang === 'zh_CN' ? `${(chars / 10_000).toLocaleString('en-US')}万` : `${chars / 1_000_000} million`;

/** "1 month", "3 months", "1 year", "5 million characters", "10 million API characters". */
export function skuName(sku: Pick<CatalogueSku, 'goodsType' | 'plan' | 'months' | 'quotaChars'>, lang: UiLang): string {
  const zh = lang === 'zh_CN';
  if (sku.goodsType === 'T02') return zh ? `${millions(sku.quotaChars, lang)}字符` : `${millions(sku.quotaChars, lang)} characters`;
  if (sku.goodsType === 'T03') return zh ? `${millions(sku.quotaChars, lang)}API字符` : `${millions(sku.quotaChars, lang)} API characters`;
  if (sku.goodsType === 'T04') return GOODS_TYPE_NAMES.T04[lang];
  if (sku.plan === 'free') return PLAN_NAMES.free[lang];
  if (sku.months === 12) return zh ? '1年' : '1 year';
  return zh ? `${sku.months}个月` : `${sku.months} ${sku.months === 1 ? 'month' : 'months'}`;
}

/** What an order is called in the user center: "Standard · 1 month", "5 million characters". */
export function goodsName(sku: Pick<CatalogueSku, 'goodsType' | 'plan' | 'months' | 'quotaChars'>, lang: UiLang): string {
  const name = skuName(sku, lang);
  return sku.goodsType === 'T01' && sku.plan && sku.plan !== 'free' ? `${PLAN_NAMES[sku.plan][lang]} · ${name}` : name;
}

/** The plan's entitlements (spec section 6) as the combo tab lists them. */
export function planFeatures(plan: PlanCode, lang: UiLang): string[] {
  const e = PLAN_ENTITLEMENTS[plan];
  const zh = lang === 'zh_CN';
  const out: string[] = [];
  if (e.trials !== null)
    out.push(zh ? `文档、网页、图片翻译试用${e.trials}次` : `${e.trials} trials of document, web and picture translation`);
  out.push(zh ? `${e.memories}个记忆库、${e.termbases}个术语库` : `${e.memories} memories and ${e.termbases} termbases`);
  out.push(zh ? `每库${e.entriesPerBank}条` : `${e.entriesPerBank.toLocaleString('en-US')} entries per bank`);
  if (e.postEditing) out.push(zh ? '译后编辑' : 'Post-editing');
  if (e.accountManager) out.push(zh ? '专属客户经理' : 'Account manager');
  if (e.teamMembers > 0) out.push(zh ? `团队成员${e.teamMembers}个` : `${e.teamMembers} team member accounts`);
  if (e.engineTraining) out.push(zh ? '引擎增量训练' : 'Incremental engine training');
  return out;
}
