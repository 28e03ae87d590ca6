import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirectTarget';

describe('redirect after login', () => {
  it('returns to a page inside the app', () => {
    expect(redirectTarget('/error/401')).toBe('/error/401');
    expect(redirectTarget('/asset/list?page=2')).toBe('/asset/list?page=2');
  });

  it('refuses other origins and public pages', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/register?x=1', '/modify-password'])
      expect(redirectTarget(bad), String(bad)).toBe('/dashboard');
  });
});
