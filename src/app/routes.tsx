/**
 * The route table of the signed-in area (spec sections 2 and 6): one entry per page. The
 * router, the sidebar menu, the page titles and the tags are all generated from it, so
 * adding a page means adding one entry here (and, for a new menu section, one group).
 *
 * A page entry looks like:
 *
 *   { path: '/asset/info', titleKey: 'route.assetRegistration', group: 'asset',
 *     icon: AddSquareRegular, access: can.registerAssets, inMenu: can.seeAssetRegistrationInMenu,
 *     page: () => import('./pages/asset/AssetRegistrationPage') },
 *
 * Public pages (log in, register, reset password) are in router.tsx: they have no menu,
 * no tag and no guard.
 */
import type { ComponentType } from 'react';
import {
  AddSquareRegular,
  ArrowImportRegular,
  BoardRegular,
  BoxRegular,
  ClipboardTaskListLtrRegular,
  DocumentBulletListRegular,
  DocumentPersonRegular,
  ArrowSwapRegular,
  EditRegular,
  HistoryRegular,
  OrganizationRegular,
  PrintRegular,
  ShieldKeyholeRegular,
  TagMultipleRegular,
  TextBulletListSquareRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import type { MessageKey } from './i18n/types';
import { can, type AccessRule, type SessionUser } from './permissions';
import { allowedBusinessTypes } from './pages/business/businessForm';
import { HOME_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from './paths';
import { warmUpEditor } from './pages/label/editorWarmup';

export interface PageRoute {
  /** Absolute path, e.g. '/asset/list'. */
  path: string;
  /** Page title, menu label and tag label; the document title adds the site name. */
  titleKey: MessageKey;
  icon?: FluentIcon;
  /** Menu section (a MenuGroup id); absent = top level. */
  group?: string;
  /** Reachable only when true; otherwise the guard shows /error/401. Default: everyone. */
  access?: AccessRule;
  /** Listed in the menu only when true. Default: the access rule. */
  inMenu?: AccessRule;
  /** Never listed in the menu (detail pages, error pages). */
  hidden?: boolean;
  /** A pinned tag that cannot be closed (the dashboard). */
  affix?: boolean;
  /** The page component, loaded on first visit (a separate chunk). */
  page: () => Promise<{ default: ComponentType }>;
}

/** A menu section; its path redirects to its first page the user may open. */
export interface MenuGroup {
  id: string;
  path: string;
  titleKey: MessageKey;
  icon: FluentIcon;
}


/** Menu sections in menu order, e.g. { id: 'asset', path: '/asset', titleKey: 'menu.asset', icon: BoxRegular }. */
export const menuGroups: MenuGroup[] = [
  { id: 'asset', path: '/asset', titleKey: 'menu.asset', icon: BoxRegular },
  { id: 'organization', path: '/organization', titleKey: 'menu.organization', icon: OrganizationRegular },
  { id: 'permission', path: '/permission', titleKey: 'menu.permission', icon: ShieldKeyholeRegular },
  { id: 'label', path: '/label', titleKey: 'menu.label', icon: PrintRegular },
  { id: 'template', path: '/template', titleKey: 'menu.template', icon: DocumentBulletListRegular },
];

export const pageRoutes: PageRoute[] = [
  {
    path: HOME_PATH,
    titleKey: 'route.dashboard',
    icon: BoardRegular,
    affix: true,
    page: () => import('./pages/dashboard/DashboardPage'),
  },
  {
    path: '/asset/list',
    titleKey: 'route.assetList',
    group: 'asset',
    icon: TextBulletListSquareRegular,
    page: () => import('./pages/asset/AssetListPage'),
  },
  {
    path: '/asset/info',
    titleKey: 'route.assetRegistration',
    group: 'asset',
    icon: AddSquareRegular,
    access: can.registerAssets,
    inMenu: can.seeAssetRegistrationInMenu,
    page: () => import('./pages/asset/AssetInfoPage'),
  },
  {
    path: '/asset/import',
    titleKey: 'route.assetImport',
    group: 'asset',
    icon: ArrowImportRegular,
    access: can.importAssets,
    page: () => import('./pages/asset/ImportPage'),
  },
  {
    path: '/asset/classify',
    titleKey: 'route.assetClassify',
    group: 'asset',
    icon: TagMultipleRegular,
    access: can.classify,
    page: () => import('./pages/asset/ClassifyPage'),
  },
  {
    // Transaction records, for everyone (spec section 6: unfiltered); the server shows each
    // user the records of assets in their scope.
    path: '/asset/business',
    titleKey: 'route.assetBusiness',
    group: 'asset',
    icon: HistoryRegular,
    page: () => import('./pages/business/BusinessRecordsPage'),
  },
  {
    // The asset's own page (the list's row click): fields, picture, its transaction history.
    // Hidden from the menu and titled like the list (spec section 2).
    path: '/asset/listinfo',
    titleKey: 'route.assetList',
    group: 'asset',
    hidden: true,
    page: () => import('./pages/business/AssetPage'),
  },
  {
    // One form per transaction type; the tabs offer what 104-108 allow (businessForm.ts).
    path: '/asset/businessInfo',
    titleKey: 'route.assetBusinessInfo',
    group: 'asset',
    icon: ArrowSwapRegular,
    access: (u) => allowedBusinessTypes(u).length > 0,
    page: () => import('./pages/business/BusinessInfoPage'),
  },
  {
    // Inventory counts (spec section 2: /inventory with list and details): permission 201,
    // else neither in the menu nor reachable; the server checks 201 on every call too.
    path: '/inventory',
    titleKey: 'route.inventory',
    icon: ClipboardTaskListLtrRegular,
    access: can.inventory,
    page: () => import('./pages/inventory/InventoryListPage'),
  },
  {
    // One order: its lines, export, counting and finish (?id=); hidden from the menu.
    path: '/inventory/details',
    titleKey: 'route.inventoryDetails',
    hidden: true,
    access: can.inventory,
    page: () => import('./pages/inventory/InventoryDetailsPage'),
  },
  {
    path: '/organization/dept-list',
    titleKey: 'route.deptList',
    group: 'organization',
    access: can.organize,
    page: () => import('./pages/organization/DepartmentListPage'),
  },
  {
    path: '/organization/staff-list',
    titleKey: 'route.staffList',
    group: 'organization',
    access: can.organize,
    page: () => import('./pages/organization/StaffListPage'),
  },
  {
    path: '/permission/role-list',
    titleKey: 'route.roleList',
    group: 'permission',
    access: can.openRoleArea,
    page: () => import('./pages/permission/RoleListPage'),
  },
  {
    // Printing needs no permission (spec label-editor.md section 6: only the label's own
    // editable flag applies); it reads local files and talks to the local helper.
    path: '/label/print',
    titleKey: 'route.labelPrint',
    group: 'label',
    icon: PrintRegular,
    page: () => import('./pages/label/PrintPage'),
  },
  {
    // Designing labels needs no permission either: files are opened from and saved to the
    // user's own disk. `?file=new` starts an empty 40 x 30 mm label, as a plain visit does.
    path: '/label/editor',
    titleKey: 'route.labelEditor',
    group: 'label',
    icon: EditRegular,
    page: () => {
      // Navigated to: the engine's module and the default faces start loading beside the
      // page's code, not after it (editorWarmup.ts; a page opened on the editor started them
      // before the app ran, main.tsx).
      warmUpEditor();
      return import('./pages/label/EditorPage');
    },
  },
  {
    // The general gallery comes first: /template leads there (spec section 2).
    path: '/template/public',
    titleKey: 'route.templatePublic',
    group: 'template',
    icon: DocumentBulletListRegular,
    page: () => import('./pages/template/PublicTemplatesPage'),
  },
  {
    // Private templates need a template user (spec section 6); the server refuses the rest too.
    path: '/template/private',
    titleKey: 'route.templatePrivate',
    group: 'template',
    icon: DocumentPersonRegular,
    access: can.usePrivateTemplates,
    page: () => import('./pages/template/PrivateTemplatesPage'),
  },
  { path: UNAUTHORIZED_PATH, titleKey: 'route.unauthorized', hidden: true, page: () => import('./pages/error/UnauthorizedPage') },
  { path: '/error/404', titleKey: 'route.notFound', hidden: true, page: () => import('./pages/error/NotFoundPage') },
  { path: NOT_FOUND_PATH, titleKey: 'route.notFound', hidden: true, page: () => import('./pages/error/NotFoundPage') },
];

export function canOpen(route: PageRoute, user: SessionUser): boolean {
  return route.access ? route.access(user) : true;
}
