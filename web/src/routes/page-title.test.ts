import { describe, expect, it } from 'vitest';
import { joinTitle, pageTitleKey } from './page-title';

describe('page titles', () => {
  it('takes the deepest route that names its page, else its navigation entry', () => {
    expect(pageTitleKey([{ pathname: '/' }, { pathname: '/login', staticData: { titleKey: 'auth.loginTitle' } }])).toBe('auth.loginTitle');
    expect(pageTitleKey([{ pathname: '/' }, { pathname: '/publictermbank' }])).toBe('nav.publicTerm');
    expect(pageTitleKey([{ pathname: '/' }, { pathname: '/home/' }])).toBe('nav.home');
    expect(pageTitleKey([{ pathname: '/' }, { pathname: '/no/such' }])).toBeNull();
    expect(pageTitleKey([{ pathname: '/x' }])).toBeNull();
  });

  it('puts the page before the site', () => {
    expect(joinTitle('Log in', 'MT Platform')).toBe('Log in – MT Platform');
    expect(joinTitle(null, 'MT Platform')).toBe('MT Platform');
  });
});
