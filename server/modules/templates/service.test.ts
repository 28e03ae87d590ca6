/**
 * Label templates through the real app (contract "Label templates"): every call, company
 * isolation, the private-template rule (template users), versions and refused content, on a
 * fresh database. Thumbnails come from the engine in the worker (thumbnail.ts).
 */
import { decode as decodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LoginResult,
  RoleInfo,
  StaffInfo,
  TemplateContent,
  TemplateInfo,
  TemplateListResult,
  TemplateVersionList,
} from '../../../src/api/contract.ts';
import { GENERAL_TEMPLATE_OWNER_ID, Permission, TEMPLATE_MAX_BYTES } from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { companyIdOf, login, openChildUser, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { seedGallery } from './gallery.ts';
import { GALLERY } from './gallery/catalog.ts';
import { closeThumbnailWorker } from './thumbnail.ts';

let server: TestServer;
let owner: LoginResult;
let other: LoginResult;
let withRight: LoginResult;
let withoutRight: LoginResult;

/** A small label: 40 x 30 mm, a title and a QR Code. */
function label(title: string, width = 40, height = 30): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<LPAPI version="1.3" labelName="${title}" labelWidth="${width}" labelHeight="${height}">
  <Page>
    <Text x="2" y="2" width="30" height="5" content="${title}" fontHeight="4"/>
    <Qrcode x="2" y="9" width="15" height="15" content="${title}"/>
  </Page>
</LPAPI>
`;
}

function call<T>(method: string, path: string, user: LoginResult | null, body?: unknown, lang = 'en') {
  return server.call<T>(method, path, { token: user?.loginID, body, lang });
}

async function templateRows(): Promise<string> {
  return JSON.stringify((await server.db.query('SELECT id, company_id, name, content, version, updated_at FROM label_templates ORDER BY id')).rows);
}

async function create(user: LoginResult, content = label('Asset'), templateName?: string): Promise<TemplateInfo> {
  return payload(await call<TemplateInfo>('POST', '/api/Template', user, { templateName, templateContent: content }));
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerAndLogin(server, 'tpl-owner@example.com', 'pw', 'Template Co');
  other = await registerAndLogin(server, 'tpl-other@example.com', 'pw', 'Other Co');
  await setVip(server.db, 'tpl-owner@example.com', true);
  const role = (permissions: number[], roleName: string) =>
    call<RoleInfo>('POST', '/api/Role', owner, { roleName, permissions }).then(payload);
  const designer = await role([Permission.labelTemplates], 'Designer');
  const clerk = await role([Permission.assetAdd], 'Clerk');
  let n = 0;
  const subUser = async (roleId: number, email: string) => {
    const staff = payload(await call<StaffInfo>('POST', '/api/Staff', owner, { staffName: `Staff ${++n}` }));
    payload(await openChildUser(server, owner.loginID, { staffId: staff.id, email, password: 'sub-pw', roleId, authorizationType: 'All' }));
    return login(server, email, 'sub-pw');
  };
  withRight = await subUser(designer.id, 'designer@example.com');
  withoutRight = await subUser(clerk.id, 'clerk@example.com');
  await seedGallery(server.db, server.clock.now);
}, 120_000);
afterAll(async () => {
  await closeThumbnailWorker();
  await server?.close();
});

describe('template users (templateUserId)', () => {
  it('is the company id for the owner and for a sub-user holding 303, null for the others', async () => {
    const company = await companyIdOf(server.db, owner.Id);
    expect(owner.templateUserId).toBe(company);
    expect(withRight.templateUserId).toBe(company);
    expect(withoutRight.templateUserId).toBeNull();
    expect(other.templateUserId).toBe(await companyIdOf(server.db, other.Id));
    expect(other.templateUserId).not.toBe(company);
  });

  it('is listed in the permission catalogue', async () => {
    const { permissions } = payload(await call<{ permissions: { id: number }[] }>('GET', '/api/Permission/List', owner));
    expect(permissions.map((p) => p.id)).toContain(Permission.labelTemplates);
  });
});

describe('create, read, list', () => {
  it('stores a template with its size, version 1 and an engine thumbnail', async () => {
    const made = await create(owner, label('Laptop 笔记本'), '  Laptop   label ');
    expect(made).toMatchObject({ templateName: 'Laptop label', scope: 'private', ownerId: owner.templateUserId, widthMm: 40, heightMm: 30, version: 1 });
    expect(made.thumbnailUrl).toBe(`/api/Template/Thumbnail/${made.templateID}`);
    const got = payload(await call<TemplateContent>('GET', `/api/Template?templateID=${made.templateID}`, owner));
    expect(got.templateContent).toBe(label('Laptop 笔记本'));

    // The thumbnail: the engine's 1-bit first page at 96 dpi (40 x 30 mm = 151 x 113 dots), with ink.
    const { fileToken } = payload(await call<{ fileToken: string }>('GET', '/api/File/Token', owner));
    const res = await server.app.request(`${made.thumbnailUrl}?fileToken=${encodeURIComponent(fileToken)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    const png = decodePng(new Uint8Array(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([151, 113]);
    // Greyscale at 1 bit a pixel, rows packed MSB first: 0 is black.
    expect([png.channels, png.depth]).toEqual([1, 1]);
    const rowBytes = Math.ceil(png.width / 8);
    let black = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) black += ((png.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0 ? 1 : 0;
    }
    // The title's text and the QR Code's dark modules: hundreds of dots, far from all of them.
    expect(black).toBeGreaterThan(300);
    expect(black).toBeLessThan(png.width * png.height * 0.6);
  });

  it('stores a label the engine cannot draw without a thumbnail (an EAN-13 of letters)', async () => {
    const content = label('ean').replace('</Page>', '<Barcode x="2" y="25" width="30" height="4" barcodeType="EAN13" content="LETTERS"/></Page>');
    const made = await create(owner, content);
    expect(made.thumbnailUrl).toBeNull();
    const res = await call('GET', `/api/Template/Thumbnail/${made.templateID}`, owner);
    expect(res.body.statusCode).toBe(28);
    expect(payload(await call<TemplateContent>('GET', `/api/Template?templateID=${made.templateID}`, owner)).templateContent).toBe(content);
  });

  it('names a template after its label, else its size', async () => {
    expect((await create(owner, label('Named in file'))).templateName).toBe('Named in file');
    const unnamed = label('x').replace('labelName="x" ', '');
    expect((await create(owner, unnamed)).templateName).toBe('40 x 30 mm');
  });

  it('refuses content the label reader refuses, with its message in the language asked, storing nothing', async () => {
    const before = await templateRows();
    const zh = await call('POST', '/api/Template', owner, { templateName: 'Bad', templateContent: '<html><body/></html>' }, 'zh-CN');
    expect(zh.body.statusCode).toBe(2);
    expect(zh.body.resultInfo).toBe('模板不是可读取的标签文件：这不是标签文件（根元素为 <html>）。');
    const en = await call('POST', '/api/Template', owner, { templateName: 'Bad', templateContent: 'not xml at all' });
    expect(en.body.statusCode).toBe(2);
    expect(en.body.resultInfo).toMatch(/^The template is not a readable label file: /);
    const tooLarge = await call('POST', '/api/Template', owner, { templateContent: label('big') + ' '.repeat(TEMPLATE_MAX_BYTES) });
    expect(tooLarge.body).toMatchObject({ statusCode: 2 });
    expect(String(tooLarge.body.resultInfo)).toMatch(/too large/);
    const missing = await call('POST', '/api/Template', owner, { templateName: 'No content' });
    expect(missing.body.statusCode).toBe(2);
    expect(await templateRows()).toBe(before);
  });

  it('lists by scope, searches by name (any case, % taken literally) and pages', async () => {
    for (const name of ['Search Alpha', 'search beta', 'Other 100%']) await create(owner, label('s'), name);
    const found = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private&search=SEARCH', owner));
    expect(found.templates.map((t) => t.templateName)).toEqual(['Search Alpha', 'search beta']);
    expect(found.total).toBe(2);
    const percent = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private&search=0%25', owner));
    expect(percent.templates.map((t) => t.templateName)).toEqual(['Other 100%']);
    const all = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private', owner));
    const page2 = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private&pageSize=20&pageIndex=2', owner));
    expect(page2.templates).toEqual([]);
    expect(page2.total).toBe(all.total);
    expect(all.templates.every((t) => t.scope === 'private' && t.ownerId === owner.templateUserId)).toBe(true);
    const bad = await call('GET', '/api/Template/List?scope=mine', owner);
    expect(bad.body.statusCode).toBe(2);
  });
});

