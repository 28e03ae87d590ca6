/**
 * Stored files: asset pictures (POST api/File/Upload, explain 2). A picture is png, jpeg, gif
 * or webp as its first bytes say (the suffix alone proves nothing, and svg is refused: it can
 * carry script), at most 5 MB. Files live in the database with their company and are served
 * only to users of that company who may see them (the assets they are on, access
 * fileCondition), with the type found at upload and `nosniff`.
 */
import { FILE_MAX_BYTES, type FileInfo } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import { fileCondition, type Actor } from '../access/service.ts';
import type { OrgDeps } from '../departments/service.ts';
import { checkPictureOffThread } from './picture-check.ts';

export const PICTURE_SUFFIXES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/** The picture type of some bytes, from their signature; null for anything else. */
export function pictureType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  // RIFF <size> WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return 'image/webp';
  }
  return null;
}

/**
 * Base64 (standard or URL-safe, padding optional, whitespace ignored, a `data:...;base64,`
 * prefix dropped) to bytes; null when it is not base64 at all.
 */
export function decodeBase64(text: string): Buffer | null {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

export function fileUrl(id: number): string {
  return `/api/File/${id}`;
}

/** The bytes of a base64 text, at most `max`; decodes only once the length is known to fit. */
export function decodeLimited(text: string, max: number, tooLarge: () => AppError, invalid: () => AppError): Buffer {
  // Every 4 base64 characters are 3 bytes: refuse before decoding what cannot fit.
  if (Math.floor((text.length * 3) / 4) > max + 3 + 64) throw tooLarge();
  const bytes = decodeBase64(text);
  if (bytes === null) throw invalid();
  if (bytes.length > max) throw tooLarge();
  return bytes;
}

export interface UploadInput {
  fileName?: string;
  fileData?: string;
  suffix?: string;
}

export async function uploadPicture(deps: OrgDeps, actor: Actor, input: UploadInput): Promise<FileInfo> {
  if (!input.fileData) throw new AppError('fileRequired');
  const suffix = (input.suffix ?? input.fileName?.split('.').pop() ?? '').replace(/^\./, '').toLowerCase();
  if (!(PICTURE_SUFFIXES as readonly string[]).includes(suffix)) throw new AppError('fileTypeInvalid');
  const limit = `${FILE_MAX_BYTES / 1024 / 1024} MB`;
  const bytes = decodeLimited(
    input.fileData,
    FILE_MAX_BYTES,
    () => new AppError('fileTooLarge', { limit }),
    () => new AppError('fileTypeInvalid'),
  );
  if (bytes.length === 0) throw new AppError('fileRequired');
  const mimeType = pictureType(bytes);
  if (!mimeType) throw new AppError('fileTypeInvalid');
  // Its size within the limits, its data a picture, and its thumbnail (picture.ts), made in a
  // worker thread so other requests are answered meanwhile (picture-check.ts).
  const picture = await checkPictureOffThread(bytes);
  const fileName = (input.fileName?.trim() || `picture.${suffix}`).slice(0, 255);
  const { rows } = await deps.db.query<{ id: number }>(
    `INSERT INTO files (company_id, file_name, mime_type, size, data, created_by, created_at, width, height, thumb_data, thumb_mime)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      actor.companyId,
      fileName,
      mimeType,
      bytes.length,
      bytes,
      actor.userId,
      deps.clock(),
      picture.width,
      picture.height,
      picture.thumbnail?.data ?? null,
      picture.thumbnail?.mimeType ?? null,
    ],
  );
  return { id: rows[0].id, url: fileUrl(rows[0].id), fileName, mimeType, size: bytes.length };
}

/** A file's bytes; with `thumbnail`, its thumbnail where it has one (picture.ts), else the file itself. */
export async function readFile(
  deps: Pick<OrgDeps, 'db'>,
  actor: Actor,
  id: number,
  options: { thumbnail?: boolean } = {},
): Promise<{ fileName: string; mimeType: string; data: Uint8Array }> {
  const p = new SqlParams();
  const [mime, data] = options.thumbnail ? ['COALESCE(f.thumb_mime, f.mime_type)', 'COALESCE(f.thumb_data, f.data)'] : ['f.mime_type', 'f.data'];
  const { rows } = await deps.db.query<{ file_name: string; mime_type: string; data: Uint8Array }>(
    `SELECT f.file_name, ${mime} AS mime_type, ${data} AS data FROM files f
      WHERE f.company_id = ${p.add(actor.companyId)} AND f.id = ${p.add(id)} AND ${fileCondition(actor, 'f', p)}`,
    p.values,
  );
  if (!rows[0]) throw new AppError('fileNotFound');
  return { fileName: rows[0].file_name, mimeType: rows[0].mime_type, data: rows[0].data };
}

/** A file id the actor may see (access fileCondition), for an asset's picture; fileNotFound otherwise. */
export async function assertFileOf(q: Queryable, actor: Actor, id: number): Promise<void> {
  const p = new SqlParams();
  const { rowCount } = await q.query(
    `SELECT 1 FROM files f WHERE f.company_id = ${p.add(actor.companyId)} AND f.id = ${p.add(id)} AND ${fileCondition(actor, 'f', p)}`,
    p.values,
  );
  if (rowCount === 0) throw new AppError('fileNotFound');
}
