/**
 * The editor's property panel (label-editor.md sections 3 and 5) for the selected control,
 * and the label's own size. Every number is checked against its field's range (the kind's
 * schema; a width or height against the kind's minimum size) when it is committed (Enter
 * or leaving the field): a value out of range is refused at the field with the range, and
 * nothing of it is applied.
 */
import { useEffect, useState } from 'react';
import { Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { kindDef, type LabelElement } from '../../../label/elements/index';
import { BARCODE_TYPES } from '../../../label/elements/barcode';
import { QR_ECC_LEVELS } from '../../../label/elements/qrcode';
import { labelFields, type LabelDocument } from '../../../label/label';
import { formatNumber } from '../../../label/units';
import { SYMBOLOGIES } from '../../../engine/symbologies';
import { minSizeOf } from '../../../editor/edit';
import { checkNumber } from '../../../editor/fields';
import { resizedTable, tableMinSize } from '../../../editor/table-ops';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';
import { KindProperties } from './EditorKindProperties';
import { isTextControl, TextProperties } from './EditorTextProperties';
import { ShapeProperties } from './EditorShapeProperties';
import { ItemFlags } from './EditorItemFlags';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  input: { minWidth: 0, width: '100%' },
});

/** A number in mm (3 decimals) or another unit, refused outside [min, max]. */
export function NumberField({ label, value, min, max, onCommit, testId, disabled }: { label: string; value: number; min: number; max: number; onCommit: (v: number) => void; testId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(formatNumber(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(formatNumber(value));
    setError(null);
  }, [value]);
  const commit = () => {
    const checked = checkNumber(text, min, max);
    if (!checked.ok) {
      setError(t('labelEditor.rangeError', { min: formatNumber(min), max: formatNumber(max) }));
      return;
    }
    setError(null);
    const v = checked.value;
    if (v !== value) onCommit(v);
    else setText(formatNumber(value));
  };
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
      <Input
        className={styles.input}
        value={text}
        inputMode="decimal"
        disabled={disabled}
        data-testid={testId}
        onChange={(_, d) => setText(d.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </Field>
  );
}

/** Text committed when the field is left (Enter too, except in a multi-line text). */
function ContentField({ value, multiline, onCommit }: { value: string; multiline: boolean; onCommit: (v: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <Field label={t('labelEditor.content')}>
      {multiline ? (
        <Textarea value={text} data-testid="prop-content" onChange={(_, d) => setText(d.value)} onBlur={commit} resize="vertical" />
      ) : (
        <Input value={text} data-testid="prop-content" onChange={(_, d) => setText(d.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
      )}
    </Field>
  );
}

function fieldRange(el: LabelElement, key: string): { min: number; max: number } {
  const f = kindDef(el.kind)?.fields[key];
  return { min: f?.min ?? -Infinity, max: f?.max ?? Infinity };
}

export function ControlProperties({ model, doc }: { model: EditorModel; doc: LabelDocument }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const selection = model.selection;
  if (selection.length === 0) return <Text className={styles.muted}>{t('labelEditor.nothingSelected')}</Text>;
  if (selection.length > 1) return <Text data-testid="prop-many">{t('labelEditor.manySelected', { count: selection.length })}</Text>;
  const index = selection[0]!;
  const el = doc.children[index];
  if (!el) return null;
  const patch = (p: Record<string, unknown>) => model.patchControl(index, p);
  // A table scales its columns and rows proportionally: its minimum is where the smallest cell is 0.5 mm.
  const min = el.kind === 'table' ? tableMinSize(el) : minSizeOf(el, doc, model.locale);
  const size = (width: number, height: number) =>
    el.kind === 'table' ? model.updateControl(index, 'resize', (c) => (c.kind === 'table' ? resizedTable(c, width, height) : c)) : patch({ width, height });
  const locked = el.lockMovement;

  return (
    <div className={styles.panel} data-testid="prop-panel" data-kind={el.kind}>
      <Text weight="semibold">{t(`labelEditor.kind.${el.kind}` as MessageKey)}</Text>
      {locked && <Text className={styles.muted}>{t('labelEditor.locked')}</Text>}
      <div className={styles.pair}>
        <NumberField label={t('labelEditor.x')} value={el.x} {...fieldRange(el, 'x')} disabled={locked} testId="prop-x" onCommit={(x) => model.edit('move', (d) => moveTo(d, index, x, el.y, model))} />
        <NumberField label={t('labelEditor.y')} value={el.y} {...fieldRange(el, 'y')} disabled={locked} testId="prop-y" onCommit={(y) => model.edit('move', (d) => moveTo(d, index, el.x, y, model))} />
        <NumberField label={t('labelEditor.width')} value={el.width} min={min.width} max={fieldRange(el, 'width').max} disabled={locked} testId="prop-width" onCommit={(width) => size(width, el.height)} />
        <NumberField label={t('labelEditor.height')} value={el.height} min={min.height} max={fieldRange(el, 'height').max} disabled={locked} testId="prop-height" onCommit={(height) => size(el.width, height)} />
      </div>
      <Field label={t('labelEditor.rotation')}>
        <Select value={String(el.orientation)} data-testid="prop-rotation" onChange={(_, d) => patch({ orientation: Number(d.value) })}>
          {[0, 90, 180, 270].map((deg) => (
            <option key={deg} value={deg}>
              {t('labelEditor.degrees', { deg })}
            </option>
          ))}
        </Select>
      </Field>
      {(el.kind === 'text' || el.kind === 'barcode' || el.kind === 'qrcode' || el.kind === 'arctext') && <ContentField value={el.content} multiline={el.kind === 'text'} onCommit={(content) => patch({ content })} />}
      {isTextControl(el) && <TextProperties el={el} patch={patch} />}
      {el.kind === 'barcode' && (
        <Field label={t('labelEditor.barcodeType')}>
          <Select
            value={el.type}
            data-testid="prop-barcode-type"
            onChange={(_, d) => {
              const type = d.value as (typeof BARCODE_TYPES)[number];
              // The old type's sample becomes the new type's sample (an EAN-13 needs digits).
              patch(el.content === SYMBOLOGIES[el.type].sample ? { type, content: SYMBOLOGIES[type].sample } : { type });
            }}
          >
            {BARCODE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SYMBOLOGIES[type].name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {el.kind === 'qrcode' && el.type === 'qrcode' && (
        <Field label={t('labelEditor.eccLevel')}>
          <Select value={el.eccLevel} data-testid="prop-ecc" onChange={(_, d) => patch({ eccLevel: d.value })}>
            {QR_ECC_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`labelEditor.ecc.${level}`)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <KindProperties model={model} el={el} index={index} />
      {(el.kind === 'rectangle' || el.kind === 'line') && (
        <NumberField label={t('labelEditor.lineWidth')} value={el.lineWidth} {...fieldRange(el, 'lineWidth')} testId="prop-line-width" onCommit={(lineWidth) => patch({ lineWidth })} />
      )}
      <ShapeProperties model={model} el={el} index={index} />
      <ItemFlags model={model} el={el} index={index} mirrorPrint={doc.mirrorPrint} />
    </div>
  );
}

/** Control `index` placed at (x, y) mm (a line's ends move with it). */
function moveTo(doc: LabelDocument, index: number, x: number, y: number, model: EditorModel): LabelDocument {
  const el = doc.children[index];
  if (!el) return doc;
  return model.moved(doc, index, x - el.x, y - el.y);
}

export function LabelProperties({ model, doc }: { model: EditorModel; doc: LabelDocument }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const w = labelFields.labelWidth;
  const h = labelFields.labelHeight;
  return (
    <div className={styles.pair}>
      <NumberField label={t('labelEditor.labelWidth')} value={doc.labelWidth} min={w.min!} max={w.max!} testId="label-width" onCommit={(labelWidth) => model.patchLabel({ labelWidth })} />
      <NumberField label={t('labelEditor.labelHeight')} value={doc.labelHeight} min={h.min!} max={h.max!} testId="label-height" onCommit={(labelHeight) => model.patchLabel({ labelHeight })} />
    </div>
  );
}
