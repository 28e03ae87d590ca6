/**
 * Stored files (api/File): the read-only token that picture addresses carry. An <img src>
 * cannot send the loginID header, and the session token must never be put in a URL; the
 * server issues a file token that opens GET api/File/<id> only, for 5 to 10 minutes.
 */
import type { ApiClient, ApiResult } from './client';
import type { FileTokenResult } from './contract';

export interface FileApi {
  token(): Promise<ApiResult<FileTokenResult>>;
}

export function createFileApi(client: ApiClient): FileApi {
  return {
    token: () => client.request({ method: 'GET', path: 'api/File/Token' }),
  };
}
