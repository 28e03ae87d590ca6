/**
 * Every control's four flags (label-editor.md section 3, common control fields), one small
 * section at the foot of the property panel: locked (the canvas, the arrows and the x, y,
 * width and height fields leave it where it is), printed (off: drawn in the editor, left
 * out of every printed page), inverted (antiColor: its box printed black, its drawing
 * white) and the mirror mode (0 the normal side only, 1 both sides, 16 the mirrored side
 * only; a label prints a mirrored side only with its own mirror print on, so without it
 * the section says that mode 0 changes nothing and that a mode-16 control is not printed).
 * Each change is one patchControl (one undo step).
 */
import { Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LabelElement } from '../../../label/elements/index';
import type { MirrorMode } from '../../../label/elements/kind';
import { MIRROR_MODES } from '../../../editor/shape-options';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';
import { Choice } from './EditorKindProperties';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  flags: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** Text keys of the mirror modes. */
const MIRROR_KEYS: Record<MirrorMode, string> = { 0: 'itemFlagsMirrorNone', 1: 'itemFlagsMirrorBoth', 16: 'itemFlagsMirrorOnly' };

export function ItemFlags({ model, el, index, mirrorPrint }: { model: EditorModel; el: LabelElement; index: number; mirrorPrint: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const patch = (p: Record<string, unknown>) => model.patchControl(index, p);
  const key = (k: string) => t(`labelEditor.${k}` as MessageKey);
  return (
    <div className={styles.section} role="group" aria-label={key('itemFlagsTitle')} data-testid="prop-flags">
      <Text weight="semibold" size={200}>
        {key('itemFlagsTitle')}
      </Text>
      <div className={styles.flags}>
        <Checkbox label={key('itemFlagsLock')} checked={el.lockMovement} data-testid="prop-lock" onChange={(_, d) => patch({ lockMovement: d.checked === true })} />
        <Checkbox label={key('itemFlagsPrinting')} checked={el.printing} data-testid="prop-printing" onChange={(_, d) => patch({ printing: d.checked === true })} />
        <Checkbox label={key('itemFlagsInvert')} checked={el.antiColor} data-testid="prop-anti-color" onChange={(_, d) => patch({ antiColor: d.checked === true })} />
      </div>
      {!el.printing && (
        <Text size={200} className={styles.note} data-testid="prop-not-printed">
          {key('itemFlagsNotPrinted')}
        </Text>
      )}
      <Choice label={key('itemFlagsMirrorMode')} value={el.mirrorMode} options={MIRROR_MODES.map((m) => [m, key(MIRROR_KEYS[m])] as const)} onPick={(mirrorMode) => patch({ mirrorMode })} testId="prop-mirror-mode" />
      {!mirrorPrint && el.mirrorMode !== 1 && (
        <Text size={200} className={el.mirrorMode === 16 ? styles.warning : styles.note} data-testid="prop-mirror-note">
          {key(el.mirrorMode === 16 ? 'itemFlagsMirrorNotPrinted' : 'itemFlagsMirrorUnused')}
        </Text>
      )}
    </div>
  );
}
