import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { codeNameOf, fieldErrorFrom } from './field-error';

describe('field errors', () => {
  it('finds the proto name of a code', () => {
    expect(codeNameOf(40021)).toBe('PASSWORD_WRONG');
    expect(codeNameOf(12345)).toBeNull();
  });

  it('places an envelope error under its field', () => {
    const err = new ApiError({ kind: 'envelope', code: 40020, msg: 'Account does not exist', handled: false });
    expect(fieldErrorFrom(err, { 40020: 'account' })).toEqual({ account: { code: 'ACCOUNT_NOT_FOUND' } });
    expect(fieldErrorFrom(err, { 40021: 'password' })).toBeNull();
    expect(fieldErrorFrom(new Error('x'), { 40020: 'account' })).toBeNull();
  });
});
