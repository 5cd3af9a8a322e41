import { describe, expect, it } from 'vitest';
import { canCreateBank, entryRoom } from './bank-limits';

const FREE = { entries_per_bank: 5, banks: 1 };
const own = (entry_count: number) => ({ system_or_individual: 1, entry_count });

describe('entryRoom', () => {
  it("counts what the plan still allows in the user's own bank, never below zero", () => {
    expect(entryRoom(own(0), FREE, 'individual')).toEqual({ limit: 5, left: 5 });
    expect(entryRoom(own(4), FREE, 'individual')).toEqual({ limit: 5, left: 1 });
    expect(entryRoom(own(7), FREE, 'individual')).toEqual({ limit: 5, left: 0 });
  });

  it('applies no plan limit to system banks, staff screens or an answer without limits', () => {
    expect(entryRoom({ system_or_individual: 0, entry_count: 3 }, FREE, 'individual')).toBeNull();
    expect(entryRoom(own(3), FREE, 'system')).toBeNull();
    expect(entryRoom(own(3), undefined, 'individual')).toBeNull();
  });
});

describe('canCreateBank', () => {
  it('counts only own banks against the plan', () => {
    expect(canCreateBank([{ system_or_individual: 0 }], FREE, 'individual')).toBe(true);
    expect(canCreateBank([{ system_or_individual: 1 }], FREE, 'individual')).toBe(false);
    expect(canCreateBank([{ system_or_individual: 1 }], FREE, 'system')).toBe(true);
  });
});
