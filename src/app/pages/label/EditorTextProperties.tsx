/**
 * The property panel's text fields for a text, date/time or arc-text control (label-editor.md
 * sections 3, 5 and 9): font name, size and style bits, letter and line spacing, wrap, auto
 * height, vertical text and alignment, in a "Text" section; a date control's formats and
 * offsets in a "Date and time" section. Both sections fold, so the panel stays short. The
 * same fields serve the selected cells of a table (EditorTableTools), less auto height: a
 * cell's box is the grid's.
 *
 * Arc text shows only what its engine drawing uses (font, size, bold, italic, letter
 * spacing: underline, strikeout, wrapping and alignment do not apply on an arc, raster
 * truetype/arc.rs). Every change is one patchControl (one undo step); a number out of its
 * field's range, and a format choice leaving a date control with neither a date nor a
 * time, are refused at the field with the reason, and nothing is applied.
 */
import { useEffect, useState } from 'react';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Checkbox, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { kindDef, type LabelElement } from '../../../label/elements/index';
import { cellFields, type CellElement } from '../../../label/elements/cell';
import { FontStyle } from '../../../label/elements/common';
import { FONT_SIZES, formatNumber, mmToPt, ptToMm, snapFontSize } from '../../../label/units';
import { fontChoices, formatChange, formatChoices, HORIZONTAL_ALIGNMENTS, NO_FORMAT, VERTICAL_ALIGNMENTS, verticalAlignName, withStyleBit, type FaceKind } from '../../../editor/text-properties';
import type { MessageKey } from '../../i18n/types';
import { NumberField } from './EditorProperties';
import { IntegerField } from './EditorKindProperties';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  /** Lets a select shrink into its grid column (its longest option would widen it). */
  select: { minWidth: 0, maxWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  panel: { paddingLeft: 0, paddingRight: 0, marginLeft: 0, marginRight: 0 },
});

export type TextControl = Extract<LabelElement, { kind: 'text' | 'date' | 'arctext' }>;

export function isTextControl(el: LabelElement): el is TextControl {
  return el.kind === 'text' || el.kind === 'date' || el.kind === 'arctext';
}

function range(el: LabelElement | CellElement, key: string): { min: number; max: number } {
  const f = el.kind === 'cell' ? (cellFields as Record<string, { min?: number; max?: number }>)[key] : kindDef(el.kind)?.fields[key];
  return { min: f?.min ?? -Infinity, max: f?.max ?? Infinity };
}

const FACE_KEYS: Readonly<Record<FaceKind, MessageKey>> = {
  latin: 'labelEditor.textProps.faceLatin',
  chinese: 'labelEditor.textProps.faceChinese',
  fallback: 'labelEditor.textProps.faceFallback',
};

const H_ALIGN_KEYS: Readonly<Record<(typeof HORIZONTAL_ALIGNMENTS)[number][1], MessageKey>> = {
  left: 'labelEditor.textProps.alignLeft',
  centre: 'labelEditor.textProps.alignCentre',
  right: 'labelEditor.textProps.alignRight',
  justify: 'labelEditor.textProps.alignJustify',
  stretch: 'labelEditor.textProps.alignStretch',
};

const V_ALIGN_KEYS: Readonly<Record<(typeof VERTICAL_ALIGNMENTS)[number][1], MessageKey>> = {
  top: 'labelEditor.textProps.alignTop',
  middle: 'labelEditor.textProps.alignMiddle',
  bottom: 'labelEditor.textProps.alignBottom',
};

