/**
 * Label-template calls (issue 16; contract.ts "Label templates"), served under /api of the
 * label base address (the spec's second base address). Thumbnails are PNG images an <img>
 * loads with a file token, as pictures do (templateThumbnailSrc).
 */
import type { ApiClient, ApiResult } from './client';
import type { TemplateContent, TemplateInfo, TemplateListResult, TemplateScope, TemplateVersionList } from './contract';

export interface TemplateListQuery {
  scope: TemplateScope;
  search?: string;
  /** From 1. */
  pageIndex: number;
  pageSize: number;
}

export interface TemplateApi {
  /** GET api/version/template: every template the user sees (both scopes) with its version. */
  versions(): Promise<ApiResult<TemplateVersionList>>;
  list(query: TemplateListQuery): Promise<ApiResult<TemplateListResult>>;
  get(templateID: number): Promise<ApiResult<TemplateContent>>;
  /** A new private template; the name defaults to the label's own name. */
  create(templateContent: string, templateName?: string): Promise<ApiResult<TemplateInfo>>;
  /** 31 when the template changed since `version`. */
  save(templateID: number, version: number, templateContent: string): Promise<ApiResult<TemplateInfo>>;
  rename(templateID: number, version: number, templateName: string): Promise<ApiResult<TemplateInfo>>;
  /** A new private template from a private or a public one. */
  duplicate(templateID: number, templateName?: string): Promise<ApiResult<TemplateInfo>>;
  remove(templateID: number, version: number): Promise<ApiResult<null>>;
}

export function createTemplateApi(client: ApiClient): TemplateApi {
  return {
    versions: () => client.request({ method: 'GET', path: 'api/version/template' }),
    list: (query) => client.request({ method: 'GET', path: 'api/Template/List', query: { ...query } }),
    get: (templateID) => client.request({ method: 'GET', path: 'api/Template', query: { templateID } }),
    create: (templateContent, templateName) => client.request({ method: 'POST', path: 'api/Template', body: { templateContent, templateName } }),
    save: (templateID, version, templateContent) => client.request({ method: 'POST', path: 'api/Template/Save', body: { templateID, version, templateContent } }),
    rename: (templateID, version, templateName) => client.request({ method: 'POST', path: 'api/Template/Rename', body: { templateID, version, templateName } }),
    duplicate: (templateID, templateName) => client.request({ method: 'POST', path: 'api/Template/Duplicate', body: { templateID, templateName } }),
    remove: (templateID, version) => client.request({ method: 'DELETE', path: 'api/Template', body: { templateID, version } }),
  };
}

/**
 * The <img src> of a template's thumbnail: the server's path below the label base address,
 * with the file token (an <img> cannot send the session header). Null without a thumbnail
 * or before the first token.
 */
export function templateThumbnailSrc(base: string, thumbnailUrl: string | null, fileToken: string | null, version: number): string | null {
  if (!thumbnailUrl || !fileToken) return null;
  const root = base.endsWith('/') ? base.slice(0, -1) : base;
  const path = thumbnailUrl.startsWith('/') ? thumbnailUrl : `/${thumbnailUrl}`;
  // The version makes a saved template's new thumbnail replace the browser's cached one.
  return `${root}${path}?fileToken=${encodeURIComponent(fileToken)}&v=${version}`;
}
