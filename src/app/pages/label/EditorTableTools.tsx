/**
 * The table section of the property panel (issue 13, Tables; src/editor/table-ops.ts):
 * shown while a table is the one selected control. Insert a row above or below and a column
 * left or right of the selected cells, delete their rows or columns, merge them, split a
 * merged cell. Each is one undo step; a button whose operation the spec does not allow on
 * the selected cells is disabled (still focusable) with the reason as its tooltip, and a
 * refusal never changes the table. Below, the text settings of the selected cells (shown as
 * the top-left one has them; a change applies to all of them, one undo step).
 */
import type { ReactElement } from 'react';
import { makeStyles, Text, Toolbar, ToolbarButton, Tooltip, tokens } from '@fluentui/react-components';
import {
  TableCellsMergeRegular,
  TableCellsSplitRegular,
  TableDeleteColumnRegular,
  TableDeleteRowRegular,
  TableMoveAboveRegular,
  TableMoveBelowRegular,
  TableMoveLeftRegular,
  TableMoveRightRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import type { EditorModel } from '../../../editor/model';
import { selectionRange } from '../../../editor/table-cells';
import { tableOpRefusal, type TableOp, type TableRefusal } from '../../../editor/table-ops';
import { TextProperties } from './EditorTextProperties';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  bar: { flexWrap: 'wrap', minWidth: 0, padding: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

const OPS: { op: TableOp; icon: ReactElement }[] = [
  { op: 'rowAbove', icon: <TableMoveAboveRegular /> },
  { op: 'rowBelow', icon: <TableMoveBelowRegular /> },
  { op: 'colLeft', icon: <TableMoveLeftRegular /> },
  { op: 'colRight', icon: <TableMoveRightRegular /> },
  { op: 'deleteRow', icon: <TableDeleteRowRegular /> },
  { op: 'deleteCol', icon: <TableDeleteColumnRegular /> },
  { op: 'merge', icon: <TableCellsMergeRegular /> },
  { op: 'split', icon: <TableCellsSplitRegular /> },
];

/** The refusal's text in the user's language. */
export function useRefusalText(): (r: TableRefusal) => string {
  const { t } = useTranslation();
  return (r) => t(`labelEditor.table.refused.${r.key}`, r.params ?? {});
}

export function EditorTableTools({ model, doc, onDone }: { model: EditorModel; doc: LabelDocument; onDone: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refusalText = useRefusalText();
  const selection = model.selection;
  const table = selection.length === 1 ? doc.children[selection[0]!] : undefined;
  if (table?.kind !== 'table') return null;
  const cells = model.cellSelection;
  const range = cells && cells.index === selection[0] ? selectionRange(table, cells) : null;

  return (
    <div className={styles.section} data-testid="table-tools">
      <Text weight="semibold">{t('labelEditor.table.toolbar')}</Text>
      <Text size={200} className={styles.muted} data-testid="table-cells" data-range={range ? `${range.r1},${range.c1},${range.r2},${range.c2}` : ''}>
        {range ? t('labelEditor.table.selected', { r1: range.r1 + 1, r2: range.r2 + 1, c1: range.c1 + 1, c2: range.c2 + 1 }) : t('labelEditor.table.hint')}
      </Text>
      <Toolbar className={styles.bar} size="small" aria-label={t('labelEditor.table.toolbar')}>
        {OPS.map(({ op, icon }) => {
          const refusal = range ? tableOpRefusal(table, op, range) : null;
          const why = range ? (refusal ? refusalText(refusal) : null) : t('labelEditor.table.noCell');
          const name = t(`labelEditor.table.${op}`);
          return (
            <Tooltip key={op} content={why ? `${name}: ${why}` : name} relationship="label">
              <ToolbarButton
                icon={icon}
                disabledFocusable={why !== null}
                data-testid={`table-${op}`}
                data-refusal={refusal?.key ?? (range ? '' : 'noCell')}
                onClick={() => {
                  if (why !== null) return;
                  model.tableOp(op);
                  onDone();
                }}
              />
            </Tooltip>
          );
        })}
      </Toolbar>
      {range && (
        <div className={styles.section} data-testid="cell-text-props">
          <Text weight="semibold">{t('labelEditor.table.cellText')}</Text>
          <TextProperties el={table.cells[range.r1 * table.cols + range.c1]!} patch={(p) => model.patchCells(p)} />
        </div>
      )}
    </div>
  );
}
