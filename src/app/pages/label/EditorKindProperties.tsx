/**
 * Property-panel fields of the kinds added to the toolbox in issue 13, from each kind's
 * schema (src/label/elements/*.ts): a picture's or logo's colour mode, threshold, tiling and
 * picture file; a table's rows and columns (1..30) and line width; a 2D code's type and the
 * type's own options (Data Matrix shape, PDF417 error correction and columns, Grid Matrix
 * error correction and layers). A number out of its field's range is refused at the field
 * (src/editor/fields.ts) and nothing of it is applied.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { ImageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { kindDef, type LabelElement } from '../../../label/elements/index';
import { CODE2D_TYPES, DM_SHAPES, type Code2DType } from '../../../label/elements/qrcode';
import { formatNumber } from '../../../label/units';
import { SYMBOLOGIES } from '../../../engine/symbologies';
import { checkInteger, pictureDataUrl, resizeGrid, TABLE_COUNT } from '../../../editor/kinds';
import { embeddedBytes } from '../../../label/embedded';
import { fileApi } from '../../api';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';
import { NumberField } from './EditorProperties';
import { readPictureFile } from './EditorMoreTools';
import { PictureCompress } from './EditorPictureCompress';

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  /** Lets a select shrink into its grid column (its longest option would widen it). */
  select: { minWidth: 0 },
  input: { minWidth: 0, width: '100%' },
  hidden: { display: 'none' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** 'gray' -> 'Gray': the text keys of option values. */
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const COLOR_MODES = [
  [0, 'original'],
  [1, 'gray'],
  [2, 'blackWhite'],
  [3, 'halftone'],
] as const;

/** PDF417 error correction: -1 automatic, then 0..8 (spec section 5). */
const PDF417_ECC = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8];
/** Grid Matrix: 0 automatic, error correction 1..5 and layers 1..13 (spec section 5). */
const GM_ECC = [0, 1, 2, 3, 4, 5];
const GM_LAYERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

function range(el: LabelElement, key: string): { min: number; max: number } {
  const f = kindDef(el.kind)?.fields[key];
  return { min: f?.min ?? -Infinity, max: f?.max ?? Infinity };
}

/** A whole number, refused outside [min, max] or with a fraction. */
export function IntegerField({ label, value, min, max, onCommit, testId, disabled }: { label: string; value: number; min: number; max: number; onCommit: (v: number) => void; testId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setError(null);
  }, [value]);
  const commit = () => {
    const checked = checkInteger(text, min, max);
    if (!checked.ok) return setError(t('labelEditor.rangeError', { min: formatNumber(min), max: formatNumber(max) }));
    setError(null);
    if (checked.value !== value) onCommit(checked.value);
    else setText(String(value));
  };
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
      <Input className={styles.input} value={text} inputMode="numeric" disabled={disabled} data-testid={testId} onChange={(_, d) => setText(d.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
    </Field>
  );
}

