/**
 * The editor toolbar's arrange buttons (issue 13, "The canvas"; src/editor/arrange.ts):
 * align the selection's left edges, centres, right edges, tops, middles or bottoms,
 * distribute horizontally or vertically, and restack (front, forward, backward, back).
 * Each is one undo step, and each button is disabled when it would change nothing.
 */
import type { ReactElement } from 'react';
import { Toolbar, ToolbarButton, ToolbarDivider, Tooltip } from '@fluentui/react-components';
import {
  AlignBottomRegular,
  AlignCenterHorizontalRegular,
  AlignCenterVerticalRegular,
  AlignLeftRegular,
  AlignRightRegular,
  AlignSpaceEvenlyHorizontalRegular,
  AlignSpaceEvenlyVerticalRegular,
  AlignTopRegular,
  ArrowDownloadRegular,
  ArrowDownRegular,
  ArrowUploadRegular,
  ArrowUpRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import { canAlign, canDistribute, canZOrder, type AlignMode, type Axis, type ZOrder } from '../../../editor/arrange';
import type { EditorModel } from '../../../editor/model';

const ALIGN: { mode: AlignMode; icon: ReactElement }[] = [
  { mode: 'left', icon: <AlignLeftRegular /> },
  { mode: 'centre', icon: <AlignCenterHorizontalRegular /> },
  { mode: 'right', icon: <AlignRightRegular /> },
  { mode: 'top', icon: <AlignTopRegular /> },
  { mode: 'middle', icon: <AlignCenterVerticalRegular /> },
  { mode: 'bottom', icon: <AlignBottomRegular /> },
];
const DISTRIBUTE: { axis: Axis; icon: ReactElement }[] = [
  { axis: 'horizontal', icon: <AlignSpaceEvenlyHorizontalRegular /> },
  { axis: 'vertical', icon: <AlignSpaceEvenlyVerticalRegular /> },
];
const STACK: { op: ZOrder; icon: ReactElement }[] = [
  { op: 'front', icon: <ArrowUploadRegular /> },
  { op: 'forward', icon: <ArrowUpRegular /> },
  { op: 'backward', icon: <ArrowDownRegular /> },
  { op: 'back', icon: <ArrowDownloadRegular /> },
];

export function EditorArrangeTools({ model, doc, onDone }: { model: EditorModel; doc: LabelDocument; onDone: () => void }) {
  const { t } = useTranslation();
  const selection = model.selection;
  const alignable = canAlign(doc, selection);
  return (
    // Wraps on a phone instead of running off the right edge.
    <Toolbar style={{ flexWrap: 'wrap', minWidth: 0 }} aria-label={t('labelEditor.arrange.toolbar')} data-testid="editor-arrange">
      {ALIGN.map(({ mode, icon }) => (
        <Tooltip key={mode} content={t(`labelEditor.arrange.${mode}`)} relationship="label">
          <ToolbarButton
            icon={icon}
            disabled={!alignable}
            data-testid={`align-${mode}`}
            onClick={() => {
              model.align(mode);
              onDone();
            }}
          />
        </Tooltip>
      ))}
      {DISTRIBUTE.map(({ axis, icon }) => (
        <Tooltip key={axis} content={t(`labelEditor.arrange.${axis}`)} relationship="label">
          <ToolbarButton
            icon={icon}
            disabled={!canDistribute(doc, selection, axis)}
            data-testid={`distribute-${axis}`}
            onClick={() => {
              model.distribute(axis);
              onDone();
            }}
          />
        </Tooltip>
      ))}
      <ToolbarDivider />
      {STACK.map(({ op, icon }) => (
        <Tooltip key={op} content={t(`labelEditor.arrange.${op}`)} relationship="label">
          <ToolbarButton
            icon={icon}
            disabled={!canZOrder(doc, selection, op)}
            data-testid={`zorder-${op}`}
            onClick={() => {
              model.zOrder(op);
              onDone();
            }}
          />
        </Tooltip>
      ))}
    </Toolbar>
  );
}
