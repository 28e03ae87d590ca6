import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../api/client';
import type { TemplateContent, TemplateInfo, TemplateListResult, TemplateScope, TemplateVersionList } from '../../api/contract';
import type { TemplateListQuery } from '../../api/template';
import { createTemplateStore, pageOf, scopeVersions, type StoredTemplates, type TemplateSource, type TemplateStorage } from './templateStore';

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data });

function info(templateID: number, templateName: string, scope: TemplateScope, version = 1): TemplateInfo {
  return {
    templateID, templateName, scope, version, ownerId: scope === 'public' ? 0 : 7, widthMm: 40, heightMm: 30, contentSize: 100,
    thumbnailUrl: null, createdBy: null, createdAt: '2030-01-01T00:00:00.000Z', updatedBy: null, updatedAt: '2030-01-01T00:00:00.000Z',
  };
}

/** A server of templates: lists by scope in name order, counting the calls made to it. */
function fakeServer(templates: TemplateInfo[]) {
  const calls: string[] = [];
  let gate: Promise<void> | null = null;
  const sorted = (scope: TemplateScope) =>
    templates.filter((t) => t.scope === scope).sort((a, b) => a.templateName.toLowerCase().localeCompare(b.templateName.toLowerCase()) || a.templateID - b.templateID);
  const source: TemplateSource = {
    async versions(): Promise<ApiResult<TemplateVersionList>> {
      calls.push('versions');
      await gate;
      return ok({ items: templates.map((t) => ({ templateID: t.templateID, ownerId: t.ownerId, templateName: t.templateName, version: t.version, updatedAt: t.updatedAt })) });
    },
    async list(query: TemplateListQuery): Promise<ApiResult<TemplateListResult>> {
      calls.push(`list ${query.scope} ${query.pageIndex}`);
      await gate;
      const all = sorted(query.scope);
      return ok({ templates: all.slice((query.pageIndex - 1) * query.pageSize, query.pageIndex * query.pageSize), total: all.length });
    },
    async get(templateID: number): Promise<ApiResult<TemplateContent>> {
      calls.push(`get ${templateID}`);
      const t = templates.find((x) => x.templateID === templateID)!;
      return ok({ ...t, templateContent: `<LPAPI labelName="${t.templateName}" v="${t.version}"/>` });
    },
  };
  return {
    source, calls, templates,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

function memoryStorage(): TemplateStorage & { data: Map<number, string> } {
  const data = new Map<number, string>();
  return {
    data,
    read: (userId) => (data.has(userId) ? (JSON.parse(data.get(userId)!) as StoredTemplates) : null),
    write: (userId, value) => void data.set(userId, JSON.stringify(value)),
  };
}

const page = (scope: TemplateScope, pageIndex = 1, pageSize = 20, search?: string): TemplateListQuery => ({ scope, pageIndex, pageSize, search });

describe('template cache', () => {
  it('fetches a list once, then only asks for the version while it is unchanged', async () => {
    const server = fakeServer([info(1, 'Beta', 'private'), info(2, 'alpha', 'private'), info(3, 'Gallery', 'public')]);
    const store = createTemplateStore(server.source);
    const first = await store.page(1, page('private'));
    expect(first).toEqual(ok({ templates: [server.templates[1], server.templates[0]], total: 2 }));
    expect(server.calls).toEqual(['versions', 'list private 1']);
    server.calls.length = 0;
    expect((await store.page(1, page('private', 1, 20, 'ALP'))).ok && (await store.page(1, page('private', 2, 1))).ok).toBe(true);
    expect(server.calls).toEqual(['versions', 'versions']);
    expect(store.state.lists.private?.map((t) => t.templateID)).toEqual([2, 1]);
  });

  it('refetches the scope whose version changed (a save, rename, new or deleted template), not the other', async () => {
    const server = fakeServer([info(1, 'Beta', 'private'), info(3, 'Gallery', 'public')]);
    const store = createTemplateStore(server.source);
    await store.page(1, page('private'));
    await store.page(1, page('public'));
    server.calls.length = 0;
    server.templates[0] = info(1, 'Beta renamed', 'private', 2);
    expect((await store.page(1, page('private'))).ok && store.state.lists.private?.[0].templateName).toBe('Beta renamed');
    await store.page(1, page('public'));
    expect(server.calls).toEqual(['versions', 'list private 1', 'versions']);
    server.calls.length = 0;
    server.templates.splice(0, 1);
    expect(await store.page(1, page('private'))).toEqual(ok({ templates: [], total: 0 }));
    expect(server.calls).toEqual(['versions', 'list private 1']);
  });

  it('searches and pages the cached list as the server does: name contains the text, any case', () => {
    const list = ['Asset 40x30', 'asset 50x30', 'Cable', 'ASSET big'].map((name, i) => info(i + 1, name, 'private'));
    expect(pageOf(list, ' asset ', 1, 2)).toEqual({ templates: [list[0], list[1]], total: 3 });
    expect(pageOf(list, 'asset', 2, 2)).toEqual({ templates: [list[3]], total: 3 });
    expect(pageOf(list, '', 3, 2)).toEqual({ templates: [], total: 4 });
  });

  it('reads a list longer than one server page whole', async () => {
    const server = fakeServer(Array.from({ length: 450 }, (_, i) => info(i + 1, `T ${String(i).padStart(3, '0')}`, 'public')));
    const store = createTemplateStore(server.source);
    const result = await store.page(1, page('public', 23, 20));
    expect(result.ok && result.data.total).toBe(450);
    expect(result.ok && result.data.templates.map((t) => t.templateID)).toEqual(Array.from({ length: 10 }, (_, i) => 441 + i));
    expect(server.calls).toEqual(['versions', 'list public 1', 'list public 2', 'list public 3']);
  });

  it('shares one version call and one list fetch among concurrent reads', async () => {
    const server = fakeServer([info(1, 'A', 'private')]);
    const store = createTemplateStore(server.source);
    const open = server.hold();
    const reads = [store.page(1, page('private')), store.page(1, page('private', 1, 20, 'a')), store.list(1, 'private')];
    open();
    const results = await Promise.all(reads);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.calls).toEqual(['versions', 'list private 1']);
  });

  it('keeps lists per user across visits: a reload with nothing changed fetches no list', async () => {
    const server = fakeServer([info(1, 'Mine', 'private'), info(3, 'Gallery', 'public')]);
    const storage = memoryStorage();
    await createTemplateStore(server.source, storage).page(1, page('private'));
    server.calls.length = 0;
    const reloaded = createTemplateStore(server.source, storage);
    expect(await reloaded.page(1, page('private'))).toEqual(ok({ templates: [server.templates[0]], total: 1 }));
    expect(server.calls).toEqual(['versions']);
    // Another user of the browser starts from nothing of the first one's.
    server.calls.length = 0;
    await reloaded.page(2, page('private'));
    expect(server.calls).toEqual(['versions', 'list private 1']);
    expect(reloaded.state.userId).toBe(2);
  });

  it('keeps what it has when the server cannot be reached, and says why', async () => {
    const server = fakeServer([info(1, 'A', 'private')]);
    const store = createTemplateStore(server.source);
    await store.page(1, page('private'));
    const failure: ApiResult<never> = { ok: false, kind: 'network', code: null, message: '网络异常！' };
    server.source.versions = async () => failure;
    expect(await store.page(1, page('private'))).toEqual(failure);
    expect(store.state.lists.private).toHaveLength(1);
  });

  it('keeps contents by version: the same version is not fetched again, a new one is', async () => {
    const server = fakeServer([info(1, 'A', 'private')]);
    const store = createTemplateStore(server.source);
    const first = await store.content(1, 1);
    expect(first.ok && first.data.templateContent).toBe('<LPAPI labelName="A" v="1"/>');
    await store.content(1, 1);
    expect(server.calls.filter((c) => c.startsWith('get'))).toEqual(['get 1']);
    server.templates[0] = info(1, 'A', 'private', 2);
    const second = await store.content(1, 1);
    expect(second.ok && second.data.templateContent).toBe('<LPAPI labelName="A" v="2"/>');
    expect(server.calls.filter((c) => c.startsWith('get'))).toEqual(['get 1', 'get 1']);
  });

  it('folds the version reply into one text per scope', () => {
    const items = [
      { templateID: 9, ownerId: 0, templateName: 'g', version: 1, updatedAt: '' },
      { templateID: 2, ownerId: 7, templateName: 'b', version: 3, updatedAt: '' },
      { templateID: 1, ownerId: 7, templateName: 'a', version: 1, updatedAt: '' },
    ];
    expect(scopeVersions(items)).toEqual({ private: '1:1,2:3', public: '9:1' });
    expect(scopeVersions([])).toEqual({ private: '', public: '' });
  });
});
