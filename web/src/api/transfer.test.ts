import { describe, expect, it } from 'vitest';
import { envelopeMessage, filenameFromDisposition } from './transfer';

const t = (key: string) => (key === 'api.upgradePlan' ? ' please upgrade your plan' : 'The request failed');

describe('transfer helpers', () => {
  it('appends the upgrade hint to 42005 and falls back for empty messages', () => {
    expect(envelopeMessage({ code: 42005, msg: 'Limit reached' }, t)).toBe('Limit reached please upgrade your plan');
    expect(envelopeMessage({ code: 40018, msg: 'Please enter a name.' }, t)).toBe('Please enter a name.');
    expect(envelopeMessage({ code: 50000, msg: '' }, t)).toBe('The request failed');
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="terms.csv"')).toBe('terms.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E6%9C%AF%E8%AF%AD.tbx")).toBe('术语.tbx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
