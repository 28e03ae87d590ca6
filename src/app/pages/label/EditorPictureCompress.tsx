/**
 * "Compress picture" in a picture's or logo's properties (label-editor.md section 9: image
 * compression to a size limit in MB): the embedded picture re-encoded as the largest JPEG
 * within the limit (src/editor/picture-compress.ts), one undo step. The result says what it
 * became; a picture already within the limit is left as it is.
 */
import { useEffect, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowMinimizeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { embeddedBytes, toDataUrl } from '../../../label/embedded';
import type { EditorModel } from '../../../editor/model';
import { NumberField } from './EditorProperties';
import { sizeText } from './EditorMoreTools';
import { compressPicture } from './pictureCompress';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The limit offered first, MB: a picture of a label rarely needs more. */
const DEFAULT_LIMIT_MB = 0.5;

type Outcome = { intent: 'done' | 'error'; text: string } | null;

export function PictureCompress({ model, index, content }: { model: EditorModel; index: number; content: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [limitMb, setLimitMb] = useState(DEFAULT_LIMIT_MB);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => setOutcome(null), [index]);
  const embedded = embeddedBytes(content);
  if (!embedded) return null;

  const compress = async () => {
    const limit = Math.floor(limitMb * 1048576);
    if (embedded.bytes.length <= limit) return setOutcome({ intent: 'done', text: t('labelEditor.pictureCompressNotNeeded', { size: sizeText(embedded.bytes.length), max: limitMb }) });
    setBusy(true);
    try {
      const small = await compressPicture(embedded.bytes, limit);
      if (!small) return setOutcome({ intent: 'error', text: t('labelEditor.pictureCompressFailed', { max: limitMb }) });
      // Applied only while the same picture is still on the same control.
      if (model.doc.children[index]?.kind && (model.doc.children[index] as { content?: string }).content === content) {
        model.patchControl(index, { content: toDataUrl('image/jpeg', small.bytes) });
      }
      setOutcome({ intent: 'done', text: t('labelEditor.pictureCompressed', { from: sizeText(embedded.bytes.length), to: sizeText(small.bytes.length), quality: small.quality, width: small.width, height: small.height }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={styles.row}>
        <NumberField label={t('labelEditor.pictureCompressLimit')} value={limitMb} min={0.01} max={10} testId="prop-picture-limit" onCommit={setLimitMb} />
        <Button icon={<ArrowMinimizeRegular />} disabled={busy} data-testid="prop-picture-compress" data-state={busy ? 'busy' : 'idle'} onClick={() => void compress()}>
          {t('labelEditor.pictureCompress')}
        </Button>
      </div>
      {outcome && (
        <Text className={outcome.intent === 'error' ? styles.error : undefined} data-testid="prop-picture-compressed" data-intent={outcome.intent}>
          {outcome.text}
        </Text>
      )}
    </>
  );
}