describe('the general gallery', () => {
  it('is seeded once: a second start writes nothing', async () => {
    expect(await seedGallery(server.db, server.clock.now)).toBe(0);
    const pub = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=public&pageSize=100', other));
    expect(pub.total).toBe(GALLERY.length);
    expect(pub.templates.every((t) => t.ownerId === GENERAL_TEMPLATE_OWNER_ID && t.thumbnailUrl !== null)).toBe(true);
    expect(pub.templates.map((t) => `${t.widthMm}x${t.heightMm}`).sort()).toEqual(GALLERY.map((g) => `${g.widthMm}x${g.heightMm}`).sort());
  });

  it('is read by anyone logged in, and read-only', async () => {
    const pub = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=public', withoutRight));
    const first = pub.templates[0]!;
    const got = payload(await call<TemplateContent>('GET', `/api/Template?templateID=${first.templateID}`, withoutRight));
    expect(got.templateContent).toContain('<LPAPI');
    const before = await templateRows();
    for (const [path, body] of [
      ['/api/Template/Save', { templateID: first.templateID, version: first.version, templateContent: label('x') }],
      ['/api/Template/Rename', { templateID: first.templateID, templateName: 'Mine now' }],
    ] as const) {
      const refused = await call('POST', path, owner, body);
      expect(refused.body).toMatchObject({ statusCode: 5, resultInfo: 'General templates cannot be changed or deleted; duplicate it to your templates first.' });
    }
    expect((await call('DELETE', `/api/Template?templateID=${first.templateID}`, owner)).body.statusCode).toBe(5);
    expect(await templateRows()).toBe(before);
    const noSession = await call('GET', `/api/Template?templateID=${first.templateID}`, null);
    expect(noSession.body.statusCode).toBe(19);
  });

  it('duplicates into a private template, named in the caller language', async () => {
    const pub = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=public', owner));
    const source = pub.templates[0]!;
    const zh = payload(await call<TemplateInfo>('POST', '/api/Template/Duplicate', owner, { templateID: source.templateID }, 'zh-CN'));
    expect(zh).toMatchObject({ templateName: `${source.templateName} 副本`, scope: 'private', ownerId: owner.templateUserId, version: 1 });
    expect(zh.thumbnailUrl).not.toBeNull();
    const named = payload(await call<TemplateInfo>('POST', '/api/Template/Duplicate', owner, { templateID: zh.templateID, templateName: 'My copy' }));
    expect(named.templateName).toBe('My copy');
    const a = payload(await call<TemplateContent>('GET', `/api/Template?templateID=${source.templateID}`, owner));
    const b = payload(await call<TemplateContent>('GET', `/api/Template?templateID=${named.templateID}`, owner));
    expect(b.templateContent).toBe(a.templateContent);
  });
});

