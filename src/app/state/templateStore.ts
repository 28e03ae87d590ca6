/**
 * The client cache of label templates (spec sections 1 and 3: the shared cache holds the
 * templates and their version; local settings keep the template version). Per scope
 * (private, public) it holds the whole list of TemplateInfo and the version it was read at.
 *
 * The version of a scope is what GET api/version/template says of it: every template's id
 * and version (a save, rename or duplicate adds or bumps one, a delete removes one), folded
 * into one text. A read asks for the versions first, a small reply, and fetches the list
 * again only when its scope's version changed; the template pages then search and page the
 * cached list here, as the server would (name contains the text, any case; by name, then id).
 * Concurrent reads share one version call and one list fetch.
 *
 * The lists and versions are kept per user (a template user sees the company's private
 * templates, others only the general ones), in memory and in local storage, so a reload
 * with nothing changed costs one version call. Contents (.wdfx text) are kept for the last
 * few templates opened, by id and version.
 */
import { proxy } from 'valtio';
import type { ApiResult } from '../../api/client';
import {
  GENERAL_TEMPLATE_OWNER_ID,
  type TemplateContent,
  type TemplateInfo,
  type TemplateListResult,
  type TemplateScope,
  type TemplateVersionItem,
  type TemplateVersionList,
} from '../../api/contract';
import type { TemplateListQuery } from '../../api/template';

export interface TemplateSource {
  versions(): Promise<ApiResult<TemplateVersionList>>;
  list(query: TemplateListQuery): Promise<ApiResult<TemplateListResult>>;
  get(templateID: number): Promise<ApiResult<TemplateContent>>;
}

/** What is kept for a user between visits. */
export interface StoredTemplates {
  versions: Record<TemplateScope, string | null>;
  lists: Record<TemplateScope, TemplateInfo[] | null>;
}

export interface TemplateStorage {
  read(userId: number): StoredTemplates | null;
  write(userId: number, value: StoredTemplates): void;
}

export interface TemplateState extends StoredTemplates {
  /** The user the lists belong to; null before the first read. */
  userId: number | null;
}

/** Templates listed a request while the cache is filled (the server's largest page). */
const FILL_PAGE_SIZE = 200;
/** Pages a fill reads at most (10,000 templates): a guard against a list that never ends. */
const FILL_MAX_PAGES = 50;
/** Contents kept in memory, the most recently opened. */
const CONTENTS_KEPT = 20;

export const SCOPES: readonly TemplateScope[] = ['private', 'public'];

export function scopeOf(item: Pick<TemplateVersionItem, 'ownerId'>): TemplateScope {
  return item.ownerId === GENERAL_TEMPLATE_OWNER_ID ? 'public' : 'private';
}

/** The version of each scope: its templates' "id:version", by id. Empty text: no template. */
export function scopeVersions(items: readonly TemplateVersionItem[]): Record<TemplateScope, string> {
  const parts: Record<TemplateScope, string[]> = { private: [], public: [] };
  for (const item of [...items].sort((a, b) => a.templateID - b.templateID)) parts[scopeOf(item)].push(`${item.templateID}:${item.version}`);
  return { private: parts.private.join(','), public: parts.public.join(',') };
}

/** One page of a cached list, as GET api/Template/List would answer it. */
export function pageOf(list: readonly TemplateInfo[], search: string | undefined, pageIndex: number, pageSize: number): TemplateListResult {
  const needle = search?.trim().toLowerCase() ?? '';
  const matching = needle === '' ? list : list.filter((t) => t.templateName.toLowerCase().includes(needle));
  const start = (pageIndex - 1) * pageSize;
  return { templates: matching.slice(start, start + pageSize), total: matching.length };
}

const emptyStored = (): StoredTemplates => ({ versions: { private: null, public: null }, lists: { private: null, public: null } });

export function createTemplateStore(source: TemplateSource, storage?: TemplateStorage) {
  const state = proxy<TemplateState>({ userId: null, ...emptyStored() });
  const contents = new Map<number, TemplateContent>();
  let versionCall: Promise<ApiResult<Record<TemplateScope, string>>> | null = null;
  const fills: Partial<Record<TemplateScope, Promise<ApiResult<TemplateInfo[]>>>> = {};

  function useUser(userId: number): void {
    if (state.userId === userId) return;
    const stored = storage?.read(userId) ?? emptyStored();
    state.userId = userId;
    state.versions = stored.versions;
    state.lists = stored.lists;
    contents.clear();
  }

  function checkVersions(): Promise<ApiResult<Record<TemplateScope, string>>> {
    versionCall ??= source
      .versions()
      .then((r): ApiResult<Record<TemplateScope, string>> => (r.ok ? { ok: true, data: scopeVersions(r.data.items) } : r))
      .finally(() => {
        versionCall = null;
      });
    return versionCall;
  }

  async function readAll(scope: TemplateScope): Promise<ApiResult<TemplateInfo[]>> {
    const all: TemplateInfo[] = [];
    for (let pageIndex = 1; pageIndex <= FILL_MAX_PAGES; pageIndex++) {
      const page = await source.list({ scope, pageIndex, pageSize: FILL_PAGE_SIZE });
      if (!page.ok) return page;
      all.push(...page.data.templates);
      if (page.data.templates.length < FILL_PAGE_SIZE || all.length >= page.data.total) break;
    }
    return { ok: true, data: all };
  }

  /** The whole list of a scope for this user, fetched again only when its version changed. */
  async function list(userId: number, scope: TemplateScope): Promise<ApiResult<TemplateInfo[]>> {
    useUser(userId);
    const versions = await checkVersions();
    if (!versions.ok) return versions;
    const version = versions.data[scope];
    const cached = state.lists[scope];
    if (cached && state.versions[scope] === version) return { ok: true, data: cached };
    fills[scope] ??= readAll(scope).finally(() => {
      delete fills[scope];
    });
    const read = await fills[scope]!;
    if (!read.ok || state.userId !== userId) return read;
    state.lists[scope] = read.data;
    state.versions[scope] = version;
    storage?.write(userId, { versions: { ...state.versions }, lists: { ...state.lists } });
    return read;
  }

  return {
    state,
    list,
    /** A page of a scope's list, searched by name: what the template pages show. */
    async page(userId: number, query: TemplateListQuery): Promise<ApiResult<TemplateListResult>> {
      const all = await list(userId, query.scope);
      return all.ok ? { ok: true, data: pageOf(all.data, query.search, query.pageIndex, query.pageSize) } : all;
    },
    /**
     * A template with its content: from memory when the cached list still names the same
     * version (the lists are checked first), else from the server.
     */
    async content(userId: number, templateID: number): Promise<ApiResult<TemplateContent>> {
      useUser(userId);
      const versions = await checkVersions();
      const kept = contents.get(templateID);
      if (versions.ok && kept && [versions.data.private, versions.data.public].some((v) => v.split(',').includes(`${templateID}:${kept.version}`))) {
        contents.delete(templateID);
        contents.set(templateID, kept);
        return { ok: true, data: kept };
      }
      const fetched = await source.get(templateID);
      if (fetched.ok && state.userId === userId) {
        contents.delete(templateID);
        contents.set(templateID, fetched.data);
        while (contents.size > CONTENTS_KEPT) contents.delete(contents.keys().next().value!);
      }
      return fetched;
    },
    /** Forgets everything (sign-out, another user). */
    reset(): void {
      state.userId = null;
      Object.assign(state, emptyStored());
      contents.clear();
    },
  };
}

export type TemplateStore = ReturnType<typeof createTemplateStore>;
