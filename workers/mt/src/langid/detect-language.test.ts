import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  it.each([
    ['三千四百二十一', 'zh-cn'],
    ['机器翻译平台支持文档翻译和术语库。', 'zh-cn'],
    ['これは日本語の文章です。', 'ja'],
    ['東京タワー', 'ja'],
    ['안녕하세요, 반갑습니다', 'ko'],
    ['Привет, как дела?', 'ru'],
    ['Машинный перевод документов сохраняет их оформление и структуру.', 'ru'],
    ['twenty one', 'en-us'],
    ['The platform keeps the layout of translated documents intact.', 'en-us'],
  ])('detects %j as %s', (text, lang) => {
    const result = detectLanguage(text);
    expect(result.lang).toBe(lang);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it('answers unknown for text without letters and for languages the platform does not translate', () => {
    expect(detectLanguage('12345 !!!').lang).toBe('unknown');
    expect(detectLanguage('').confidence).toBe(0);
    expect(detectLanguage('Le traitement automatique des langues est un domaine passionnant de recherche.').lang).toBe('unknown');
    expect(detectLanguage('Die maschinelle Übersetzung von Dokumenten ist heute weit verbreitet und nützlich.').lang).toBe('unknown');
  });

  it('lets Chinese characters with a little Latin stay Chinese', () => {
    expect(detectLanguage('请翻译这个PDF文件里的内容').lang).toBe('zh-cn');
  });
});
