/**
 * The label's own settings (label-editor.md sections 3 and 9; src/label/label.ts
 * labelFields): size, gap type and length, print darkness and speed, print orientation,
 * corner radius, background colour, flag label with its tail, mirror print and lock; the
 * print offsets (mm, added to every control's position when printing) and print scale, the
 * left-right flip, the mirror side of every control, and the background and border pictures
 * (PNG or JPEG, embedded in the label as data URLs; the border drawn as a nine-patch at its
 * dots per mm). Every change goes through the model's history (one undo step) and
 * updateLabel's rules (locking the label locks every control; a tail turned between
 * horizontal and vertical restarts at length 0; a mirror mode is set on every control).
 * Shown whole when no control is selected; with a selection, the size and a button that
 * opens the rest.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular, ImageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { labelFields, TAIL_DIRECTIONS, type LabelDocument, type LabelFields } from '../../../label/label';
import { DARKNESS_OFFERED, GAP_TYPES, hexColorOf, optionsWith, SPEED_OFFERED } from '../../../editor/label-settings';
import { MIRROR_MODES } from '../../../editor/shape-options';
import type { EditorModel } from '../../../editor/model';
import type { MirrorMode } from '../../../label/elements/kind';
import type { MessageKey } from '../../i18n/types';
import { LabelProperties, NumberField } from './EditorProperties';
import { Choice } from './EditorKindProperties';
import { readPictureFile } from './EditorMoreTools';

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
  picture: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  hidden: { display: 'none' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Text keys of the mirror modes (the same words as a control's own mirror side). */
const MIRROR_KEYS: Record<MirrorMode, MessageKey> = { 0: 'labelEditor.itemFlagsMirrorNone', 1: 'labelEditor.itemFlagsMirrorBoth', 16: 'labelEditor.itemFlagsMirrorOnly' };

/**
 * A label picture (background or border): a button that picks a PNG or JPEG file, embedded
 * as a data URL (readPictureFile: a file that is not a picture, or is too large, is said
 * under the button and nothing is applied), and a remove button while one is set.
 */
function PictureSetting({ label, removeLabel, value, onPick, testId }: { label: string; removeLabel: string; value: string; onPick: (dataUrl: string) => void; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <div className={styles.picture}>
        <Button icon={<ImageRegular />} data-testid={testId} data-set={value !== '' ? 'true' : 'false'} onClick={() => fileInput.current?.click()}>
          {label}
        </Button>
        {value !== '' && (
          <Button appearance="subtle" icon={<DeleteRegular />} data-testid={`${testId}-remove`} onClick={() => onPick('')}>
            {removeLabel}
          </Button>
        )}
      </div>
      {error && (
        <Text className={styles.error} data-testid={`${testId}-error`}>
          {error}
        </Text>
      )}
      <input
        ref={fileInput}
        className={styles.hidden}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          void readPictureFile(file, t).then((read) => {
            setError(read.ok ? null : read.text);
            if (read.ok) onPick(read.dataUrl);
          });
        }}
      />
    </>
  );
}

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
            <div className={styles.pair}>
              <NumberField label={t('labelEditor.settingsHorOffset')} value={doc.printHorOffset} min={labelFields.printHorOffset.min!} max={labelFields.printHorOffset.max!} testId="label-hor-offset" onCommit={(printHorOffset) => set({ printHorOffset })} />
              <NumberField label={t('labelEditor.settingsVerOffset')} value={doc.printVerOffset} min={labelFields.printVerOffset.min!} max={labelFields.printVerOffset.max!} testId="label-ver-offset" onCommit={(printVerOffset) => set({ printVerOffset })} />
              <NumberField label={t('labelEditor.settingsScale')} value={doc.printScale} min={labelFields.printScale.min!} max={labelFields.printScale.max!} testId="label-scale" onCommit={(printScale) => set({ printScale })} />
              <Choice label={t('labelEditor.settingsMirrorMode')} value={doc.mirrorMode} options={MIRROR_MODES.map((m) => [m, t(MIRROR_KEYS[m])] as const)} onPick={(mirrorMode) => set({ mirrorMode })} testId="label-mirror-mode" />
            </div>
            <Checkbox label={t('labelEditor.settingsHorFlip')} checked={doc.horFlip} data-testid="label-flip" onChange={(_, d) => set({ horFlip: d.checked === true })} />
            <PictureSetting label={t('labelEditor.settingsBackgroundImage')} removeLabel={t('labelEditor.settingsBackgroundImageRemove')} value={doc.backgroundImage} onPick={(backgroundImage) => set({ backgroundImage })} testId="label-background-image" />
            <PictureSetting label={t('labelEditor.settingsBorderImage')} removeLabel={t('labelEditor.settingsBorderImageRemove')} value={doc.borderImage} onPick={(borderImage) => set({ borderImage })} testId="label-border-image" />
            <NumberField label={t('labelEditor.settingsBorderDpm')} value={doc.borderImageDpm} min={labelFields.borderImageDpm.min!} max={labelFields.borderImageDpm.max!} testId="label-border-dpm" onCommit={(borderImageDpm) => set({ borderImageDpm })} />
          </>
        )}
      </fieldset>
    </div>
  );
}
