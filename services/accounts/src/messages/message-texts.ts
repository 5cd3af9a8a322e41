/**
 * The title and content of each message kind in both interface languages, rendered from the
 * params stored with the message (so a message reads in whichever language its reader uses
 * today). Params come from our own code, but are read back from JSON: a missing or odd value
 * renders as a blank, never as an exception or an internal name.
 */
import type { MessageKind, MessageName, MessageParams, UiLang } from '@mtp/proto';

export type RenderedMessage = { title: string; content: string };

const LOCALES: Record<UiLang, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

function nameIn(name: MessageName | undefined, lang: UiLang): string {
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') return name[lang] ?? name.en_US ?? '';
  return '';
}

const count = (n: unknown, lang: UiLang) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString(LOCALES[lang]) : '0');

/** Prices are stored in cents (fen) and shown in yuan. */
const yuan = (cents: unknown) => (typeof cents === 'number' && Number.isFinite(cents) ? `¥${(cents / 100).toFixed(2)}` : '');

/** Dates as the UTC calendar day (every period in billing is UTC). */
function day(iso: unknown): string {
  const d = typeof iso === 'string' ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : '';
}

type Renderers = { [K in MessageKind]: (p: Partial<MessageParams[K]>, lang: UiLang) => RenderedMessage };

const RENDER: Renderers = {
  payment_succeeded: (p, lang) => {
    const name = nameIn(p.goods_name, lang);
    const until = day(p.end_time);
    return lang === 'zh_CN'
      ? {
          title: '支付成功',
          content: `您已成功购买「${name}」，支付金额 ${yuan(p.price_cents)}${until ? `，有效期至 ${until}` : ''}。`,
        }
      : {
          title: 'Payment received',
          content: `Your purchase of "${name}" is complete: ${yuan(p.price_cents)} paid${until ? `, valid until ${until}` : ''}.`,
        };
  },
  plan_expiring: (p, lang) => {
    const name = nameIn(p.plan_name, lang);
    const days = typeof p.days === 'number' ? p.days : 0;
    return lang === 'zh_CN'
      ? {
          title: '套餐即将到期',
          content: `您的套餐「${name}」将于 ${day(p.expires_at)} 到期（剩余 ${days} 天）。请及时续费，以免影响使用。`,
        }
      : {
          title: 'Your plan expires soon',
          content: `Your plan "${name}" expires on ${day(p.expires_at)} (${days} ${days === 1 ? 'day' : 'days'} left). Renew it to keep translating without interruption.`,
        };
  },
  plan_expired: (p, lang) => {
    const name = nameIn(p.plan_name, lang);
    return lang === 'zh_CN'
      ? { title: '套餐已到期', content: `您的套餐「${name}」已到期，现按免费版额度使用。续费后可恢复套餐权益和字符包。` }
      : {
          title: 'Your plan has expired',
          content: `Your plan "${name}" has expired; the free allowance applies now. Renew it to get your plan's benefits and character packages back.`,
        };
  },
  low_balance: (p, lang) =>
    lang === 'zh_CN'
      ? { title: '字符余额不足', content: `您的可用字符仅剩 ${count(p.chars_left, lang)} 个。请购买字符包或升级套餐，以免翻译中断。` }
      : {
          title: 'Few characters left',
          content: `Only ${count(p.chars_left, lang)} characters are left. Buy a character package or upgrade your plan to keep translating.`,
        },
  package_frozen: (p, lang) => {
    const name = nameIn(p.package_name, lang);
    return lang === 'zh_CN'
      ? {
          title: '字符包已冻结',
          content: `您的字符包「${name}」（剩余 ${count(p.chars_left, lang)} 字符）因没有有效套餐已冻结。续费套餐后即可继续使用。`,
        }
      : {
          title: 'Character package frozen',
          content: `Your character package "${name}" (${count(p.chars_left, lang)} characters left) is frozen because no plan is active. Renew a plan to use it again.`,
        };
  },
};

/** A kind this version does not know (a newer replica wrote it) still reads as a message. */
const UNKNOWN: Record<UiLang, RenderedMessage> = {
  zh_CN: { title: '系统消息', content: '' },
  en_US: { title: 'Notice', content: '' },
};

export function renderMessage(kind: string, params: unknown, lang: UiLang): RenderedMessage {
  const render = RENDER[kind as MessageKind] as ((p: object, l: UiLang) => RenderedMessage) | undefined;
  if (!render) return UNKNOWN[lang];
  return render(params && typeof params === 'object' ? params : {}, lang);
}
