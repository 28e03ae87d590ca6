/**
 * The toolbox's further kinds (issue 13; src/editor/kinds.ts): Data Matrix, PDF417 and
 * Grid Matrix (2D code controls of that type), arc text, picture, logo and table, each at
 * the first free position with the spec's default size and content. Picture and logo first
 * ask for a picture file (PNG or JPEG), embedded in the label as a data URL.
 */
import { useRef, type ReactElement } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { CodeBlockRegular, ImageRegular, PanelTopExpandRegular, QrCodeRegular, StarRegular, TableRegular, TextEffectsRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { insertTool, MAX_PICTURE_BYTES, MORE_TOOLS, pictureDataUrl, type Tool, type ToolId } from '../../../editor/kinds';
import { pictureSize } from '../../../render/images';
import { compressPicture } from './pictureCompress';
import type { EditorModel } from '../../../editor/model';
import type { MessageKey } from '../../i18n/types';

const useStyles = makeStyles({
  tool: { justifyContent: 'flex-start' },
  hidden: { display: 'none' },
});

const LOOK: Record<ToolId, { key: MessageKey; icon: ReactElement }> = {
  datamatrix: { key: 'labelEditor.insertDatamatrix', icon: <QrCodeRegular /> },
  pdf417: { key: 'labelEditor.insertPdf417', icon: <CodeBlockRegular /> },
  gridmatrix: { key: 'labelEditor.insertGridmatrix', icon: <PanelTopExpandRegular /> },
  arctext: { key: 'labelEditor.insertArctext', icon: <TextEffectsRegular /> },
  picture: { key: 'labelEditor.insertPicture', icon: <ImageRegular /> },
  logo: { key: 'labelEditor.insertLogo', icon: <StarRegular /> },
  table: { key: 'labelEditor.insertTable', icon: <TableRegular /> },
};

export type EditorNotice = { intent: 'error' | 'warning' | 'success'; text: string };

/** A picture file's data URL, or the message for one that cannot be embedded. A PNG or JPEG
 * over the size or pixel limit is compressed to fit (picture-compress.ts) and embedded as
 * JPEG, with `note` saying so. */
export async function readPictureFile(file: File, t: (key: MessageKey, o?: Record<string, unknown>) => string): Promise<{ ok: true; dataUrl: string; note?: string } | { ok: false; text: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = pictureDataUrl(bytes);
  if (checked.ok) return { ok: true, dataUrl: checked.dataUrl };
  const format = pictureSize(bytes)?.format;
  if (checked.reason === 'tooLarge' && (format === 'png' || format === 'jpeg')) {
    const small = await compressPicture(bytes, MAX_PICTURE_BYTES);
    const fitted = small && pictureDataUrl(small.bytes);
    if (small && fitted?.ok) return { ok: true, dataUrl: fitted.dataUrl, note: t('labelEditor.pictureCompressedOnOpen', { from: sizeText(bytes.length), to: sizeText(small.bytes.length), max: checked.maxMb }) };
  }
  return { ok: false, text: checked.reason === 'tooLarge' ? t('labelEditor.pictureTooLarge', { max: checked.maxMb }) : t('labelEditor.pictureNotPicture') };
}

/** A byte count as the panel shows it: KB under 1 MB, else MB with one decimal. */
export function sizeText(bytes: number): string {
  return bytes < 1048576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
}

export function EditorMoreTools({ model, onNotice, onInserted }: { model: EditorModel; onNotice: (n: EditorNotice | null) => void; onInserted: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  // The tool waiting for its picture file (a ref: the file arrives after a re-render).
  const pending = useRef<Tool | null>(null);

  const insert = (tool: Tool, extra: Record<string, unknown> = {}) => {
    if (!insertTool(model, tool, extra)) onNotice({ intent: 'warning', text: t('labelEditor.noRoom') });
    else onNotice(null);
    onInserted();
  };

  const onPicture = async (file: File) => {
    const tool = pending.current;
    pending.current = null;
    if (!tool) return;
    const read = await readPictureFile(file, t);
    if (!read.ok) return onNotice({ intent: 'error', text: read.text });
    insert(tool, { content: read.dataUrl });
    if (read.note) onNotice({ intent: 'warning', text: read.note });
  };

  return (
    <>
      {MORE_TOOLS.map((tool) => (
        <Button
          key={tool.id}
          className={styles.tool}
          appearance="subtle"
          icon={LOOK[tool.id].icon}
          data-testid={`insert-${tool.id}`}
          onClick={() => {
            if (!tool.picture) return insert(tool);
            pending.current = tool;
            fileInput.current?.click();
          }}
        >
          {t(LOOK[tool.id].key)}
        </Button>
      ))}
      <input
        ref={fileInput}
        className={styles.hidden}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        data-testid="insert-picture-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void onPicture(file);
        }}
      />
    </>
  );
}
