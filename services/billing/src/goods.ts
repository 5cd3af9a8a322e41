/**
 * `get_goods`: the catalogue as the purchase dialog shows it, each sku marked disabled (with the
 * reason, in the caller's language) by the same rule create_orders refuses with.
 */
import type { Db } from '@mtp/platform';
import { CODES, PLAN_CODES, type GoodsData, type GoodsSku, type UiLang } from '@mtp/proto';
import { buyerOf } from './buyer';
import { listSkus, type StoredSku } from './catalogue';
import type { GoodsTypeCode } from './catalogue-skus';
import { GOODS_TYPE_NAMES, PLAN_NAMES, planFeatures, skuName } from './goods-text';
import { purchaseRefusal, type Buyer } from './purchase-rules';
import { remaining } from './remaining';

export type GoodsArgs = { userId: number | null; lang: UiLang; billing: boolean; now?: Date };

function goodsSku(sku: StoredSku, buyer: Buyer, lang: UiLang): GoodsSku {
  const refusal = purchaseRefusal(buyer, sku);
  return {
    sku_id: sku.skuId,
    code: sku.code,
    name: skuName(sku, lang),
    price: sku.priceCents,
    level: sku.level,
    quota_chars: sku.quotaChars,
    months: sku.months,
    valid_days: sku.validDays,
    disabled: refusal !== null,
    disabled_reason: refusal ? CODES[refusal][lang] : null,
  };
}

export async function getGoods(db: Db, args: GoodsArgs): Promise<GoodsData> {
  const now = args.now ?? new Date();
  if (!args.billing) {
    // A private deployment sells nothing: no prices, no dialog (the client hides it).
    const current = args.userId === null ? 'free' : (await remaining(db, args.userId, now)).plan_code;
    return { member_list: [], char_list: [], goods_list: [], current_plan: current, billing: false };
  }
  const [skus, buyer] = await Promise.all([listSkus(db), buyerOf(db, args.userId, now)]);
  const items = skus.map((s) => ({ sku: s, item: goodsSku(s, buyer, args.lang) }));
  const ofType = (t: GoodsTypeCode) => items.filter((i) => i.sku.goodsType === t).map((i) => i.item);
  const member_list = PLAN_CODES.map((plan) => {
    const skuList = items.filter((i) => i.sku.goodsType === 'T01' && i.sku.plan === plan).map((i) => i.item);
    return {
      code: plan,
      name: PLAN_NAMES[plan][args.lang],
      features: planFeatures(plan, args.lang),
      skuList,
      disabled: skuList.every((s) => s.disabled),
      contact_sales: plan === 'enterprise',
    };
  });
  const types: GoodsTypeCode[] = ['T01', 'T02', 'T03', 'T04'];
  return {
    member_list,
    char_list: ofType('T02'),
    goods_list: types.map((t) => ({ goods_type: t, name: GOODS_TYPE_NAMES[t][args.lang], itemSkuList: ofType(t) })),
    current_plan: buyer.kind === 'user' ? buyer.plan : 'free',
    billing: true,
  };
}
