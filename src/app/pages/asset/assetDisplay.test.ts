import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, expiryMessage, formatMoney, pictureSrc } from './assetDisplay';

describe('asset display helpers', () => {
  it('words the expiry as the spec does, by band', () => {
    expect(expiryMessage({ date: '2025-01-10', band: 'within7', days: 3, text: '' })).toEqual({
      key: 'asset.expiresIn',
      values: { date: '2025-01-10', days: 3 },
    });
    expect(expiryMessage({ date: '2024-12-01', band: 'expired', days: 40, text: '' })?.key).toBe('asset.expiredDays');
    expect(expiryMessage({ date: null, band: 'none', days: null, text: '' })).toBeNull();
  });

  it('formats money with two decimals', () => {
    expect(formatMoney(1299.5, 'en')).toBe('1,299.50');
    expect(formatMoney(null, 'en')).toBe('');
  });

  it('round-trips base64 and builds picture addresses with the session', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    expect([...base64ToBytes(bytesToBase64(bytes))]).toEqual([...bytes]);
    expect(pictureSrc('/api/File/12', '7.1700000000.a b')).toBe('/api/File/12?fileToken=7.1700000000.a%20b');
    expect(pictureSrc('/api/File/12', null, 'https://x.test/')).toBe('https://x.test/api/File/12');
    // Lists ask for the thumbnail.
    expect(pictureSrc('/api/File/12', 't 1', '', 'thumb')).toBe('/api/File/12?size=thumb&fileToken=t%201');
    expect(pictureSrc('/api/File/12', null, '', 'thumb')).toBe('/api/File/12?size=thumb');
  });
});
