/**
 * The label's own settings (label-editor.md sections 3 and 9; src/label/label.ts
 * labelFields): size, gap type and length, print darkness and speed, print orientation,
 * corner radius, background colour, flag label with its tail, mirror print and lock. Every
 * change goes through the model's history (one undo step) and updateLabel's rules (locking
 * the label locks every control; a tail turned between horizontal and vertical restarts at
 * length 0). Shown whole when no control is selected; with a selection, the size and a
 * button that opens the rest.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { labelFields, TAIL_DIRECTIONS, type LabelDocument, type LabelFields } from '../../../label/label';
import { DARKNESS_OFFERED, GAP_TYPES, hexColorOf, optionsWith, SPEED_OFFERED } from '../../../editor/label-settings';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';
import { LabelProperties, NumberField } from './EditorProperties';

/** 'gap' -> 'Gap': the text keys of option values. */
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  /** Lets a select shrink into its grid column (its longest option would widen it). */
  select: { minWidth: 0 },
  colour: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 40px', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  swatch: { width: '40px', height: '32px', padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, cursor: 'pointer' },
  input: { minWidth: 0, width: '100%' },
  /** Disables every field of a protected label at once, drawing nothing itself. */
  fields: { display: 'contents', border: 'none', margin: 0, padding: 0, minWidth: 0 },
});

/** A background colour as 6 hex digits, refused at the field otherwise. */
function ColourField({ value, onCommit }: { value: string; onCommit: (hex: string) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(value);
  const [error, setError] = useState(false);
  useEffect(() => {
    setText(value);
    setError(false);
  }, [value]);
  const commit = (raw: string) => {
    const hex = hexColorOf(raw);
    setError(hex === null);
    if (hex !== null && hex !== value) onCommit(hex);
    else if (hex !== null) setText(value);
  };
  return (
    <div className={styles.colour}>
      <Field label={t('labelEditor.settingsBackground')} validationState={error ? 'error' : 'none'} validationMessage={error ? t('labelEditor.settingsColorError') : undefined}>
        <Input className={styles.input} value={text} data-testid="label-background" onChange={(_, d) => setText(d.value)} onBlur={() => commit(text)} onKeyDown={(e) => e.key === 'Enter' && commit(text)} />
      </Field>
      <input className={styles.swatch} type="color" aria-label={t('labelEditor.settingsBackground')} value={`#${value.slice(-6)}`} data-testid="label-background-picker" onChange={(e) => commit(e.currentTarget.value)} />
    </div>
  );
}

function NumberChoice({ label, value, options, onPick, testId }: { label: string; value: number; options: readonly (readonly [number, string])[]; onPick: (v: number) => void; testId: string }) {
  const styles = useStyles();
  return (
    <Field label={label} className={styles.select}>
      <Select className={styles.select} value={String(value)} data-testid={testId} onChange={(_, d) => onPick(Number(d.value))}>
        {options.map(([v, text]) => (
          <option key={v} value={String(v)}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function EditorLabelSettings({ model, doc }: { model: EditorModel; doc: LabelDocument }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<Record<keyof LabelFields, unknown>>) => model.patchLabel(patch);
  const unset = t('labelEditor.settingsUnset');
  // A protected label shows its settings whole: the flag that lifts the protection is there.
  const whole = open || model.selection.length === 0 || !doc.editable;

  return (
    <div className={styles.panel} data-testid="label-settings">
      <Checkbox label={t('labelEditor.settingsEditable')} checked={doc.editable} data-testid="label-editable" onChange={(_, d) => set({ editable: d.checked === true })} />
      <fieldset className={styles.fields} disabled={!doc.editable} data-testid="label-settings-fields">
      <LabelProperties model={model} doc={doc} />
      {!whole && (
        <Button appearance="subtle" data-testid="label-settings-more" onClick={() => setOpen(true)}>
          {t('labelEditor.settingsMore')}
        </Button>
      )}
      {whole && (
        <>
          <div className={styles.pair}>
            <NumberChoice label={t('labelEditor.settingsGapType')} value={doc.gapType} options={GAP_TYPES.map(([v, k]) => [v, t(`labelEditor.settingsGap${cap(k)}` as MessageKey)] as const)} onPick={(gapType) => set({ gapType })} testId="label-gap-type" />
            <NumberField label={t('labelEditor.settingsGapLength')} value={doc.gapLength} min={labelFields.gapLength.min!} max={labelFields.gapLength.max!} testId="label-gap-length" onCommit={(gapLength) => set({ gapLength })} />
            <NumberChoice label={t('labelEditor.settingsDarkness')} value={doc.printDarkness} options={optionsWith(DARKNESS_OFFERED, doc.printDarkness).map((v) => [v, v === 255 ? unset : String(v)] as const)} onPick={(printDarkness) => set({ printDarkness })} testId="label-darkness" />
            <NumberChoice label={t('labelEditor.settingsSpeed')} value={doc.printSpeed} options={SPEED_OFFERED.map((v) => [v, v === 255 ? unset : String(v)] as const)} onPick={(printSpeed) => set({ printSpeed })} testId="label-speed" />
            <NumberChoice label={t('labelEditor.settingsOrientation')} value={doc.orientation} options={[0, 90, 180, 270].map((deg) => [deg, t('labelEditor.degrees', { deg })] as const)} onPick={(orientation) => set({ orientation })} testId="label-orientation" />
            <NumberField label={t('labelEditor.settingsCornerRadius')} value={doc.cornerRadius} min={labelFields.cornerRadius.min!} max={labelFields.cornerRadius.max!} testId="label-corner-radius" onCommit={(cornerRadius) => set({ cornerRadius })} />
          </div>
          <ColourField value={doc.backgroundColor} onCommit={(backgroundColor) => set({ backgroundColor })} />
          <Checkbox label={t('labelEditor.settingsFlagLabel')} checked={doc.isFlagLabel} data-testid="label-flag" onChange={(_, d) => set({ isFlagLabel: d.checked === true })} />
          {doc.isFlagLabel && (
            <div className={styles.pair}>
              <Field label={t('labelEditor.settingsTailDirection')} className={styles.select}>
                <Select className={styles.select} value={doc.tailDirection} data-testid="label-tail-direction" onChange={(_, d) => set({ tailDirection: d.value })}>
                  {TAIL_DIRECTIONS.map((dir) => (
                    <option key={dir} value={dir}>
                      {t(`labelEditor.settingsTail${cap(dir)}` as MessageKey)}
                    </option>
                  ))}
                </Select>
              </Field>
              <NumberField label={t('labelEditor.settingsTailLength')} value={doc.tailLength} min={labelFields.tailLength.min!} max={labelFields.tailLength.max!} testId="label-tail-length" onCommit={(tailLength) => set({ tailLength })} />
            </div>
          )}
          <Checkbox label={t('labelEditor.settingsMirrorPrint')} checked={doc.mirrorPrint} data-testid="label-mirror-print" onChange={(_, d) => set({ mirrorPrint: d.checked === true })} />
          <Checkbox label={t('labelEditor.settingsLock')} checked={doc.lockMovement} data-testid="label-lock" onChange={(_, d) => set({ lockMovement: d.checked === true })} />
        </>
      )}
      </fieldset>
    </div>
  );
}