/** A select among `options` ([value, text] pairs), calling onPick with the value chosen. */
export function Choice<T extends string | number>({ label, value, options, onPick, testId }: { label: string; value: T; options: readonly (readonly [T, string])[]; onPick: (v: T) => void; testId: string }) {
  const styles = useStyles();
  return (
    <Field label={label} className={styles.select}>
      <Select
        className={styles.select}
        value={String(value)}
        data-testid={testId}
        onChange={(_, d) => {
          const hit = options.find(([v]) => String(v) === d.value);
          if (hit) onPick(hit[0]);
        }}
      >
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function KindProperties({ model, el, index }: { model: EditorModel; el: LabelElement; index: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  // A picture file that could not be embedded: said under its button, nothing applied.
  const [pictureError, setPictureError] = useState<string | null>(null);
  // A picture file compressed to fit on the way in: said under its button.
  const [pictureNote, setPictureNote] = useState<string | null>(null);
  // A picture by web address: the server fetches it (browsers cannot read other origins'
  // pictures) and it is embedded as the file button's would be; a refusal is said under it.
  const [pictureUrl, setPictureUrl] = useState('');
  const [pictureUrlError, setPictureUrlError] = useState<string | null>(null);
  const [pictureUrlBusy, setPictureUrlBusy] = useState(false);
  // The control the panel shows now, and whether it shows one at all: a fetch that returns
  // after the selection moved on (it may take seconds) is not put on another control.
  const shownIndex = useRef(index);
  shownIndex.current = index;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    setPictureUrl('');
    setPictureUrlError(null);
    setPictureUrlBusy(false);
  }, [index]);
  const patch = (p: Record<string, unknown>) => model.patchControl(index, p);
  const auto = t('labelEditor.automatic');

  const fetchPicture = async () => {
    const address = pictureUrl.trim();
    if (!/^https?:\/\/[^/\s]/i.test(address)) return setPictureUrlError(t('labelEditor.pictureUrlInvalid'));
    setPictureUrlBusy(true);
    const result = await fileApi.fromUrl(address);
    if (!mounted.current || shownIndex.current !== index) return;
    setPictureUrlBusy(false);
    if (!result.ok) return setPictureUrlError(result.message);
    // The editor's own limits apply as to a chosen file (kinds.ts pictureDataUrl).
    const bytes = embeddedBytes(result.data.dataUrl)?.bytes;
    const checked = bytes ? pictureDataUrl(bytes) : null;
    if (!checked?.ok) {
      return setPictureUrlError(checked?.reason === 'tooLarge' ? t('labelEditor.pictureTooLarge', { max: checked.maxMb }) : t('labelEditor.pictureNotPicture'));
    }
    setPictureUrlError(null);
    patch({ content: checked.dataUrl });
  };

  if (el.kind === 'picture' || el.kind === 'logo') {
    return (
      <>
        <Choice label={t('labelEditor.colorMode')} value={el.colorMode} options={COLOR_MODES.map(([v, k]) => [v, t(`labelEditor.colorModes${cap(k)}` as MessageKey)] as const)} onPick={(colorMode) => patch({ colorMode })} testId="prop-color-mode" />
        <IntegerField label={t('labelEditor.threshold')} value={el.threshold} {...range(el, 'threshold')} testId="prop-threshold" onCommit={(threshold) => patch({ threshold })} />
        <Checkbox label={t('labelEditor.tile')} checked={el.tile} data-testid="prop-tile" onChange={(_, d) => patch({ tile: d.checked === true })} />
        <Button icon={<ImageRegular />} data-testid="prop-picture" onClick={() => fileInput.current?.click()}>
          {t('labelEditor.pictureChoose')}
        </Button>
        {pictureError && (
          <Text className={styles.error} data-testid="prop-picture-error">
            {pictureError}
          </Text>
        )}
        <input
          ref={fileInput}
          className={styles.hidden}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          data-testid="prop-picture-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            void readPictureFile(file, t).then((read) => {
              setPictureError(read.ok ? null : read.text);
              if (!read.ok) return;
              patch({ content: read.dataUrl });
              setPictureNote(read.note ?? null);
            });
          }}
        />
        {pictureNote && <Text data-testid="prop-picture-note">{pictureNote}</Text>}
        <Field label={t('labelEditor.pictureUrl')}>
          <Input
            type="url"
            value={pictureUrl}
            placeholder="https://"
            data-testid="prop-picture-url"
            onChange={(_, d) => setPictureUrl(d.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !pictureUrlBusy) void fetchPicture();
            }}
          />
        </Field>
        <Button data-testid="prop-picture-url-fetch" disabled={pictureUrlBusy} onClick={() => void fetchPicture()}>
          {t('labelEditor.pictureUrlFetch')}
        </Button>
        {pictureUrlError && (
          <Text className={styles.error} data-testid="prop-picture-url-error">
            {pictureUrlError}
          </Text>
        )}
        <PictureCompress model={model} index={index} content={el.content} />
      </>
    );
  }

  if (el.kind === 'table') {
    return (
      <>
        <div className={styles.pair}>
          <IntegerField label={t('labelEditor.tableRows')} value={el.rows} {...TABLE_COUNT} disabled={el.lockMovement} testId="prop-rows" onCommit={(rows) => model.updateControl(index, 'rows', (c) => (c.kind === 'table' ? resizeGrid(c, rows, c.cols) : c))} />
          <IntegerField label={t('labelEditor.tableCols')} value={el.cols} {...TABLE_COUNT} disabled={el.lockMovement} testId="prop-cols" onCommit={(cols) => model.updateControl(index, 'columns', (c) => (c.kind === 'table' ? resizeGrid(c, c.rows, cols) : c))} />
        </div>
        <NumberField label={t('labelEditor.lineWidth')} value={el.lineWidth} {...range(el, 'lineWidth')} testId="prop-line-width" onCommit={(lineWidth) => patch({ lineWidth })} />
      </>
    );
  }

  if (el.kind === 'qrcode') {
    const types = CODE2D_TYPES.map((ty) => [ty, t(`labelEditor.codeTypes${cap(ty)}` as MessageKey)] as const);
    return (
      <>
        <Choice
          label={t('labelEditor.codeType')}
          value={el.type}
          options={types}
          testId="prop-code-type"
          onPick={(type: Code2DType) => patch(el.content === SYMBOLOGIES[el.type].sample ? { type, content: SYMBOLOGIES[type].sample } : { type })}
        />
        {el.type === 'datamatrix' && (
          <Choice label={t('labelEditor.dmShape')} value={el.dmCodeShape} options={DM_SHAPES.map((s) => [s, t(`labelEditor.dmShapes${cap(s)}` as MessageKey)] as const)} onPick={(dmCodeShape) => patch({ dmCodeShape })} testId="prop-dm-shape" />
        )}
        {el.type === 'pdf417' && (
          <>
            <Choice label={t('labelEditor.pdf417Ecc')} value={el.pdf417EccLevel} options={PDF417_ECC.map((n) => [n, n < 0 ? auto : String(n)] as const)} onPick={(pdf417EccLevel) => patch({ pdf417EccLevel })} testId="prop-pdf417-ecc" />
            <Checkbox label={t('labelEditor.pdf417AutoCols')} checked={el.pdf417AutoCols} data-testid="prop-pdf417-auto-cols" onChange={(_, d) => patch({ pdf417AutoCols: d.checked === true })} />
            <IntegerField label={t('labelEditor.pdf417Cols')} value={el.pdf417Cols} {...range(el, 'pdf417Cols')} disabled={el.pdf417AutoCols} testId="prop-pdf417-cols" onCommit={(pdf417Cols) => patch({ pdf417Cols })} />
          </>
        )}
        {el.type === 'gridmatrix' && (
          <div className={styles.pair}>
            <Choice label={t('labelEditor.gmEcc')} value={el.gmEccLevel} options={GM_ECC.map((n) => [n, n === 0 ? auto : String(n)] as const)} onPick={(gmEccLevel) => patch({ gmEccLevel })} testId="prop-gm-ecc" />
            <Choice label={t('labelEditor.gmLayers')} value={el.gmVersion} options={GM_LAYERS.map((n) => [n, n === 0 ? auto : String(n)] as const)} onPick={(gmVersion) => patch({ gmVersion })} testId="prop-gm-layers" />
          </div>
        )}
      </>
    );
  }
  return null;
}
