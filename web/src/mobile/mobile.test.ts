import { describe, expect, it } from 'vitest';
import { isMobileUserAgent, messageDuration, mobileRedirect } from './mobile';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('mobile detection', () => {
  it('is an Android or iPhone user agent, case-insensitively', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent('some android thing')).toBe(true);
    expect(isMobileUserAgent(IPAD)).toBe(false);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent('')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});

describe('mobile redirect', () => {
  it('sends phones from / and from unknown paths to the trial page', () => {
    expect(mobileRedirect({ userAgent: IPHONE, pathname: '/' })).toBe('/mobiletranslate');
    expect(mobileRedirect({ userAgent: ANDROID, pathname: '/x/y', notFound: true })).toBe('/mobiletranslate');
  });

  it('keeps a logged-in phone user on / (the app), but still sends unknown paths to the trial', () => {
    expect(mobileRedirect({ userAgent: ANDROID, pathname: '/', loggedIn: true })).toBeNull();
    expect(mobileRedirect({ userAgent: ANDROID, pathname: '/', loggedIn: false })).toBe('/mobiletranslate');
    expect(mobileRedirect({ userAgent: IPHONE, pathname: '/x', notFound: true, loggedIn: true })).toBe('/mobiletranslate');
  });

  it('keeps /login and other known routes reachable on phones', () => {
    expect(mobileRedirect({ userAgent: IPHONE, pathname: '/login' })).toBeNull();
    expect(mobileRedirect({ userAgent: IPHONE, pathname: '/publicityRegister' })).toBeNull();
    expect(mobileRedirect({ userAgent: IPHONE, pathname: '/mobiletranslate' })).toBeNull();
  });

  it('leaves desktop browsers alone', () => {
    expect(mobileRedirect({ userAgent: DESKTOP, pathname: '/' })).toBeNull();
    expect(mobileRedirect({ userAgent: DESKTOP, pathname: '/nope', notFound: true })).toBeNull();
  });
});

describe('message duration', () => {
  it('is 5 s for message toasts on mobile pages, unchanged elsewhere and for timed warnings', () => {
    expect(messageDuration(3000, true)).toBe(5000);
    expect(messageDuration(3000, false)).toBe(3000);
    expect(messageDuration(10_000, true)).toBe(10_000);
  });
});