describe('versions', () => {
  it('save raises the version; a stale save or rename answers 31 and writes nothing', async () => {
    const made = await create(owner, label('v1'));
    const saved = payload(await call<TemplateInfo>('POST', '/api/Template/Save', owner, { templateID: made.templateID, version: 1, templateContent: label('v2', 50, 30) }));
    expect(saved).toMatchObject({ version: 2, widthMm: 50, heightMm: 30, templateName: made.templateName });
    const before = await templateRows();
    const stale = await call('POST', '/api/Template/Save', owner, { templateID: made.templateID, version: 1, templateContent: label('v3') });
    expect(stale.body).toMatchObject({ statusCode: 31, resultInfo: 'This template was changed by someone else; reload it.' });
    const staleRename = await call('POST', '/api/Template/Rename', withRight, { templateID: made.templateID, version: 1, templateName: 'late' });
    expect(staleRename.body.statusCode).toBe(31);
    const staleDelete = await call('DELETE', `/api/Template?templateID=${made.templateID}&version=1`, owner);
    expect(staleDelete.body.statusCode).toBe(31);
    expect(await templateRows()).toBe(before);
    const noVersion = await call('POST', '/api/Template/Save', owner, { templateID: made.templateID, templateContent: label('v3') });
    expect(noVersion.body.statusCode).toBe(2);
    const renamed = payload(await call<TemplateInfo>('POST', '/api/Template/Rename', withRight, { templateID: made.templateID, version: 2, templateName: 'Renamed' }));
    expect(renamed).toMatchObject({ templateName: 'Renamed', version: 3, updatedBy: withRight.Id });
    const { items } = payload(await call<TemplateVersionList>('GET', '/api/version/template?scope=private', owner));
    expect(items.find((i) => i.templateID === made.templateID)).toMatchObject({ version: 3, templateName: 'Renamed', ownerId: owner.templateUserId });
    const empty = await call('POST', '/api/Template/Rename', owner, { templateID: made.templateID, templateName: '   ' });
    expect(empty.body).toMatchObject({ statusCode: 2, resultInfo: 'Please enter a template name.' });
  });

  it('a save with unreadable content changes nothing, even at the current version', async () => {
    const made = await create(owner, label('keep'));
    const before = await templateRows();
    const bad = await call('POST', '/api/Template/Save', owner, { templateID: made.templateID, version: 1, templateContent: '<LPAPI><Page>' });
    expect(bad.body.statusCode).toBe(2);
    expect(String(bad.body.resultInfo)).toMatch(/^The template is not a readable label file: /);
    expect(await templateRows()).toBe(before);
  });

  it('delete removes the template; it is then 28 everywhere', async () => {
    const made = await create(owner, label('gone'));
    expect(payload(await call('DELETE', '/api/Template', owner, { templateID: made.templateID, version: 1 }))).toBeNull();
    expect((await call('GET', `/api/Template?templateID=${made.templateID}`, owner)).body.statusCode).toBe(28);
    expect((await call('DELETE', `/api/Template?templateID=${made.templateID}`, owner)).body.statusCode).toBe(28);
  });
});

