import { describe, expect, it } from 'vitest';
import { AttributeType } from '../../../api/contract';
import { draftOf, moveItem, newAttribute, toClassifyRequest, validateClassify, type ClassifyDraft } from './classifyForm';

const attr = (name: string, attributeType: 0 | 1 | 2 | 3 = AttributeType.text, items: string[] = []) => ({
  ...newAttribute(attributeType),
  name,
  items,
});
const keys = (draft: ClassifyDraft, others: string[] = []) =>
  Object.fromEntries(Object.entries(validateClassify(draft, others)).map(([k, v]) => [k, v.key]));

describe('classification form (spec section 5)', () => {
  it('accepts a name with the four attribute types', () => {
    const draft: ClassifyDraft = {
      classifyName: ' 电子设备 ',
      attributes: [
        attr('颜色'),
        attr('尺寸', AttributeType.select, ['大', '小']),
        attr('保修到期', AttributeType.date),
        attr('开机时间', AttributeType.time),
      ],
    };
    expect(validateClassify(draft, ['办公家具'])).toEqual({});
    expect(toClassifyRequest(draft)).toEqual({
      classifyName: '电子设备',
      attributes: [
        { name: '颜色', attributeType: 0 },
        { name: '尺寸', attributeType: 1, items: ['大', '小'] },
        { name: '保修到期', attributeType: 2 },
        { name: '开机时间', attributeType: 3 },
      ],
    });
    expect(toClassifyRequest(draft, { id: 7, version: 2 })).toMatchObject({ id: 7, version: 2 });
  });

  it('needs a name that no other classification has, in any letter case', () => {
    expect(keys({ classifyName: '  ', attributes: [] })).toEqual({ classifyName: 'classify.nameRequired' });
    expect(keys({ classifyName: 'Laptops', attributes: [] }, ['laptops '])).toEqual({ classifyName: 'classify.nameDuplicate' });
    expect(keys({ classifyName: 'Laptops', attributes: [] }, ['Laptop'])).toEqual({});
  });

  it('needs attribute names, each once', () => {
    const draft = { classifyName: 'A', attributes: [attr(' '), attr('颜色'), attr(' 颜色 ')] };
    expect(keys(draft)).toEqual({ 'attr.0.name': 'classify.attributeNameRequired', 'attr.2.name': 'classify.attributeNameDuplicate' });
    expect(validateClassify(draft, [])['attr.2.name'].values).toEqual({ name: '颜色' });
  });

  it('says at the field when a name or item is over its limit, keeping the whole text (nothing cut)', () => {
    const draft = {
      classifyName: '类'.repeat(51),
      attributes: [attr('a'.repeat(51)), attr('b'.repeat(50), AttributeType.select, ['x'.repeat(101), 'y'.repeat(100)])],
    };
    expect(keys(draft)).toEqual({ classifyName: 'validation.tooLong', 'attr.0.name': 'validation.tooLong', 'attr.1.item.0': 'validation.tooLong' });
    expect(validateClassify(draft, []).classifyName.values).toEqual({ max: '50', length: '51' });
    expect(toClassifyRequest(draft).classifyName).toHaveLength(51);
  });

  it('needs items on a Select, none empty and none twice; other types ignore items', () => {
    expect(keys({ classifyName: 'A', attributes: [attr('尺寸', AttributeType.select, [])] })).toEqual({ 'attr.0.items': 'classify.itemsRequired' });
    expect(keys({ classifyName: 'A', attributes: [attr('尺寸', AttributeType.select, ['大', ' ', '大 '])] })).toEqual({
      'attr.0.item.1': 'classify.itemRequired',
      'attr.0.item.2': 'classify.itemDuplicate',
    });
    const text = attr('备注', AttributeType.text, ['', '']);
    expect(keys({ classifyName: 'A', attributes: [text] })).toEqual({});
    expect(toClassifyRequest({ classifyName: 'A', attributes: [text] }).attributes).toEqual([{ name: '备注', attributeType: 0 }]);
  });

  it('starts a Select with one empty item, copies an existing classification, and moves attributes', () => {
    expect(newAttribute(AttributeType.select).items).toEqual(['']);
    expect(newAttribute().items).toEqual([]);
    const draft = draftOf({ id: 1, classifyName: 'K', assetCount: 0, version: 1, defaultTemplateId: null, attributes: [{ name: 'S', attributeType: 1, items: ['x'] }] });
    expect(draft).toMatchObject({ classifyName: 'K', attributes: [{ name: 'S', attributeType: 1, items: ['x'] }] });
    expect(draftOf()).toEqual({ classifyName: '', attributes: [] });
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
