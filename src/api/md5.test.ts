import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5Upper } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    const vectors: Array<[string, string]> = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [input, expected] of vectors) expect(md5Upper(input)).toBe(expected.toUpperCase());
  });

  it('hashes the seeded demo password to the upper-case hex the server expects', () => {
    expect(md5Upper('demo1234')).toBe(createHash('md5').update('demo1234').digest('hex').toUpperCase());
  });

  it('agrees with node:crypto on UTF-8 text and on every length around the 64-byte block edges', () => {
    const samples = ['密码Passw0rd!', '资产标签管理', 'ü€𝄞', ' leading and trailing '];
    for (let n = 0; n <= 130; n++) samples.push('x'.repeat(n));
    for (const s of samples) {
      expect(md5Upper(s)).toBe(createHash('md5').update(s, 'utf8').digest('hex').toUpperCase());
    }
  });

  it('hashes raw bytes', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
    expect(md5Hex(bytes)).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});
