import { describe, expect, it } from 'vitest';
import { documentTitle, siteDisplayName } from './site-display';

const site = (hideTitle: boolean, name = '示例企业', english_name = 'Example Corp') => ({
  site_name: 'example',
  site_config: { hideTitle, name, english_name, is_show_url: false, do_cat: false, hidePicture: false },
});

describe('site display', () => {
  it('uses the English name in the English UI and the name otherwise', () => {
    expect(siteDisplayName(site(false), 'en_US')).toBe('Example Corp');
    expect(siteDisplayName(site(false), 'zh_CN')).toBe('示例企业');
    expect(siteDisplayName(site(false, '示例企业', ''), 'en_US')).toBe('示例企业');
    expect(siteDisplayName(site(false, '', ''), 'zh_CN')).toBe('example');
  });

  it('puts the site name in the title only when hideTitle is set', () => {
    expect(documentTitle(site(true), 'zh_CN', 'MT')).toBe('示例企业');
    expect(documentTitle(site(false), 'zh_CN', 'MT')).toBe('MT');
    expect(documentTitle(null, 'en_US', 'MT')).toBe('MT');
  });
});
