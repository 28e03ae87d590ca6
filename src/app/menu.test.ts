import { describe, expect, it } from 'vitest';
import { BoardRegular, BoxRegular } from '@fluentui/react-icons';
import { Permission } from '../api/contract';
import { buildMenu, groupLanding } from './menu';
import { can } from './permissions';
import { canOpen, menuGroups, pageRoutes, type MenuGroup, type PageRoute } from './routes';
import { makeUser } from './testing/makeUser';

const page = async () => ({ default: () => null });
const asset: MenuGroup = { id: 'asset', path: '/asset', titleKey: 'route.dashboard', icon: BoxRegular };
const table: PageRoute[] = [
  { path: '/dashboard', titleKey: 'route.dashboard', icon: BoardRegular, affix: true, page },
  { path: '/asset/list', titleKey: 'route.dashboard', group: 'asset', page },
  { path: '/asset/listinfo', titleKey: 'route.dashboard', group: 'asset', hidden: true, page },
  { path: '/asset/info', titleKey: 'route.dashboard', group: 'asset', access: can.registerAssets, inMenu: can.seeAssetRegistrationInMenu, page },
  { path: '/asset/classify', titleKey: 'route.dashboard', group: 'asset', access: can.classify, page },
  { path: '/error/401', titleKey: 'route.unauthorized', hidden: true, page },
];

/** Printing and designing labels need no permission (label-editor.md section 6): every
 * user has both. */
const LABELS = '/label[/label/print,/label/editor]';
/** The general templates are every user's; the private ones need a template user. */
const TEMPLATES = '/template[/template/public]';

const paths = (nodes: ReturnType<typeof buildMenu>) =>
  nodes.map((n) => (n.kind === 'page' ? n.route.path : `${n.group.path}[${n.pages.map((p) => p.path).join(',')}]`));