describe('isolation between companies', () => {
  it("another company's template answers 28 on every call, exactly as a missing id, and is never listed", async () => {
    const mine = await create(owner, label('secret'));
    const before = await templateRows();
    const id = mine.templateID;
    const missing = 99_999_999;
    for (const target of [id, missing]) {
      const answers = [
        await call('GET', `/api/Template?templateID=${target}`, other),
        await call('POST', '/api/Template/Save', other, { templateID: target, version: 1, templateContent: label('x') }),
        await call('POST', '/api/Template/Rename', other, { templateID: target, templateName: 'x' }),
        await call('POST', '/api/Template/Duplicate', other, { templateID: target }),
        await call('DELETE', `/api/Template?templateID=${target}`, other),
        await call('GET', `/api/Template/Thumbnail/${target}`, other),
      ];
      for (const a of answers) expect(a.body).toMatchObject({ statusCode: 28, resultInfo: 'This template does not exist or was deleted.' });
    }
    expect(await templateRows()).toBe(before);
    const list = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private', other));
    expect(list.templates.map((t) => t.templateID)).not.toContain(id);
    const versions = payload(await call<TemplateVersionList>('GET', '/api/version/template', other));
    expect(versions.items.map((i) => i.templateID)).not.toContain(id);
    expect(versions.items.every((i) => i.ownerId === GENERAL_TEMPLATE_OWNER_ID || i.ownerId === other.templateUserId)).toBe(true);
  });

  it('a thumbnail address takes a file token, never the session token', async () => {
    const mine = await create(owner, label('img'));
    const inQuery = await server.app.request(`/api/Template/Thumbnail/${mine.templateID}?loginID=${owner.loginID}`);
    expect(((await inQuery.json()) as { statusCode: number }).statusCode).toBe(19);
    const { fileToken } = payload(await call<{ fileToken: string }>('GET', '/api/File/Token', other));
    const foreign = await server.app.request(`/api/Template/Thumbnail/${mine.templateID}?fileToken=${encodeURIComponent(fileToken)}`);
    expect(((await foreign.json()) as { statusCode: number }).statusCode).toBe(28);
  });
});

describe('the private-template rule', () => {
  it('a sub-user without the right sees no private template and is refused every private call', async () => {
    const mine = await create(owner, label('private'));
    const before = await templateRows();
    const refused = [
      await call('GET', '/api/Template/List?scope=private', withoutRight),
      await call('GET', `/api/Template?templateID=${mine.templateID}`, withoutRight),
      await call('GET', `/api/Template/Thumbnail/${mine.templateID}`, withoutRight),
      await call('GET', '/api/version/template?scope=private', withoutRight),
      await call('POST', '/api/Template', withoutRight, { templateContent: label('x') }),
      await call('POST', '/api/Template/Save', withoutRight, { templateID: mine.templateID, version: 1, templateContent: label('x') }),
      await call('POST', '/api/Template/Rename', withoutRight, { templateID: mine.templateID, templateName: 'x' }),
      await call('POST', '/api/Template/Duplicate', withoutRight, { templateID: mine.templateID }),
      await call('DELETE', `/api/Template?templateID=${mine.templateID}`, withoutRight),
    ];
    for (const r of refused) expect(r.body).toMatchObject({ statusCode: 5, resultInfo: 'You are not allowed to do this.' });
    expect(await templateRows()).toBe(before);
    // Without a scope, the version list holds the general templates only.
    const { items } = payload(await call<TemplateVersionList>('GET', '/api/version/template', withoutRight));
    expect(items.length).toBe(GALLERY.length);
    expect(items.every((i) => i.ownerId === GENERAL_TEMPLATE_OWNER_ID)).toBe(true);
  });

  it("a sub-user with the right works on the company's templates", async () => {
    const mine = await create(owner, label('shared'));
    const list = payload(await call<TemplateListResult>('GET', '/api/Template/List?scope=private&pageSize=200', withRight));
    expect(list.templates.map((t) => t.templateID)).toContain(mine.templateID);
    const made = await create(withRight, label('by designer'));
    expect(made).toMatchObject({ ownerId: owner.templateUserId, createdBy: withRight.Id });
    const seen = payload(await call<TemplateContent>('GET', `/api/Template?templateID=${made.templateID}`, owner));
    expect(seen.templateContent).toBe(label('by designer'));
  });
});
