/**
 * A classification's default label template (migration 015; contract
 * AssetClassifyDefaultTemplateRequest): the template its assets are printed with unless the
 * user picks another. Setting it needs 301 (it belongs to the classification, as its name and
 * attributes do; the route checks) and a template the caller may read: a general one, or a
 * private one of the company with a template user (templates/service.ts), so a default never
 * points at a template its setter could not open. It is not an edit of the classification:
 * its version stays, and a form open on it is not made stale.
 */
import type { AssetClassifyInfo } from '../../../src/api/contract.ts';
import { isForeignKeyViolation, type Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { classifyDetails } from '../classifications/service.ts';
import { assertTemplateReadable } from '../templates/service.ts';

export interface DefaultTemplateInput {
  classifyId: number;
  /** null clears it. */
  templateId: number | null;
}

export async function setDefaultTemplate(deps: { db: Db }, actor: Actor, input: DefaultTemplateInput): Promise<AssetClassifyInfo> {
  try {
    await deps.db.transaction(async (tx) => {
      if (input.templateId !== null) await assertTemplateReadable(tx, actor, input.templateId);
      const { rowCount } = await tx.query('UPDATE asset_classes SET default_template_id = $3 WHERE company_id = $1 AND id = $2', [
        actor.companyId,
        input.classifyId,
        input.templateId,
      ]);
      if (rowCount === 0) throw new AppError('classifyNotFound');
    });
  } catch (err) {
    // The template was deleted between the check and the write (PostgreSQL server).
    if (isForeignKeyViolation(err)) throw new AppError('templateNotFound');
    throw err;
  }
  return classifyDetails(deps, actor, input.classifyId);
}
