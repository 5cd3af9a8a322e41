/**
 * The prefix filter must never lose a match the scorer would keep: for random segment pairs
 * (Latin words and Chinese characters, 1-6 edits), every candidate scoring >= the threshold holds
 * one of the query's keys whatever the global token order is, and has a length within
 * `lengthBounds`.
 */
import { describe, expect, it } from 'vitest';
import { fuzzyScore, lengthBounds, matchTokens } from '../src/matching/index';
import { entryKeys, maxEdits, segmentKeys } from '../src/lookup/prefix-tokens';

function prng(seed: number) {
  let a = seed;
  return () => (a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const WORDS =
  'the a of translation memory Server file Update user 2024 7 42 3.5 report new old data model, engine. fast Ｆｉｌｅ (beta) !'.split(' ');
const HAN =
  '翻译记忆库术语的是在了不和有大这主中人上为们地个用工时要动国产以我到他会作来分生对于学下级就年阶义发成部民可出能方进同行面说种过命度革而多子后自社加小机也经力线本电高量长党得实家定深法表着水理化争现所二起政三好十战无农使性前等反体合斗路图把结第里正新开论之物从当两些还天资事队批点育重其思与间内去因件日利相由压员气业代全组数果期导平各基或月毛然如应形想制心样干都向变关问比展那它最及外没看治提五解系林者米群头意只明四道马认次文通但条较克又公孔领军流入接席位情运器并飞原油放立题质指建区验活众很教决特此常石强极土少已根共直团统式转别造切九你取西持总料连任志观调七么山程百报更见必真保热委手改管处己将修支识病象几先老光专什六型具示复安带每东增则完风回南广劳轮科北打积车计给节做务被整联步类集号列温装即毫知轴研单色坚据速防史拉世设达尔场织历花受求传口断况采精金界品判参层止边清至万确究书术状厂须离再目海交权且儿青才证低越际八试规斯近注办布门铁需走议县兵固除般引齿千胜细影济白格效置推空配刀叶率述今选养德话查差半敌始片施响收华觉备名红续均药标记难存测士身紧液派准斤角降维板许破述技消底床田势端感往神便贺村构照容非搞亚磨族火段算适讲按值美态黄易彪服早班麦削信排台声该击素张密害侯草何树肥继右属市严径螺检左页抗苏显苦英快称坏移约巴材省黑武培著河帝仅针怎植京助升王眼她抓含苗副杂普谈围食射源例致酸旧却充足短划剂宣环落首尺波承粉践府鱼随考刻靠够满夫失包住促枝局菌杆周护岩师举曲春元超负砂封换太模贫减阳扬江析亩木言球朝医校古呢稻宋听唯输滑站另卫字鼓刚写刘微略范供阿块某功套友限项余倒卷创律雨让骨远帮初皮播优占死毒圈伟季训控激找叫云互跟裂粮粒母练塞钢顶策双留误础吸阻故寸盾晚丝女散焊功株亲院冷彻弹错散商视艺灭版烈零室轻血倍缺厘泵察绝富城冲喷壤简否柱李望盘磁雄似困巩益洲脱投送奴侧润盖挥距触星松送获兴独官混纪依未突架宽冬章湿偏纹吃执阀矿寨责熟稳夺硬价努翻奇甲预职评读背协损棉侵灰虽矛厚罗泥辟告卵箱掌氧恩爱停曾溶营终纲孟钱待尽俄缩沙退陈讨奋械载胞幼哪剥迫旋征槽倒握担仍呀鲜吧卡粗介钻逐弱脚怕盐末阴丰雾冠丙街莱贝辐肠付吉渗瑞惊顿挤秒悬姆烂森糖圣凹陶词迟蚕亿矩康遵牧遭幅园腔订香肉弟屋敏恢忘编印蜂急拿扩伤飞露核缘游振操央伍域甚迅辉异序免纸夜乡久隶缸夹念兰映沟乙吗儒杀汽磷艰晶插埃燃欢铁补咱芽永瓦倾阵碳演威附牙芽永瓦斜灌欧献顺猪洋腐请透司危括脉宜笑若尾束壮暴企菜穗楚汉愈绿拖牛份染既秋遍锻玉夏疗尖殖井费州访吹荣铜沿替滚客召旱悟刺脑措贯藏敢令隙炉壳硫煤迎铸粘探临薄旬善福纵择礼愿伏残雷延烟句纯渐耕跑泽慢栽鲁赤繁境潮横掉锥希池败船假亮谓托伙哲怀割摆贡呈劲财仪沉炼麻罪祖息车穿货销齐鼠抽画饲龙库守筑房歌寒喜哥洗蚀废纳腹乎录镜妇恶脂庄擦险赞钟摇典柄辩竹谷卖乱虚桥奥伯赶垂途额壁网截野遗静谋弄挂课镇妄盛耐援扎虑键归符庆聚绕摩忙舞遇索顾胶羊湖钉仁音迹碎伸灯避泛亡答勇频皇柳哈揭甘诺概宪浓岛袭谁洪谢炮浇斑讯懂灵蛋闭孩释乳巨徒私银伊景坦累匀霉杜乐勒隔弯绩招绍胡呼痛峰零柴簧午跳居尚丁秦稍追梁折耗碱殊岗挖氏刃剧堆赫荷胸衡勤膜篇登驻案刊秧缓凸役剪川雪链渔啦脸户洛孢勃盟买杨宗焦赛旗滤硅炭股坐蒸凝竟陷枪黎救冒暗洞犯筒您宋弧爆谬涂味津臂障褐陆啊健尊豆拔莫抵桑坡缝警挑污冰柬嘴啥饭塑寄赵喊垫丹渡耳刨虎笔稀昆浪萨茶滴浅拥穴覆伦娘吨浸袖珠雌妈紫戏塔锤震岁貌洁剖牢锋疑霸闪埔猛诉刷狠忽灾闹乔唐漏闻沈熔氯荒茎男凡抢像浆旁玻亦忠唱蒙予纷捕锁尤乘乌智淡允叛畜俘摸锈扫毕璃宝芯爷鉴秘净蒋钙肩腾枯抛轨堂拌爸循诱祝励肯酒绳穷塘燥泡袋朗喂铝软渠颗惯贸粪综墙趋彼届墨碍启逆卸航衣孙龄岭骗休借';

function latinSentence(random: () => number): string[] {
  return Array.from({ length: 4 + Math.floor(random() * 14) }, () => WORDS[Math.floor(random() * WORDS.length)]!);
}
function hanSentence(random: () => number): string[] {
  return Array.from({ length: 4 + Math.floor(random() * 24) }, () => HAN[Math.floor(random() * HAN.length)]!);
}
function mutate(units: string[], pool: () => string, random: () => number): string[] {
  const out = [...units];
  const edits = 1 + Math.floor(random() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (out.length + 1));
    const op = random();
    if (op < 0.4 && out.length > 1) out.splice(Math.min(at, out.length - 1), 1);
    else if (op < 0.7) out.splice(at, 0, pool());
    else out[Math.min(at, out.length - 1)] = pool();
  }
  return out;
}

describe('prefix filtering of fuzzy candidates', () => {
  it('keys a segment by its first rare tokens, and pairs of its first common ones', () => {
    expect(maxEdits(10, 70)).toBe(4); // floor(10 * 30 / 70)
    expect(maxEdits(10, 100)).toBe(0);
    expect(maxEdits(7, 70)).toBe(3);
    const pair = (a: number, b: number) => a * 2 ** 31 + b;
    // All common (ids <= 10): 3 distinct tokens, 0 edits: pairs of the first 2.
    expect(segmentKeys([5, 9, 1], 0, 10)).toEqual([pair(9, 5)]);
    // 2 distinct tokens, 1 edit: a match may share just one: all singles of the first 2, and their pair.
    expect(segmentKeys([5, 9], 1, 10)).toEqual([9, 5, pair(9, 5)]);
    // Rare tokens (ids > 10) are singles among the first edits + 1, never paired.
    expect(segmentKeys([50, 3, 7, 40, 2], 1, 10)).toEqual([50, 40]);
    expect(segmentKeys([50, 3, 7, 40, 2], 2, 10)).toEqual([50, 40, pair(7, 3)]);
    expect(segmentKeys([50, 3, 7, 40, 2], 3, 10)).toEqual([50, 40, pair(7, 3), pair(7, 2), pair(3, 2)]);
    // A token no entry has comes first and gives no key.
    expect(segmentKeys([5, undefined, 9], 0, 10)).toEqual([]);
    expect(segmentKeys([5, undefined, 9, 2], 1, 10)).toEqual([pair(9, 5)]);
    expect(entryKeys([1, 9, 5], 3, 10)).toEqual([pair(9, 5), pair(9, 1), pair(5, 1)]);
  });

  it('never drops a candidate that scores >= the threshold, whatever the token order (Latin words and Chinese characters)', () => {
    const random = prng(12345);
    const pairs: { query: string; candidate: string; lang: string }[] = [];
    for (let i = 0; i < 600; i++) {
      const han = i % 2 === 1;
      const units = han ? hanSentence(random) : latinSentence(random);
      const pool = () => (han ? HAN[Math.floor(random() * HAN.length)]! : WORDS[Math.floor(random() * WORDS.length)]!);
      const joiner = han ? '' : ' ';
      pairs.push({ query: units.join(joiner), candidate: mutate(units, pool, random).join(joiner), lang: han ? 'zh-cn' : 'en-us' });
    }
    const checked = new Map<number, number>();
    for (const { query, candidate, lang } of pairs) {
      const q = matchTokens(query);
      const c = matchTokens(candidate);
      const score = fuzzyScore(query, candidate, { lang });
      for (const threshold of [70, 80, 90, 100]) {
        if (score < threshold) continue;
        checked.set(threshold, (checked.get(threshold) ?? 0) + 1);
        const bounds = lengthBounds(q.units, threshold);
        expect(c.units >= bounds.min && c.units <= bounds.max, `${query} | ${candidate}`).toBe(true);
        // Orders: random, the shared tokens last (adversarial), and the query's other tokens
        // unknown (no entry has them; the lookup puts them first).
        const shared = new Set(c.tokens.filter((t) => q.tokens.includes(t)));
        const everyToken = [...new Set([...q.tokens, ...c.tokens])];
        const orders = [
          everyToken.map((t) => [t, Math.floor(random() * 1e6)] as const),
          everyToken.map((t) => [t, shared.has(t) ? 0 : 1 + Math.floor(random() * 1e6)] as const),
          c.tokens.map((t) => [t, Math.floor(random() * 1e6)] as const),
        ];
        // Common tiers: none (singles only), about half the tokens, every token (pairs only).
        for (const order of orders) {
          for (const common of [0, 500_000, 2_000_000]) {
            const ids = new Map<string, number>(order);
            const stored = new Set(
              entryKeys(
                c.tokens.map((t) => ids.get(t)!),
                c.units,
                common,
              ),
            );
            const probe = segmentKeys(
              q.tokens.map((t) => ids.get(t)),
              maxEdits(q.units, threshold),
              common,
            );
            expect(
              probe.some((key) => stored.has(key)),
              `${threshold}/${common}: ${query} | ${candidate}`,
            ).toBe(true);
          }
        }
      }
    }
    expect(checked.get(70)).toBeGreaterThan(100);
    expect(checked.get(90)).toBeGreaterThan(20);
  });
});
