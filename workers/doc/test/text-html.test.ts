import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { htmlFormat } from '../src/formats/text';
import { langs, translateAll } from './text-test-translator';

const PAGE = `<!doctype html><html><head><meta charset="windows-1252"><title>Café page</title>
<meta name="description" content="A page"><style>p { color: red }</style></head>
<body><p>Hello <b>bold</b> world. Second <a href="/x">link</a>!</p><div>Intro text<p>Inner para.</p></div>
<table><tr><td>Cell one</td></tr></table><ol><li>Item</li></ol><img alt="A cat" src="c.png"><pre>code here</pre><p translate="no">Keep me</p>
<p>Line one<br>Line two <span translate="no">Brand</span></p><script>var x = "no";</script></body></html>`;
const input = () => Buffer.from(PAGE, 'latin1');

async function render(mode: 0 | 1 | 2): Promise<string> {
  const doc = await htmlFormat.open(input(), { srcLang: 'en' });
  const out = await doc.write(translateAll(doc), { ...langs, mode });
  return new TextDecoder('utf-8', { fatal: true }).decode(out);
}

describe('html format', () => {
  it('finds block runs and attributes, decoded by the meta charset, never script/style/pre/translate=no', async () => {
    const doc = await htmlFormat.open(input(), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual([
      'Café page',
      'Hello bold world. Second link!',
      'Intro text',
      'Inner para.',
      'Cell one',
      'Item',
      'Line one',
      'Line two',
      'A page',
      'A cat',
    ]);
    expect(doc.stats.words).toBe(22);
  });

  it('mode 0: translation in place, markup kept, lang and charset set to the target/UTF-8', async () => {
    const out = await render(0);
    expect(out).toContain('<html lang="fr"><head><meta charset="utf-8"><title>«CAFÉ PAGE»</title>');
    expect(out).toContain('content="«A PAGE»"');
    expect(out).toContain('<p>«HELLO BOLD WORLD.» «SECOND LINK!» <a href="/x"></a></p>');
    expect(out).toContain('<div>«INTRO TEXT»<p>«INNER PARA.»</p></div>');
    expect(out).toContain('<img alt="«A CAT»" src="c.png"><pre>code here</pre><p translate="no">Keep me</p>');
    expect(out).toContain('<p>«LINE ONE»<br>«LINE TWO» <span translate="no">Brand</span></p>');
    expect(out).toContain('<script>var x = "no";</script>');
    expect(out).toContain('p { color: red }');
  });

  it('mode 1: a translated copy after each whole block, inline after a br elsewhere', async () => {
    const out = await render(1);
    expect(out).toContain('<p>Hello <b>bold</b> world. Second <a href="/x">link</a>!</p><p lang="fr">«HELLO BOLD WORLD.» «SECOND LINK!»');
    expect(out).toContain('<div>Intro text<br><span lang="fr">«INTRO TEXT»</span><p>Inner para.</p><p lang="fr">«INNER PARA.»</p></div>');
    expect(out).toContain('<td>Cell one<br><span lang="fr">«CELL ONE»</span></td>');
    expect(out).toContain('<ol><li>Item<br><span lang="fr">«ITEM»</span></li></ol>');
    expect(out).toContain('<title>Café page / «CAFÉ PAGE»</title>');
  });

  it('mode 2: sentence pairs in place of each line, translate="no" content kept', async () => {
    const out = await render(2);
    expect(out).toContain(
      '<p>Hello bold world.<br><span lang="fr">«HELLO BOLD WORLD.»</span><br>Second link!<br><span lang="fr">«SECOND LINK!»</span> <a href="/x"></a></p>',
    );
    expect(out).toContain(
      '<p>Line one<br><span lang="fr">«LINE ONE»</span><br>Line two<br><span lang="fr">«LINE TWO»</span> <span translate="no">Brand</span></p>',
    );
  });

  it('cuts runs at br, so a br-separated link list keeps each link with its own text', async () => {
    const page = '<table><tr><td><a href="/a"><b>Alpha</b></a><br><a href="/b">Beta <i>news</i></a><br><br>Plain end</td></tr></table>';
    const doc = await htmlFormat.open(Buffer.from(page), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Alpha', 'Beta news', 'Plain end']);
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toContain('<td><a href="/a"><b>«ALPHA»</b></a><br><a href="/b">«BETA NEWS» </a><br><br>«PLAIN END»</td>');
    const doc1 = await htmlFormat.open(Buffer.from(page), { srcLang: 'en' });
    const out1 = (await doc1.write(translateAll(doc1), { ...langs, mode: 1 })).toString();
    expect(out1).toContain('<a href="/a"><b>Alpha<br><span lang="fr">«ALPHA»</span></b></a><br>');
  });

  it('keeps a sentence whole around scripts, inputs and buttons (left untouched in place)', async () => {
    const page = '<p>Type <input name="q"> then press <button>Go</button> now.<script>track()</script></p>';
    const doc = await htmlFormat.open(Buffer.from(page), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Type then press Go now.']);
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toContain('<p>«TYPE THEN PRESS GO NOW.» <input name="q"><button></button><script>track()</script></p>');
  });

  it('adds a UTF-8 meta when the page declares none, and the result parses', async () => {
    const doc = await htmlFormat.open(Buffer.from('<html><head></head><body><p>Über</p></body></html>'), { srcLang: 'de' });
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toBe('<html lang="fr"><head><meta charset="utf-8"></head><body><p>«ÜBER»</p></body></html>');
    expect(parse(out).childNodes).toHaveLength(1);
  });

  it('guesses GBK for a page without a charset declaration that is not UTF-8', async () => {
    const gbk = Buffer.from('3c703ec4e3bac3a3accac0bde7a1a33c2f703e', 'hex'); // <p>你好，世界。</p> in GBK
    const doc = await htmlFormat.open(gbk, { srcLang: 'zh' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['你好，世界。']);
  });

  it('refuses a page with nothing to translate', async () => {
    await expect(htmlFormat.open(Buffer.from('<script>x()</script>'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'empty' });
  });
});
