/**
 * Stored files (api/File): the read-only token that picture addresses carry. An <img src>
 * cannot send the loginID header, and the session token must never be put in a URL; the
 * server issues a file token that opens GET api/File/<id> only, for 5 to 10 minutes.
 * fromUrl: a picture fetched by the server from a web address (the browser cannot read other
 * origins' pictures), as a data URL for the label editor to embed.
 */
import type { ApiClient, ApiResult } from './client';
import type { FileTokenResult } from './contract';

/** POST api/File/FromUrl's answer: the picture as a data URL, its size in bytes and pixels. */
export interface PictureFromUrl {
  dataUrl: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

export interface FileApi {
  token(): Promise<ApiResult<FileTokenResult>>;
  fromUrl(url: string): Promise<ApiResult<PictureFromUrl>>;
}

export function createFileApi(client: ApiClient): FileApi {
  return {
    token: () => client.request({ method: 'GET', path: 'api/File/Token' }),
    fromUrl: (url) => client.request({ method: 'POST', path: 'api/File/FromUrl', body: { url } }),
  };
}