describe('menu from the route table', () => {
  it('lists what an admin may open, grouped, hidden pages left out', () => {
    expect(paths(buildMenu(table, [asset], makeUser({ IsAdmin: true })))).toEqual([
      '/dashboard',
      '/asset[/asset/list,/asset/info,/asset/classify]',
    ]);
  });

  it('filters by permission, keeping edit-only registration reachable but unlisted', () => {
    const editor = makeUser({ permissions: [Permission.assetEdit] });
    expect(paths(buildMenu(table, [asset], editor))).toEqual(['/dashboard', '/asset[/asset/list]']);
    expect(groupLanding(table, asset, editor)).toBe('/asset/list');
  });

  it('gives a user without permissions the dashboard, the asset list and transaction records and label printing only, with the error pages hidden', () => {
    expect(paths(buildMenu(pageRoutes, menuGroups, makeUser()))).toEqual(['/dashboard', '/asset[/asset/list,/asset/business]', LABELS, TEMPLATES]);
    expect(pageRoutes.filter((r) => r.affix).map((r) => r.path)).toEqual(['/dashboard']);
  });

  it('opens the organization area to admins and 302 holders, the role area to admins (spec section 6; without VIP it explains)', () => {
    const organization = '/organization[/organization/dept-list,/organization/staff-list]';
    const assets = (pages: string) => `/asset[${pages}]`;
    const allAssets = assets('/asset/list,/asset/info,/asset/import,/asset/classify,/asset/business,/asset/businessInfo');
    expect(paths(buildMenu(pageRoutes, menuGroups, makeUser({ IsAdmin: true, IsVip: true })))).toEqual([
      '/dashboard',
      allAssets,
      '/inventory',
      organization,
      '/permission[/permission/role-list]',
      LABELS,
      TEMPLATES,
    ]);
    expect(paths(buildMenu(pageRoutes, menuGroups, makeUser({ IsAdmin: true })))).toEqual([
      '/dashboard',
      allAssets,
      '/inventory',
      organization,
      '/permission[/permission/role-list]',
      LABELS,
      TEMPLATES,
    ]);
    const organizer = makeUser({ IsVip: true, permissions: [Permission.systemOrganization, Permission.assetAdd] });
    expect(paths(buildMenu(pageRoutes, menuGroups, organizer))).toEqual([
      '/dashboard',
      assets('/asset/list,/asset/info,/asset/import,/asset/business'),
      organization,
      LABELS,
      TEMPLATES,
    ]);
    const [, orgGroup, permissionGroup] = menuGroups;
    expect(groupLanding(pageRoutes, orgGroup, organizer)).toBe('/organization/dept-list');
    expect(groupLanding(pageRoutes, permissionGroup, organizer)).toBeNull();
    expect(groupLanding(pageRoutes, orgGroup, makeUser({ permissions: [Permission.assetAdd] }))).toBeNull();
  });

  it('lists the transaction form to users holding any of 104-108, and to no one else', () => {
    const form = pageRoutes.find((r) => r.path === '/asset/businessInfo')!;
    expect(canOpen(form, makeUser({ permissions: [Permission.assetBorrow] }))).toBe(true);
    expect(canOpen(form, makeUser({ permissions: [Permission.assetAlter] }))).toBe(true);
    expect(canOpen(form, makeUser({ permissions: [Permission.assetAdd, Permission.assetEdit, Permission.assetDelete] }))).toBe(false);
    expect(paths(buildMenu(pageRoutes, menuGroups, makeUser({ permissions: [Permission.assetScrap] })))[1]).toBe('/asset[/asset/list,/asset/business,/asset/businessInfo]');
  });

  it('lists and opens the inventory pages with 201 only, the details page never in the menu (spec section 6)', () => {
    const counter = makeUser({ permissions: [Permission.inventory] });
    expect(paths(buildMenu(pageRoutes, menuGroups, counter))).toEqual(['/dashboard', '/asset[/asset/list,/asset/business]', '/inventory', LABELS, TEMPLATES]);
    const list = pageRoutes.find((r) => r.path === '/inventory')!;
    const details = pageRoutes.find((r) => r.path === '/inventory/details')!;
    expect([canOpen(list, counter), canOpen(details, counter)]).toEqual([true, true]);
    const other = makeUser({ permissions: [Permission.assetAdd, Permission.assetAlter, Permission.systemOrganization] });
    expect([canOpen(list, other), canOpen(details, other)]).toEqual([false, false]);
    expect(paths(buildMenu(pageRoutes, menuGroups, other))).not.toContain('/inventory');
  });

  it('lists the asset pages by permission: registration with add, reachable but unlisted with edit only (spec section 6)', () => {
    const assetGroup = menuGroups.find((g) => g.id === 'asset')!;
    const editor = makeUser({ permissions: [Permission.assetEdit] });
    expect(paths(buildMenu(pageRoutes, menuGroups, editor))).toEqual(['/dashboard', '/asset[/asset/list,/asset/business]', LABELS, TEMPLATES]);
    expect(canOpen(pageRoutes.find((r) => r.path === '/asset/info')!, editor)).toBe(true);
    const classifier = makeUser({ permissions: [Permission.systemClassification] });
    expect(paths(buildMenu(pageRoutes, menuGroups, classifier))).toEqual(['/dashboard', '/asset[/asset/list,/asset/classify,/asset/business]', LABELS, TEMPLATES]);
    expect(groupLanding(pageRoutes, assetGroup, classifier)).toBe('/asset/list');
    expect(canOpen(pageRoutes.find((r) => r.path === '/asset/classify')!, makeUser({ permissions: [Permission.assetAdd] }))).toBe(false);
  });

  it('lists the general templates to everyone and the private ones to users with a template user (spec section 6)', () => {
    const templateGroup = menuGroups.find((g) => g.id === 'template')!;
    const plain = makeUser();
    expect(paths(buildMenu(pageRoutes, menuGroups, plain))).toContain(TEMPLATES);
    expect(canOpen(pageRoutes.find((r) => r.path === '/template/private')!, plain)).toBe(false);
    const templateUser = makeUser({ templateUserId: 7, permissions: [Permission.labelTemplates] });
    expect(paths(buildMenu(pageRoutes, menuGroups, templateUser))).toContain('/template[/template/public,/template/private]');
    // /template leads to the general gallery (spec section 2), whoever asks.
    expect(groupLanding(pageRoutes, templateGroup, templateUser)).toBe('/template/public');
    expect(groupLanding(pageRoutes, templateGroup, plain)).toBe('/template/public');
  });
});