/** `patch` sets fields on the control (one undo step), or on every selected cell. */
export function TextProperties({ el, patch }: { el: TextControl | CellElement; patch: (p: Record<string, unknown>) => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  // The Chinese size names (五号, 小四) mean something to Chinese readers only.
  const chinese = i18n.language.startsWith('zh');
  const onArc = el.kind === 'arctext';
  const fonts = fontChoices(el.fontName);
  const ownFont = fonts[0]!.own ? fonts[0]! : null;
  const styleBox = (bit: number, label: string, testId: string) => (
    <Checkbox label={label} checked={(el.fontStyle & bit) !== 0} data-testid={testId} onChange={(_, d) => patch({ fontStyle: withStyleBit(el.fontStyle, bit, d.checked === true) })} />
  );

  return (
    <Accordion multiple collapsible defaultOpenItems={['text', 'date']}>
      <AccordionItem value="text">
        <AccordionHeader size="small" data-testid="prop-section-text">
          {t('labelEditor.textProps.section')}
        </AccordionHeader>
        <AccordionPanel className={styles.panel}>
          <div className={styles.section}>
            <Field className={styles.select} label={t('labelEditor.textProps.font')} hint={ownFont ? <span data-testid="prop-font-own">{t('labelEditor.textProps.ownFont', { face: t(FACE_KEYS[ownFont.face]) })}</span> : undefined}>
              <Select className={styles.select} value={el.fontName} data-testid="prop-font-name" onChange={(_, d) => patch({ fontName: d.value })}>
                {fonts.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.own ? f.name : t('labelEditor.textProps.fontChoice', { name: f.name, face: t(FACE_KEYS[f.face]) })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('labelEditor.fontSize')}>
              <Select value={String(snapFontSize(mmToPt(el.fontHeight)))} data-testid="prop-font-size" onChange={(_, d) => patch({ fontHeight: ptToMm(Number(d.value)) })}>
                {FONT_SIZES.map((s) => (
                  <option key={s.pt} value={s.pt}>
                    {chinese && s.name ? `${s.name} (${s.pt})` : t('labelEditor.fontSizePt', { pt: s.pt })}
                  </option>
                ))}
              </Select>
            </Field>
            <div className={styles.pair}>
              {styleBox(FontStyle.Bold, t('labelEditor.bold'), 'prop-bold')}
              {styleBox(FontStyle.Italic, t('labelEditor.italic'), 'prop-italic')}
              {!onArc && styleBox(FontStyle.Underline, t('labelEditor.textProps.underline'), 'prop-underline')}
              {!onArc && styleBox(FontStyle.Strikeout, t('labelEditor.textProps.strikeout'), 'prop-strikeout')}
            </div>
            <div className={styles.pair}>
              <NumberField label={t('labelEditor.textProps.charSpace')} value={el.charSpace} {...range(el, 'charSpace')} testId="prop-char-space" onCommit={(charSpace) => patch({ charSpace })} />
              {!onArc && <NumberField label={t('labelEditor.textProps.lineSpace')} value={el.lineSpace} {...range(el, 'lineSpace')} testId="prop-line-space" onCommit={(lineSpace) => patch({ lineSpace })} />}
            </div>
            {!onArc && (
              <>
                <div className={styles.pair}>
                  <Field label={t('labelEditor.textProps.horAlign')} className={styles.select}>
                    <Select className={styles.select} value={String(el.horAlignment)} data-testid="prop-hor-align" onChange={(_, d) => patch({ horAlignment: Number(d.value) })}>
                      {HORIZONTAL_ALIGNMENTS.map(([n, name]) => (
                        <option key={n} value={n}>
                          {t(H_ALIGN_KEYS[name])}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label={t('labelEditor.textProps.verAlign')} className={styles.select}>
                    {/* A file's 3 or 4 print at the top: shown as top; choosing top writes 0. */}
                    <Select
                      className={styles.select}
                      value={String(VERTICAL_ALIGNMENTS.find(([, name]) => name === verticalAlignName(el.verAlignment))![0])}
                      data-testid="prop-ver-align"
                      onChange={(_, d) => patch({ verAlignment: Number(d.value) })}
                    >
                      {VERTICAL_ALIGNMENTS.map(([n, name]) => (
                        <option key={n} value={n}>
                          {t(V_ALIGN_KEYS[name])}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
                <Checkbox label={t('labelEditor.textProps.wrap')} checked={el.autoReturn} data-testid="prop-wrap" onChange={(_, d) => patch({ autoReturn: d.checked === true })} />
                {el.kind !== 'cell' && (
                  <Checkbox label={t('labelEditor.textProps.autoHeight')} checked={el.autoHeight} data-testid="prop-auto-height" onChange={(_, d) => patch({ autoHeight: d.checked === true })} />
                )}
                <Checkbox label={t('labelEditor.textProps.vertical')} checked={el.verDisplay} data-testid="prop-vertical" onChange={(_, d) => patch({ verDisplay: d.checked === true })} />
              </>
            )}
          </div>
        </AccordionPanel>
      </AccordionItem>
      {el.kind === 'date' && (
        <AccordionItem value="date">
          <AccordionHeader size="small" data-testid="prop-section-date">
            {t('labelEditor.textProps.dateSection')}
          </AccordionHeader>
          <AccordionPanel className={styles.panel}>
            <DateProperties el={el} patch={patch} />
          </AccordionPanel>
        </AccordionItem>
      )}
    </Accordion>
  );
}

function DateProperties({ el, patch }: { el: Extract<LabelElement, { kind: 'date' }>; patch: (p: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Which list's last choice was refused (it would have left neither a date nor a time).
  const [refused, setRefused] = useState<'date' | 'time' | null>(null);
  useEffect(() => setRefused(null), [el.dateFormat, el.timeFormat]);
  const choose = (part: 'date' | 'time', format: string) => {
    const change = formatChange(el, part, format);
    if (!change.ok) return setRefused(part);
    setRefused(null);
    patch(change.patch);
  };
  const formatSelect = (part: 'date' | 'time', current: string, label: string, testId: string) => (
    <Field
      label={label}
      className={styles.select}
      validationState={refused === part ? 'error' : 'none'}
      validationMessage={refused === part ? <span data-testid="prop-format-refused">{t('labelEditor.textProps.formatNeeded')}</span> : undefined}
    >
      {/* A refused choice snaps back: the select shows the control's format, not the choice. */}
      <Select className={styles.select} value={current} data-testid={testId} onChange={(_, d) => choose(part, d.value)}>
        {formatChoices(part, current).map((f) => (
          <option key={f} value={f}>
            {f === NO_FORMAT ? t('labelEditor.textProps.formatNone') : f}
          </option>
        ))}
      </Select>
    </Field>
  );
  // The range is in the label (days about ±100 years; the others the same span in their unit).
  const offset = (key: 'dateOffset' | 'hourOffset' | 'minuteOffset' | 'secondOffset', label: string, testId: string) => {
    const r = range(el, key);
    return <IntegerField label={`${label} (±${formatNumber(r.max)})`} value={el[key]} {...r} testId={testId} onCommit={(v) => patch({ [key]: v })} />;
  };
  return (
    <div className={styles.section}>
      {formatSelect('date', el.dateFormat, t('labelEditor.textProps.dateFormat'), 'prop-date-format')}
      {formatSelect('time', el.timeFormat, t('labelEditor.textProps.timeFormat'), 'prop-time-format')}
      <Text size={200} className={styles.muted}>
        {t('labelEditor.textProps.offsetsHint')}
      </Text>
      <div className={styles.pair}>
        {offset('dateOffset', t('labelEditor.textProps.dateOffset'), 'prop-date-offset')}
        {offset('hourOffset', t('labelEditor.textProps.hourOffset'), 'prop-hour-offset')}
        {offset('minuteOffset', t('labelEditor.textProps.minuteOffset'), 'prop-minute-offset')}
        {offset('secondOffset', t('labelEditor.textProps.secondOffset'), 'prop-second-offset')}
      </div>
    </div>
  );
}
