import { describe, expect, it } from 'vitest';
import { hashToken } from './use-hash-token-once';

const TOKEN = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

describe('hashToken', () => {
  it('reads the token from the fragment only', () => {
    expect(hashToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(hashToken(`token=${TOKEN}`)).toBe(TOKEN);
    expect(hashToken('')).toBeNull();
    expect(hashToken('#token=')).toBeNull();
    expect(hashToken('#other=1')).toBeNull();
  });
});
