import { describe, expect, it } from 'vitest';
import { isTextEntry } from './useWedgeScanner.ts';

/** The parts of an element isTextEntry looks at. */
const el = (tagName: string, extra: object = {}) => ({ tagName, isContentEditable: false, ...extra }) as unknown as EventTarget;

describe('isTextEntry (keys there are typing, not a wedge scan)', () => {
  it('is true for fields that take text', () => {
    for (const type of ['text', 'search', 'number', 'password', 'email', '']) expect(isTextEntry(el('INPUT', { type })), type).toBe(true);
    expect(isTextEntry(el('TEXTAREA'))).toBe(true);
    expect(isTextEntry(el('SELECT'))).toBe(true);
    expect(isTextEntry(el('DIV', { isContentEditable: true }))).toBe(true);
  });

  it('is false for the page, buttons and checkboxes', () => {
    expect(isTextEntry(el('BODY'))).toBe(false);
    expect(isTextEntry(el('BUTTON'))).toBe(false);
    expect(isTextEntry(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTextEntry(el('INPUT', { type: 'button' }))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
    expect(isTextEntry({} as EventTarget)).toBe(false); // the document or window
  });
});
