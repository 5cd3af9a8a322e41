/**
 * Words that break a term or may not stand at its edge, per language. The taggers already drop
 * most function words; these lists catch what they tag as content words (everyday Chinese verbs
 * that jieba tags `v` beside the noun-like ones, English nouns of academic prose that are never
 * terms, Russian function words the pattern matcher cannot tell from adjectives).
 */

/** Everyday Chinese verbs and words of a sentence's frame, never part of a term. */
export const CHINESE_STOPWORDS = new Set(
  (
    '是 有 为 在 和 与 或 及 等 的 了 着 过 也 都 就 而 并 被 把 让 使 将 对 从 向 以 于 中 上 下 ' +
    '采用 使用 利用 进行 通过 作为 增加 减少 减小 提供 支持 包括 需要 可以 能够 可 能 会 应 要 ' +
    '具有 拥有 实现 带来 考虑 保证 允许 防止 导致 了解 查看 取得 联系 拨打 想 留出 预留 用于 ' +
    '相当于 占用 符合 经过 仅 仅需 无需 超过 达到 高达 还有 此外 同时 然而 而且 并且 所有 任何 ' +
    '各种 各类 许多 更多 更 大部分 绝大部分 一种 一款 一个 这种 这个 那些 该 本 其 此 点此 如 ' +
    '本款 该款 此款 这款 设计 产生 杜绝 相当 完全 非常 极 超 不 没有 无 不怕 可作为 操作时 来 与我们'
  ).split(' '),
);

/** English words that may not open or close a term even where the tagger calls them nouns. */
export const ENGLISH_EDGE_STOPWORDS = new Set(
  (
    'a an the this that these those such other another each every all any some no none both either neither ' +
    "which what who whom whose where when why how there here it its it's they them their we our us you your " +
    'he she his her i me my one ones lot lots kind kinds sort type types way ways thing things example ' +
    'examples case cases number numbers fig figure table section sec paper article work part parts ' +
    'use uses e.g i.e etc et al vs per via first second third last next new many much more most few ' +
    'several various certain same different following above below further ' +
    'is are was were be been being am do does did has have had and or but nor for with from into onto of ' +
    'to in on at by as if so than then not'
  ).split(' '),
);

/** English nouns of general and academic prose: inside a term (`control signal`), never one alone. */
export const ENGLISH_GENERAL_NOUNS = new Set(
  (
    'system state control value level process method model structure function design result time step ' +
    'order set form point problem analysis approach data theory condition effect factor rate range size ' +
    'change group member element object base field term information development study research issue ' +
    'question area application implementation performance behavior behaviour strategy technique ' +
    'definition proof lemma theorem equation formula property relation relationship respect terms'
  ).split(' '),
);

/** Russian function words and pronominal adjectives (`этот`, `который`) the patterns would take. */
export const RUSSIAN_EXTRA_STOPWORDS = new Set(
  (
    'этот эта это эти этого этой этих этом этим этими тот та то те того той тех том тем теми ' +
    'который которая которое которые которого которой которых котором которым которыми ' +
    'такой такая такое такие такого такой таких свой своя своё свои своего своей своих ' +
    'весь вся всё все всего всей всех каждый каждая каждое каждые другой другая другое другие ' +
    'наш наша наше наши ваш ваша ваше ваши мой моя моё мои его её их год года году годы лет ' +
    'также г гг с. т. др. см. стр. №'
  ).split(' '),
);

/** Japanese nouns of a sentence's frame (こと, もの, ため are tagged 非自立 already; these are not). */
export const JAPANESE_STOPWORDS = new Set(['場合', '以下', '以上', '前', '後', '中', '等', '他', '方', '今回', '今後', '全て', 'すべて']);
