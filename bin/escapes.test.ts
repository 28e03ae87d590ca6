import { describe, expect, it } from 'vitest';
import { CliError } from './cli.ts';
import { unescapeData } from './escapes.ts';

describe('unescapeData', () => {
  it('reads zint-style escapes', () => {
    expect(unescapeData('a\\tb\\n\\x01\\x7F\\\\\\e\\G\\0')).toBe('a\tb\n\x01\x7f\\\x1b\x1d\x00');
    expect(unescapeData('plain')).toBe('plain');
  });

  it('refuses unknown or incomplete escapes', () => {
    expect(() => unescapeData('\\q')).toThrow(CliError);
    expect(() => unescapeData('\\x4')).toThrow(CliError);
    expect(() => unescapeData('end\\')).toThrow(CliError);
  });
});
