import { describe, expect, it } from 'vitest';
import { pageSizeFromStorage } from './settings';

describe('remembered page size (spec section 9)', () => {
  it('defaults to 50 when nothing is stored', () => {
    expect(pageSizeFromStorage(null)).toBe(50);
  });

  it('uses a stored size that is one of 20, 50, 100, 200', () => {
    expect(pageSizeFromStorage('100')).toBe(100);
    expect(pageSizeFromStorage('"200"')).toBe(200);
    expect(pageSizeFromStorage('20')).toBe(20);
  });

  it('falls back to 20 when what is stored is not a page size', () => {
    expect(pageSizeFromStorage('35')).toBe(20);
    expect(pageSizeFromStorage('junk')).toBe(20);
    expect(pageSizeFromStorage('')).toBe(20);
  });
});

describe('current template and printer (spec section 3, local settings)', () => {
  /** The Web Storage interface over a Map: Node has no localStorage of its own. */
  function useMemoryStorage(): Map<string, string> {
    const items = new Map<string, string>();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, String(v)), removeItem: (k: string) => void items.delete(k) },
    });
    return items;
  }

  it('keeps the current template id and the printer, and forgets them on null', async () => {
    const items = useMemoryStorage();
    const { settings, setCurrentTemplate, setPrinterId } = await import('./settings');
    setCurrentTemplate(42);
    setPrinterId('Virtual printer 300 dpi');
    expect(settings).toMatchObject({ currentTemplateId: 42, printerId: 'Virtual printer 300 dpi' });
    expect(items.get('assetmark.template.current')).toBe('42');
    // The printer under the key (and raw text) the print page always used.
    expect(items.get('assetmark.print.printer')).toBe('Virtual printer 300 dpi');
    setCurrentTemplate(null);
    setPrinterId(null);
    expect(settings).toMatchObject({ currentTemplateId: null, printerId: null });
    expect([...items.keys()]).toEqual([]);
  });
});
