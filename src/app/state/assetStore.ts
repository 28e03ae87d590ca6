/**
 * The shared client cache of the asset register (spec section 1): classifications and the
 * asset records seen so far, in one valtio store.
 *
 * Every write goes through this store: it calls the API and, on success, brings every
 * cached collection the change touches up to date, so each page reading the store sees it:
 *
 *   classification saved      the list (in name order); cached assets of it show the new
 *                             name and only the values of its current attributes; paged
 *                             lists refetch (their order by classification may change)
 *   classification deleted    the list
 *   asset saved / deleted     the record; the asset counts of its old and new classification;
 *                             paged lists refetch (`assetRevision`)
 *   assets changed elsewhere  `assetsChanged()` (e.g. after an import): lists refetch and the
 *                             classifications' counts are reloaded
 *
 * Paged asset lists are fetched per query (SWR keyed with `assetRevision`); their rows are
 * kept here by id, so a change to one record shows at once. The factory takes the API
 * objects, so tests drive the store against fakes.
 */
import { proxy } from 'valtio';
import type { AssetApi } from '../../api/asset';
import type { ApiResult } from '../../api/client';
import type { ClassifyApi } from '../../api/classify';
import type {
  AssetClassifyInfo,
  AssetClassifySetRequest,
  AssetInfo,
  AssetListQuery,
  AssetSetRequest,
  FileInfo,
} from '../../api/contract';

export interface AssetApis {
  classifies: ClassifyApi;
  assets: AssetApi;
}

export interface AssetState {
  /** Every classification of the company, by name; null until loaded. */
  classifies: AssetClassifyInfo[] | null;
  /** Asset records seen so far (list pages, details, saved records), by id. */
  assets: Record<number, AssetInfo>;
  /** Moves on every asset change: paged lists key on it and refetch. */
  assetRevision: number;
}

/** One page of the asset list: ids into `state.assets`, in the server's order. */
export interface AssetPage {
  ids: number[];
  total: number;
}

/** Asset records kept at most; beyond it the cache starts again from the newest page. */
export const ASSET_CACHE_LIMIT = 2000;

function emptyState(): AssetState {
  return { classifies: null, assets: {}, assetRevision: 0 };
}

const byName = (a: AssetClassifyInfo, b: AssetClassifyInfo) =>
  a.classifyName < b.classifyName ? -1 : a.classifyName > b.classifyName ? 1 : a.id - b.id;

