import { describe, expect, it } from 'vitest';
import { avatarInitials } from './initials';

describe('avatar initials', () => {
  it('uses the first character of a Chinese name and leaves Latin names to Fluent', () => {
    expect(avatarInitials(' 艾克米有限公司')).toBe('艾');
    expect(avatarInitials('ACME Ltd')).toBeUndefined();
    expect(avatarInitials('')).toBeUndefined();
  });
});
