/**
 * Label template items (JSON `wdfx`, also `template`): a whole .wdfx label (the XML text in
 * `content`) drawn by our print job (src/print/job.ts, the road every print of ours takes)
 * at the page's resolution and placed at x, y at its own size: the same dots as printing
 * that label from the app. `page` picks the label page (1-based, default 1) when the label
 * has its own spreadsheet or serial numbers; jobArguments fill its `[column]` texts no
 * differently from other items' (the label's data binding is its own).
 *
 * A text that is not a label, or a page that does not print (an EAN-13 with a letter),
 * refuses the item with code 7 and the print job's own message.
 */
import type { PageElement } from '../../src/engine/types.ts';
import { formatPrintError } from '../../src/print/errors.ts';
import { openJob } from '../../src/print/job.ts';
import { lumaFromBitmap } from '../bitmap.ts';
import { CODE, HelperFailure } from '../protocol.ts';
import type { DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';

export function wdfxElements(f: ItemFields, ctx: DrawContext): PageElement[] {
  const content = f.text('content', 'wdfx', 'template', 'text');
  if (content === undefined) throw f.fail('content', 'is missing (the .wdfx label as XML text)', CODE.noData);
  const job = openJob(ctx.engine, content, null, { dpi: ctx.dpi });
  if (!job.ok) throw new HelperFailure(CODE.invalidFile, `${f.where}: ${formatPrintError(job.error, 'en')}`);
  const number = f.number('page', { integer: true, min: 1 }) ?? 1;
  if (number > job.value.pageCount) throw f.fail('page', `is ${number}; the label has ${job.value.pageCount} page(s)`);
  const rendered = job.value.page(number - 1);
  if (!rendered.ok) throw new HelperFailure(CODE.invalidFile, `${f.where}: ${formatPrintError(rendered.error, 'en')}`);
  const page = rendered.value;
  // The label's dots as a picture at its own size: cut at the middle grey, dot for dot.
  const dotMm = 25.4 / ctx.dpi;
  return [{
    kind: 'image',
    xMm: f.length('x') ?? 0,
    yMm: f.length('y') ?? 0,
    widthMm: page.width * dotMm,
    heightMm: page.height * dotMm,
    image: lumaFromBitmap(page),
    dither: 'threshold',
    threshold: 128,
  }];
}
