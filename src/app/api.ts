/**
 * The app's one API client: session token and language from the stores, client-side
 * messages from i18n, and the global answer to an invalid session (code 19): warn with the
 * spec's message and log out (the shell then shows /login).
 */
import { messageLanguage } from './i18n/types';
import { createAssetApi } from '../api/asset';
import { createAssetLabelApi } from '../api/assetLabel';
import { createBusinessApi } from '../api/business';
import { createChildUserApi } from '../api/childUser';
import { createClassifyApi } from '../api/classify';
import { createApiClient } from '../api/client';
import { createDashboardApi } from '../api/dashboard';
import { createDepartmentApi } from '../api/department';
import { createExcelApi } from '../api/excel';
import { createFileApi } from '../api/file';
import { createInventoryApi } from '../api/inventory';
import { createRoleApi } from '../api/role';
import { createStaffApi } from '../api/staff';
import { createTemplateApi } from '../api/template';
import { createUserApi } from '../api/user';
import { i18n } from './i18n';
import { notify } from './notify';
import { clearSessionUser, session } from './state/session';
import { settings } from './state/settings';

/** Token used while a remembered session is being checked (before session.user is set). */
let pendingLoginId: string | null = null;

export function withPendingLoginId<T>(loginId: string, call: () => Promise<T>): Promise<T> {
  pendingLoginId = loginId;
  return call().finally(() => {
    pendingLoginId = null;
  });
}

export const apiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getLoginId: () => session.user?.loginID ?? pendingLoginId,
  getLanguage: () => messageLanguage(settings.language),
  message: (key) => i18n.t(`api.${key}`),
  onSessionInvalid: (message) => {
    // While a remembered session is being checked nobody is signed in yet: the guard just
    // goes to /login quietly. A live session that dies is announced.
    if (!session.user) return;
    notify('warning', message);
    clearSessionUser();
  },
});

export const userApi = createUserApi(apiClient);
export const departmentApi = createDepartmentApi(apiClient);
export const staffApi = createStaffApi(apiClient);
export const roleApi = createRoleApi(apiClient);
export const childUserApi = createChildUserApi(apiClient);
export const excelApi = createExcelApi(apiClient);
export const dashboardApi = createDashboardApi(apiClient);
export const classifyApi = createClassifyApi(apiClient);
export const assetApi = createAssetApi(apiClient);
export const fileApi = createFileApi(apiClient);
export const businessApi = createBusinessApi(apiClient);
export const assetLabelApi = createAssetLabelApi(apiClient);
export const inventoryApi = createInventoryApi(apiClient);

/**
 * The label base address (the spec's second base address): VITE_TEMPLATE_API_BASE, a build
 * setting, else the API's own. Template calls and thumbnails go there.
 */
export const templateApiBase: string = import.meta.env.VITE_TEMPLATE_API_BASE ?? import.meta.env.VITE_API_BASE ?? '';
export const templateApi = createTemplateApi(
  templateApiBase === (import.meta.env.VITE_API_BASE ?? '')
    ? apiClient
    : createApiClient({
        baseUrl: templateApiBase,
        getLoginId: () => session.user?.loginID ?? null,
        getLanguage: () => messageLanguage(settings.language),
        message: (key) => i18n.t(`api.${key}`),
      }),
);
