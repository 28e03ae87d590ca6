import { describe, expect, it } from 'vitest';
import { sameValues } from './useUnsavedChanges';

describe('sameValues (a form is dirty when its values differ from the loaded ones)', () => {
  it('treats equal drafts as clean, whatever object they are', () => {
    const loaded = { name: 'A', classify: null, attributeValues: { colour: 'red' }, items: [1, 2] };
    expect(sameValues(loaded, { name: 'A', classify: null, attributeValues: { colour: 'red' }, items: [1, 2] })).toBe(true);
    expect(sameValues(loaded, loaded)).toBe(true);
    expect(sameValues(Number.NaN, Number.NaN)).toBe(true);
  });

  it('sees a change at any depth as dirty', () => {
    const loaded = { name: 'A', classify: null as number | null, attributeValues: { colour: 'red' }, items: [1, 2] };
    expect(sameValues(loaded, { ...loaded, name: 'B' })).toBe(false);
    expect(sameValues(loaded, { ...loaded, classify: 0 })).toBe(false);
    expect(sameValues(loaded, { ...loaded, attributeValues: { colour: 'blue' } })).toBe(false);
    expect(sameValues(loaded, { ...loaded, attributeValues: { colour: 'red', size: '' } })).toBe(false);
    expect(sameValues(loaded, { ...loaded, items: [1] })).toBe(false);
    expect(sameValues(loaded, { ...loaded, items: [2, 1] })).toBe(false);
  });

  it('does not mix up arrays, objects, null and empty values', () => {
    expect(sameValues([], {})).toBe(false);
    expect(sameValues(null, {})).toBe(false);
    expect(sameValues('', null)).toBe(false);
    expect(sameValues({ a: undefined }, { b: undefined })).toBe(false);
  });
});
