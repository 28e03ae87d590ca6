/**
 * The asset register calls put on the wire what src/api/contract.ts and the server routes
 * expect: paths, methods, query strings (blank filters left out) and bodies.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAssetApi, fileSuffix } from './asset';
import { createClassifyApi } from './classify';
import { createApiClient } from './client';

function wire() {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: decodeURIComponent(String(input).replace('http://api.test/', '')),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify({ statusCode: 0, resultInfo: null }), { headers: { 'Content-Type': 'application/json' } });
  });
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getLoginId: () => 'token',
    getLanguage: () => 'zh-CN',
    message: () => 'x',
  });
  return { client, sent };
}

describe('asset register calls on the wire', () => {
  it('classifications: list, details, save, delete', async () => {
    const { client, sent } = wire();
    const api = createClassifyApi(client);
    await api.list();
    await api.details(3);
    await api.save({ classifyName: '电子设备', attributes: [{ name: '尺寸', attributeType: 1, items: ['大'] }] });
    await api.save({ id: 3, version: 4, classifyName: '电子' });
    await api.remove(3, 5);
    expect(sent).toEqual([
      { method: 'GET', url: 'api/AssetClassify/List', body: undefined },
      { method: 'GET', url: 'api/AssetClassify/Details?assetClassifyId=3', body: undefined },
      { method: 'POST', url: 'api/AssetClassify', body: { classifyName: '电子设备', attributes: [{ name: '尺寸', attributeType: 1, items: ['大'] }] } },
      { method: 'POST', url: 'api/AssetClassify', body: { id: 3, version: 4, classifyName: '电子' } },
      { method: 'DELETE', url: 'api/AssetClassify', body: { id: 3, version: 5 } },
    ]);
  });

  it('assets: the list query, details, save, delete one and several, upload, export without paging', async () => {
    const { client, sent } = wire();
    const api = createAssetApi(client);
    await api.list({ search: '  ', status: '', classify: 3, sortKey: 'buyPrice', isASC: false, pageIndex: 2, pageSize: 20 });
    await api.list({ search: ' 笔记本 ', status: '2,4', expiryBand: 'expired', buyDateFrom: '2024-01-01' });
    await api.details(5);
    await api.save({ assetName: '笔记本', attributeValues: { 颜色: '黑' } });
    await api.remove(5, 2);
    await api.removeAll([
      { id: 5, version: 2 },
      { id: 6, version: 1 },
    ]);
    await api.uploadPicture('Photo.JPG', 'AAAA');
    await api.exportList({ search: 'x', sortKey: 'assetName', isASC: true, pageIndex: 3, pageSize: 50 });
    expect(sent).toEqual([
      { method: 'GET', url: 'api/Asset?classify=3&sortKey=buyPrice&isASC=false&pageIndex=2&pageSize=20', body: undefined },
      { method: 'GET', url: 'api/Asset?search=笔记本&status=2,4&buyDateFrom=2024-01-01&expiryBand=expired', body: undefined },
      { method: 'GET', url: 'api/Asset/details?id=5', body: undefined },
      { method: 'POST', url: 'api/Asset', body: { assetName: '笔记本', attributeValues: { 颜色: '黑' } } },
      { method: 'DELETE', url: 'api/Asset', body: { id: 5, version: 2 } },
      { method: 'POST', url: 'api/Asset/DeleteAll', body: { ids: [5, 6], versions: [2, 1] } },
      { method: 'POST', url: 'api/File/Upload', body: { fileName: 'Photo.JPG', fileData: 'AAAA', explain: 2, suffix: 'jpg' } },
      { method: 'GET', url: 'api/Excel/Export?search=x&sortKey=assetName&isASC=true', body: undefined },
    ]);
    expect(fileSuffix('noext')).toBe('');
  });
});
