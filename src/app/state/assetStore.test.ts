import { describe, expect, it } from 'vitest';
import type { AssetApi } from '../../api/asset';
import type { ApiResult } from '../../api/client';
import type { ClassifyApi } from '../../api/classify';
import type { AssetClassifyInfo, AssetInfo, AssetSetRequest } from '../../api/contract';
import { createAssetStore } from './assetStore';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
const klass = (id: number, name: string, assetCount = 0, attributes: AssetClassifyInfo['attributes'] = []): AssetClassifyInfo => ({
  id,
  classifyName: name,
  attributes,
  assetCount,
  version: 1,
  defaultTemplateId: null,
});
const asset = (id: number, classify: number | null, extra: Partial<AssetInfo> = {}) =>
  ({ id, assetName: `A${id}`, classify, classifyName: classify === null ? null : `K${classify}`, attributeValues: {}, ...extra }) as AssetInfo;

function fakes() {
  const calls: string[] = [];
  const classifies: ClassifyApi = {
    list: async () => (calls.push('list'), ok({ assetClassifys: [klass(2, 'B', 1, [{ name: '颜色', attributeType: 0 }]), klass(1, 'A', 0)] })),
    details: async () => ok(klass(1, 'A')),
    save: async (r) => ok(klass(r.id ?? 9, r.classifyName, r.id === 2 ? 1 : 0, r.attributes ?? [])),
    remove: async () => ok(null),
  };
  const assets: AssetApi = {
    list: async () => ok({ assets: [asset(10, 2, { attributeValues: { 颜色: '黑' } })], filterAssetCount: 7 }),
    details: async (id) => ok(asset(id, null)),
    save: async (r: AssetSetRequest) => ok(asset(r.id ?? 11, r.classify ?? null)),
    remove: async () => ok(null),
    removeAll: async (ids) => ok({ deleted: ids.length }),
    uploadPicture: async () => ok({ id: 1, url: '/api/File/1', fileName: 'a.png', mimeType: 'image/png', size: 1 }),
    exportList: async () => ok({ fileName: 'f.xlsx', fileData: '', mimeType: 'x' }),
  };
  return { store: createAssetStore({ classifies, assets }), calls };
}

describe('asset store', () => {
  it('loads the classifications once, in name order', async () => {
    const { store, calls } = fakes();
    await Promise.all([store.loadClassifies(), store.loadClassifies()]);
    await store.loadClassifies();
    expect(calls).toEqual(['list']);
    expect(store.state.classifies!.map((k) => k.classifyName)).toEqual(['A', 'B']);
  });

  it('keeps page records and moves classification counts with saves and deletes', async () => {
    const { store } = fakes();
    await store.loadClassifies();
    const page = await store.fetchAssetPage({});
    expect(page).toEqual({ ok: true, data: { ids: [10], total: 7 } });
    const revision = store.state.assetRevision;
    await store.saveAsset({ assetName: 'new', classify: 1 });
    expect(store.classifyOf(1)!.assetCount).toBe(1);
    await store.saveAsset({ id: 10, assetName: 'moved', classify: 1 });
    expect([store.classifyOf(1)!.assetCount, store.classifyOf(2)!.assetCount]).toEqual([2, 0]);
    await store.deleteAssets([
      { id: 10, version: 1 },
      { id: 11, version: 1 },
    ]);
    expect(store.classifyOf(1)!.assetCount).toBe(0);
    expect(store.state.assets[10]).toBeUndefined();
    expect(store.state.assetRevision).toBe(revision + 3);
  });

  it('renames a classification in cached assets and drops values of removed attributes', async () => {
    const { store } = fakes();
    await store.loadClassifies();
    await store.fetchAssetPage({});
    await store.saveClassify({ id: 2, classifyName: ' Bee ', attributes: [] });
    expect(store.state.assets[10]).toMatchObject({ classifyName: 'Bee', attributeValues: {} });
    expect(store.state.classifies!.map((k) => k.classifyName)).toEqual(['A', 'Bee']);
    await store.saveClassify({ classifyName: '0 first' });
    expect(store.state.classifies!.map((k) => k.classifyName)).toEqual(['0 first', 'A', 'Bee']);
    await store.deleteClassify(1, 1);
    expect(store.state.classifies!.map((k) => k.id)).toEqual([9, 2]);
  });

  it('forgets everything on reset, dropping answers to earlier calls', async () => {
    const { store } = fakes();
    const pending = store.fetchAssetPage({});
    store.reset();
    await pending;
    expect(store.state.assets).toEqual({});
    expect(store.state.classifies).toBeNull();
  });
});
