/**
 * Property-panel fields of shapes, lines, barcodes and 2D codes (label-editor.md section 3;
 * issue 26): a rectangle's shape, corner radius (mm) and fill; a line's style and dash
 * length (mm; dashes are drawn from 0.1 mm, and the panel says when a shorter one prints
 * solid); a barcode's human-readable text position, alignment, size and bold; a 2D code's
 * quiet zone (modules), a QR Code's version (a version too small for the data is refused
 * by the engine, and the editor shows its message, naming the smallest version that
 * holds the data, under the label) and a PDF417's aspect ratio. Each change is one
 * patchControl (one undo step); a number out of its schema's range is refused at the field.
 */
import { Checkbox, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LabelElement } from '../../../label/elements/index';
import { RECT_TYPES, drawnCornerRadius } from '../../../label/elements/rectangle';
import { DASH_MIN, LINE_TYPES } from '../../../label/elements/line';
import { TEXT_POSITIONS } from '../../../label/elements/barcode';
import { FontStyle } from '../../../label/elements/common';
import { formatNumber, mmToPt, ptToMm, round3 } from '../../../label/units';
import { CAPTION_ALIGNMENTS, CAPTION_FONT_SIZES, dashTooShort, fieldRange, nearestCaptionSize, QR_VERSIONS, qrModules, withBold, ZONE_SIZES } from '../../../editor/shape-options';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';
import { NumberField } from './EditorProperties';
import { Choice } from './EditorKindProperties';

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  note: { color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  select: { minWidth: 0 },
});

/** 'roundrect' -> 'Roundrect': the text keys of option values. */
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Text keys of the caption alignments 0..3. */
const ALIGNMENT_KEYS = ['Left', 'Centre', 'Right', 'Justify'] as const;

export function ShapeProperties({ model, el, index }: { model: EditorModel; el: LabelElement; index: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const patch = (p: Record<string, unknown>) => model.patchControl(index, p);
  const key = (k: string) => t(`labelEditor.${k}` as MessageKey);

  if (el.kind === 'rectangle') {
    const drawn = drawnCornerRadius(el);
    return (
      <>
        <Choice label={key('shapePropsShape')} value={el.type} options={RECT_TYPES.map((ty) => [ty, key(`shapePropsShape${cap(ty)}`)] as const)} onPick={(type) => patch({ type })} testId="prop-rect-type" />
        {el.type === 'roundrect' && (
          <>
            <NumberField label={key('shapePropsCornerRadius')} value={el.cornerWidth} {...fieldRange(el, 'cornerWidth')} testId="prop-corner-radius" onCommit={(cornerWidth) => patch({ cornerWidth })} />
            {drawn < el.cornerWidth && (
              <Text size={200} className={styles.note} data-testid="prop-corner-note">
                {t('labelEditor.shapePropsCornerClamped', { radius: formatNumber(round3(drawn)) })}
              </Text>
            )}
          </>
        )}
        <Checkbox label={key('shapePropsFilled')} checked={el.filled} data-testid="prop-filled" onChange={(_, d) => patch({ filled: d.checked === true })} />
      </>
    );
  }

  if (el.kind === 'line') {
    return (
      <>
        <Choice label={key('shapePropsLineType')} value={el.type} options={LINE_TYPES.map((ty) => [ty, key(`shapePropsLine${cap(ty)}`)] as const)} onPick={(type) => patch({ type })} testId="prop-line-type" />
        {el.type === 'dash' && <NumberField label={key('shapePropsDashLength')} value={el.dashGap} {...fieldRange(el, 'dashGap')} testId="prop-dash-gap" onCommit={(dashGap) => patch({ dashGap })} />}
        {dashTooShort(el) && (
          <Text size={200} className={styles.warning} data-testid="prop-dash-note">
            {t('labelEditor.shapePropsDashTooShort', { min: formatNumber(DASH_MIN) })}
          </Text>
        )}
      </>
    );
  }

  if (el.kind === 'barcode') {
    // The Chinese size names (五号, 小四) mean something to Chinese readers only.
    const chinese = i18n.language.startsWith('zh');
    return (
      <>
        <Choice label={key('shapePropsTextPosition')} value={el.textPosition} options={TEXT_POSITIONS.map((p) => [p, key(`shapePropsText${cap(p)}`)] as const)} onPick={(textPosition) => patch({ textPosition })} testId="prop-text-position" />
        {el.textPosition !== 'none' && (
          <>
            <Choice label={key('shapePropsTextAlignment')} value={el.textAlignment} options={CAPTION_ALIGNMENTS.map((a) => [a, key(`shapePropsAlign${ALIGNMENT_KEYS[a]}`)] as const)} onPick={(textAlignment) => patch({ textAlignment })} testId="prop-text-alignment" />
            <div className={styles.pair}>
              <Field label={key('shapePropsCaptionSize')} className={styles.select}>
                <Select className={styles.select} value={String(nearestCaptionSize(mmToPt(el.fontHeight)))} data-testid="prop-caption-size" onChange={(_, d) => patch({ fontHeight: ptToMm(Number(d.value)) })}>
                  {CAPTION_FONT_SIZES.map((s) => (
                    <option key={s.pt} value={s.pt}>
                      {chinese && s.name ? `${s.name} (${s.pt})` : t('labelEditor.fontSizePt', { pt: s.pt })}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkbox label={key('shapePropsCaptionBold')} checked={(el.fontStyle & FontStyle.Bold) !== 0} data-testid="prop-caption-bold" onChange={(_, d) => patch({ fontStyle: withBold(el.fontStyle, d.checked === true) })} />
            </div>
          </>
        )}
      </>
    );
  }

  if (el.kind === 'qrcode') {
    const zones = ZONE_SIZES.map((z) => [z, z === 0 ? key('shapePropsQuietZoneNone') : t('labelEditor.shapePropsQuietZoneModules', { modules: z })] as const);
    const versions = QR_VERSIONS.map((v) => [v, v === 0 ? key('shapePropsQrVersionAuto') : t('labelEditor.shapePropsQrVersionN', { version: v, modules: qrModules(v) })] as const);
    return (
      <>
        <Choice label={key('shapePropsQuietZone')} value={el.zoneSize} options={zones} onPick={(zoneSize) => patch({ zoneSize })} testId="prop-zone-size" />
        {el.type === 'qrcode' && (
          <>
            <Choice label={key('shapePropsQrVersion')} value={el.version} options={versions} onPick={(version) => patch({ version })} testId="prop-qr-version" />
            {el.version > 0 && (
              <Text size={200} className={styles.note} data-testid="prop-qr-version-note">
                {key('shapePropsQrVersionHint')}
              </Text>
            )}
          </>
        )}
        {el.type === 'pdf417' && (
          <>
            <NumberField label={key('shapePropsAspectRatio')} value={el.aspectratio} {...fieldRange(el, 'aspectratio')} disabled={!el.pdf417AutoCols} testId="prop-pdf417-aspect" onCommit={(aspectratio) => patch({ aspectratio })} />
            {!el.pdf417AutoCols && (
              <Text size={200} className={styles.note} data-testid="prop-pdf417-aspect-note">
                {key('shapePropsAspectAutoOnly')}
              </Text>
            )}
          </>
        )}
      </>
    );
  }
  return null;
}
