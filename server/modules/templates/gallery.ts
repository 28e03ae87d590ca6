/**
 * Seeds the general templates of the shipped gallery (gallery/catalog.ts) at start. Each is
 * found again by its gallery key (the file name): a missing one is added, one whose file
 * changed is updated in place with its version raised (clients' caches see the change), and
 * one unchanged is left alone, so starting again writes nothing and renders nothing.
 */
import { readFileSync } from 'node:fs';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/db.ts';
import { checkTemplateContent } from './content.ts';
import { GALLERY } from './gallery/catalog.ts';
import { renderThumbnail } from './thumbnail.ts';

export function galleryContent(file: string): string {
  return readFileSync(new URL(`./gallery/${file}`, import.meta.url), 'utf8');
}

/** Adds or updates the gallery's templates; returns how many were written. */
export async function seedGallery(db: Queryable, clock: Clock): Promise<number> {
  const { rows } = await db.query<{ gallery_key: string; content: string; name: string }>(
    'SELECT gallery_key, content, name FROM label_templates WHERE gallery_key IS NOT NULL',
  );
  const stored = new Map(rows.map((r) => [r.gallery_key, r]));
  let written = 0;
  for (const entry of GALLERY) {
    const content = galleryContent(entry.file);
    const before = stored.get(entry.file);
    if (before && before.content === content && before.name === entry.name) continue;
    const checked = checkTemplateContent(content);
    const now = clock();
    const thumbnail = await renderThumbnail(content, checked.widthMm, checked.heightMm, now.getTime());
    await db.query(
      `INSERT INTO label_templates (company_id, gallery_key, name, width_mm, height_mm, content, content_size, thumbnail, created_at, updated_at)
       VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (gallery_key) DO UPDATE
          SET name = EXCLUDED.name, width_mm = EXCLUDED.width_mm, height_mm = EXCLUDED.height_mm, content = EXCLUDED.content,
              content_size = EXCLUDED.content_size, thumbnail = EXCLUDED.thumbnail,
              version = label_templates.version + 1, updated_by = NULL, updated_at = EXCLUDED.updated_at`,
      [entry.file, entry.name, checked.widthMm, checked.heightMm, content, checked.size, thumbnail, now],
    );
    written++;
  }
  return written;
}
