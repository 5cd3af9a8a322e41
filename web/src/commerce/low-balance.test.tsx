import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLES, TIMINGS } from '@mtp/proto';
import { memoryStorage } from '../auth/tokens';
import { changeLang } from '../i18n';
import { theme } from '../theme';
import { lowBalanceAction, takeLowBalanceWarning } from './low-balance';
import { LowBalanceMessage } from './low-balance-warning';

function render(action: 'buy' | 'contactAdmin') {
  return renderToString(
    <MantineProvider theme={theme}>
      <LowBalanceMessage left="9,000" action={action} onBuy={() => undefined} />
    </MantineProvider>,
  );
}

beforeEach(async () => {
  await changeLang('en_US');
});

describe('the low-balance warning', () => {
  it('offers to buy characters to a main-site user', () => {
    const action = lowBalanceAction({ role: ROLES.NORMAL, onMainSite: true, billing: true });
    expect(action).toBe('buy');
    const html = render(action);
    expect(html).toContain('data-testid="low-balance-buy"');
    expect(html).toContain('Buy characters');
  });

  it('tells a NORMAL user of an enterprise site to contact the administrator, with no purchase', () => {
    const action = lowBalanceAction({ role: ROLES.NORMAL, onMainSite: false, billing: true });
    expect(action).toBe('contactAdmin');
    const html = render(action);
    expect(html).toContain('Only 9,000 characters left. Please contact the administrator.');
    expect(html).not.toContain('low-balance-buy');
  });

  it('offers purchases to an enterprise site’s manager, and to nobody where nothing is sold', () => {
    expect(lowBalanceAction({ role: ROLES.MANAGER, onMainSite: false, billing: true })).toBe('buy');
    expect(lowBalanceAction({ role: ROLES.NORMAL, onMainSite: true, billing: false })).toBe('contactAdmin');
  });

  it('warns at 10,000 or fewer, once per session and account', () => {
    const session = memoryStorage();
    expect(takeLowBalanceWarning(TIMINGS.lowCharsWarning + 1, 'u1', session)).toBe(false);
    expect(takeLowBalanceWarning(TIMINGS.lowCharsWarning, 'u1', session)).toBe(true);
    expect(takeLowBalanceWarning(5, 'u1', session)).toBe(false);
    expect(takeLowBalanceWarning(5, 'u2', session)).toBe(true);
    expect(takeLowBalanceWarning(5, 'u1', memoryStorage())).toBe(true);
  });

  it('speaks Chinese', async () => {
    await changeLang('zh_CN');
    expect(render('contactAdmin')).toContain('请联系管理员');
    expect(render('buy')).toContain('购买字符包');
  });
});