export function createAssetStore(apis: AssetApis) {
  const state = proxy<AssetState>(emptyState());
  /** Bumped by reset(): answers to calls made before it are dropped. */
  let generation = 0;
  let loadingClassifies: Promise<ApiResult<null>> | null = null;

  function loadClassifies(force = false): Promise<ApiResult<null>> {
    if (!force && state.classifies !== null) return Promise.resolve({ ok: true, data: null });
    if (loadingClassifies && !force) return loadingClassifies;
    const started = generation;
    const pending: Promise<ApiResult<null>> = apis.classifies.list().then((result) => {
      if (loadingClassifies === pending) loadingClassifies = null;
      if (!result.ok) return result;
      if (started === generation) state.classifies = [...result.data.assetClassifys].sort(byName);
      return { ok: true, data: null };
    });
    loadingClassifies = pending;
    return pending;
  }

  /** Moves one asset between classifications in their counts (null: none). */
  function shiftCount(from: number | null, to: number | null): void {
    if (!state.classifies || from === to) return;
    for (const k of state.classifies) {
      if (k.id === from) k.assetCount = Math.max(0, k.assetCount - 1);
      if (k.id === to) k.assetCount += 1;
    }
  }

  function keep(records: readonly AssetInfo[]): void {
    if (Object.keys(state.assets).length + records.length > ASSET_CACHE_LIMIT) state.assets = {};
    for (const record of records) state.assets[record.id] = record;
  }

  /** Forgets deleted assets; counts of records not cached are reloaded. */
  function forget(ids: readonly number[]): void {
    let unknown = false;
    for (const id of ids) {
      const record = state.assets[id];
      if (record) shiftCount(record.classify, null);
      else unknown = true;
      delete state.assets[id];
    }
    if (unknown && state.classifies !== null) void loadClassifies(true);
    state.assetRevision += 1;
  }

  return {
    state,

    /** Forgets everything (another user signed in, or nobody). */
    reset(): void {
      generation += 1;
      loadingClassifies = null;
      Object.assign(state, emptyState());
    },

    loadClassifies,

    /** The classification with this id, when loaded. */
    classifyOf(id: number | null | undefined): AssetClassifyInfo | undefined {
      return id == null ? undefined : state.classifies?.find((k) => k.id === id);
    },

    // ---- classifications ---------------------------------------------------------------

    async saveClassify(request: AssetClassifySetRequest): Promise<ApiResult<AssetClassifyInfo>> {
      const result = await apis.classifies.save({ ...request, classifyName: request.classifyName.trim() });
      if (!result.ok) return result;
      const saved = result.data;
      if (state.classifies) {
        const at = state.classifies.findIndex((k) => k.id === saved.id);
        if (at >= 0) state.classifies[at] = saved;
        else state.classifies.push(saved);
        state.classifies.sort(byName);
      }
      if (request.id !== undefined) {
        const names = new Set(saved.attributes.map((a) => a.name));
        for (const record of Object.values(state.assets)) {
          if (record.classify !== saved.id) continue;
          record.classifyName = saved.classifyName;
          record.attributeValues = Object.fromEntries(Object.entries(record.attributeValues).filter(([name]) => names.has(name)));
        }
        state.assetRevision += 1;
      }
      return result;
    },

    /** Fetches one classification again (its form was refused as stale) and keeps it in the list. */
    async reloadClassify(id: number): Promise<ApiResult<AssetClassifyInfo>> {
      const result = await apis.classifies.details(id);
      if (result.ok && state.classifies) {
        const at = state.classifies.findIndex((k) => k.id === id);
        if (at >= 0) state.classifies[at] = result.data;
        else state.classifies.push(result.data);
        state.classifies.sort(byName);
      }
      return result;
    },

    async deleteClassify(id: number, version: number): Promise<ApiResult<null>> {
      const result = await apis.classifies.remove(id, version);
      if (result.ok && state.classifies) {
        const at = state.classifies.findIndex((k) => k.id === id);
        if (at >= 0) state.classifies.splice(at, 1);
      }
      return result;
    },

    // ---- assets ------------------------------------------------------------------------

    /** Fetches one page of the asset list and keeps its records. */
    async fetchAssetPage(query: AssetListQuery): Promise<ApiResult<AssetPage>> {
      const started = generation;
      const result = await apis.assets.list(query);
      if (!result.ok) return result;
      if (started === generation) keep(result.data.assets);
      return { ok: true, data: { ids: result.data.assets.map((a) => a.id), total: result.data.filterAssetCount } };
    },

    /** Fetches one asset (for editing) and keeps it. */
    async loadAsset(id: number): Promise<ApiResult<AssetInfo>> {
      const started = generation;
      const result = await apis.assets.details(id);
      if (result.ok && started === generation) keep([result.data]);
      return result;
    },

    async saveAsset(request: AssetSetRequest): Promise<ApiResult<AssetInfo>> {
      const before = request.id === undefined ? undefined : state.assets[request.id];
      const previousClassify = before ? before.classify : undefined;
      const result = await apis.assets.save(request);
      if (!result.ok) return result;
      const saved = result.data;
      state.assets[saved.id] = saved;
      if (request.id === undefined) shiftCount(null, saved.classify);
      else if (previousClassify !== undefined) shiftCount(previousClassify, saved.classify);
      else if (state.classifies !== null) void loadClassifies(true);
      state.assetRevision += 1;
      return result;
    },

    async deleteAsset(id: number, version: number): Promise<ApiResult<null>> {
      const result = await apis.assets.remove(id, version);
      if (result.ok) forget([id]);
      return result;
    },

    /** Deletes several assets (each as loaded, at its version), all or none. */
    async deleteAssets(assets: readonly { id: number; version: number }[]): Promise<ApiResult<{ deleted: number }>> {
      const result = await apis.assets.removeAll(assets);
      if (result.ok) forget(assets.map((a) => a.id));
      return result;
    },

    uploadPicture(fileName: string, base64: string): Promise<ApiResult<FileInfo>> {
      return apis.assets.uploadPicture(fileName, base64);
    },

    /** Assets changed by another way (an import): lists refetch, counts reload. */
    assetsChanged(): void {
      state.assetRevision += 1;
      if (state.classifies !== null) void loadClassifies(true);
    },
  };
}

export type AssetStore = ReturnType<typeof createAssetStore>;
