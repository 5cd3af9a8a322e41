/**
 * Markup cut into segments and put back (markup/markup-split.ts): tags, attributes, comments,
 * scripts and the whitespace between tags stay byte-for-byte; only the text between tags changes.
 */
import { describe, expect, it } from 'vitest';
import { joinMarkup, splitMarkup } from '../src/markup/markup-split';

const upper = (source: string, format: 'html' | 'xml' = 'html') => {
  const split = splitMarkup(source, format);
  return {
    segments: split.segments,
    out: joinMarkup(
      split,
      split.segments.map((s) => s.toUpperCase()),
    ),
  };
};

describe('markup split and join', () => {
  it('translates the text between tags and keeps tags and attributes exactly', () => {
    const source = `<p class='intro'  data-x="a b">Hello <b id=x>world</b>!</p>\n  <img src="a.png" alt="cat"/>`;
    const { segments, out } = upper(source);
    expect(segments).toEqual(['Hello', 'world', '!']);
    expect(out).toBe(`<p class='intro'  data-x="a b">HELLO <b id=x>WORLD</b>!</p>\n  <img src="a.png" alt="cat"/>`);
  });

  it('keeps the outer whitespace of each run and the whitespace between tags', () => {
    const { segments, out } = upper('<ul>\n  <li>  one  </li>\n\t<li>\ntwo\n</li>\n</ul>');
    expect(segments).toEqual(['one', 'two']);
    expect(out).toBe('<ul>\n  <li>  ONE  </li>\n\t<li>\nTWO\n</li>\n</ul>');
  });

  it('decodes entities for translation and escapes what comes back', () => {
    const { segments, out } = upper('<p>fish &amp; chips &lt;3</p>');
    expect(segments).toEqual(['fish & chips <3']);
    expect(out).toBe('<p>FISH &amp; CHIPS &lt;3</p>');
  });

  it('leaves comments, scripts, styles and the doctype alone', () => {
    const source = '<!DOCTYPE html><!-- a note --><style>p{color:red}</style><script>var s = "text";</script><p>text</p>';
    const { segments, out } = upper(source);
    expect(segments).toEqual(['text']);
    expect(out).toBe('<!DOCTYPE html><!-- a note --><style>p{color:red}</style><script>var s = "text";</script><p>TEXT</p>');
  });

  it('keeps an unchanged segment as it was written', () => {
    const split = splitMarkup('<p>a&nbsp;b</p>', 'html');
    expect(joinMarkup(split, split.segments)).toBe('<p>a&nbsp;b</p>');
  });

  it('reads XML with its own rules: case-sensitive tags, CDATA and processing instructions kept', () => {
    const source = '<?xml version="1.0"?><doc><Title lang="en">Report</Title><![CDATA[<raw>]]><p/>end</doc>';
    const { segments, out } = upper(source, 'xml');
    expect(segments).toEqual(['Report', 'end']);
    expect(out).toBe('<?xml version="1.0"?><doc><Title lang="en">REPORT</Title><![CDATA[<raw>]]><p/>END</doc>');
  });

  it('finds nothing to translate in markup without text', () => {
    expect(splitMarkup('<br/> <hr>', 'html').segments).toEqual([]);
    expect(upper('plain text').out).toBe('PLAIN TEXT');
  });
});
