import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { openWebPage } from './web-page-html';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello page</title>
<meta name="description" content="A page about cats"><style>p { color: red } /* Hello */</style>
<script>var greeting = "Hello world";</script></head>
<body><h1 class="x" id="top">Cats and dogs</h1>
<p>Cats <b>sleep</b> a lot.<br>Dogs bark.</p>
<img src="https://example.com/cat.png" alt="A cat" title="Sleeping cat">
<input placeholder="Search cats"><button aria-label="Close dialog">×</button>
<pre>keep   this</pre><p>Run <code>npm install cats</code> now.</p>
<div translate="no">Brand Name</div><a href="/about">About us</a></body></html>`;

/** Every node's shape: tag, attributes (but the translated ones), and text of what must stay. */
function shape(node: Node, keepText: boolean, out: string[] = []): string[] {
  if (node.nodeName === '#text') {
    if (keepText) out.push(`text:${(node as DefaultTreeAdapterMap['textNode']).value}`);
    return out;
  }
  if ('tagName' in node) {
    const attrs = node.attrs
      .filter((a) => !['alt', 'title', 'placeholder', 'aria-label', 'content', 'lang', 'href'].includes(a.name))
      .map((a) => `${a.name}=${a.value}`);
    out.push(`<${node.tagName} ${attrs.join(' ')}>`);
  }
  const protectedHere = 'tagName' in node && ['script', 'style', 'code', 'pre'].includes(node.tagName);
  const noTranslate = 'attrs' in node && node.attrs.some((a) => a.name === 'translate' && a.value === 'no');
  if ('childNodes' in node) for (const child of node.childNodes) shape(child as Node, keepText || protectedHere || noTranslate, out);
  return out;
}

describe('openWebPage', () => {
  const opened = openWebPage(Buffer.from(PAGE), 'https://example.com/animals/index.html');
  const texts = opened.texts.map((t) => t.text);
  const html = opened.write(new Map(opened.texts.map((t) => [t.id, `[zh] ${t.text}`])), 'zh-cn').toString();

  it('finds text nodes and the alt, title, placeholder, aria-label attributes and the meta description', () => {
    expect(texts).toEqual(
      expect.arrayContaining(['Hello page', 'Cats and dogs', 'Cats sleep a lot.', 'Dogs bark.', 'A cat', 'Sleeping cat', 'Search cats']),
    );
    expect(texts).toEqual(expect.arrayContaining(['Close dialog', 'A page about cats', 'About us']));
  });

  it('lists the texts in document order, the title and meta description first (the first screen goes first)', () => {
    expect(texts.slice(0, 3)).toEqual(['Hello page', 'A page about cats', 'Cats and dogs']);
    // An attribute sits where its element does: the picture's alt and title after the paragraph above it.
    expect(texts.indexOf('A cat')).toBeGreaterThan(texts.indexOf('Dogs bark.'));
    expect(texts.indexOf('Search cats')).toBeGreaterThan(texts.indexOf('Sleeping cat'));
    expect(texts.at(-1)).toBe('About us');
  });

  it('leaves script, style, code, pre and translate="no" out', () => {
    for (const kept of ['Hello world', 'keep', 'npm install cats', 'Brand Name', 'color']) {
      expect(texts.some((t) => t.includes(kept))).toBe(false);
    }
  });

  it('keeps the DOM outside text nodes and translated attributes identical', () => {
    expect(shape(parse(html), false)).toEqual(shape(parse(PAGE), false));
    expect(html).toContain('alt="[zh] A cat"');
    expect(html).toContain('content="[zh] A page about cats"');
    expect(html).toContain('[zh] Dogs bark.');
    expect(html).toContain('<code>npm install cats</code>');
    expect(html).not.toContain('<code translate');
  });

  it('makes links absolute against the page address', () => {
    expect(html).toContain('href="https://example.com/about"');
    expect(html).toContain('src="https://example.com/cat.png"');
  });
});
