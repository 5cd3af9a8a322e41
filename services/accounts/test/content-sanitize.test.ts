/**
 * The rich-text sanitizer against hostile HTML: whatever comes in, no script, event handler,
 * `javascript:` (or data:, vbscript:) link, style or foreign picture comes out, while the
 * editor's own rich text survives as it was.
 */
import { describe, expect, it } from 'vitest';
import { cleanForStorage, sanitizeRichText } from '../src/content/sanitize';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div onclick="alert(1)">x</div>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://evil.example/track.png">',
  '<img src="//evil.example/track.png">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p><a href="https://ok.example" onmouseover="alert(1)" target="_self">ok</a></p>',
  '<template><script>alert(1)</script></template>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
];

/** What must never appear in served HTML, whatever the input. */
function expectClean(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<script|<style|<iframe|<object|<embed|<svg|<math|<form|<meta|<base|<link|<template/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:/);
  expect(lower).not.toMatch(/style=/);
  expect(lower).not.toMatch(/evil\.example/);
}

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('cleans %s', (input) => {
    const out = sanitizeRichText(input);
    expectClean(out);
    // Cleaning twice changes nothing: what is stored clean is served the same.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('cleans all of them at once, nested in allowed markup', () => {
    expectClean(sanitizeRichText(`<blockquote><ul><li>${HOSTILE.join('</li><li>')}</li></ul></blockquote>`));
  });

  it('keeps the editor rich text and makes links safe to open', () => {
    const input =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text<br>next line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x &lt; 1</code></pre>' +
      '<p><a href="https://example.com/a?b=1">web</a> <a href="mailto:help@example.com">mail</a> <a href="/problem">faq</a></p>' +
      '<p><img src="/api/v1.0/site/logo/1/large" alt="logo"></p>';
    const out = sanitizeRichText(input);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<pre><code>x &lt; 1</code></pre>');
    expect(out).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">web</a>');
    expect(out).toContain('href="mailto:help@example.com"');
    expect(out).toContain('href="/problem"');
    expect(out).toContain('<img src="/api/v1.0/site/logo/1/large" alt="logo" />');
    expect(out).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>');
  });

  it('keeps the text of dropped tags but not the code inside scripts', () => {
    expect(sanitizeRichText('<div>kept <span>text</span></div><script>var secret = 1</script>')).toBe('kept text');
  });

  it('refuses to store what grows past the column after escaping', () => {
    expect(() => cleanForStorage('&'.repeat(100_000), 'body')).toThrow(/INVALID_PARAMS/);
    expect(cleanForStorage('<p>ok</p><script>x</script>', 'body')).toBe('<p>ok</p>');
  });
});
