import { useRef, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FILE_MAX_BYTES } from '../../../api/contract';
import { assetStore } from '../../state/assets';
import { bytesToBase64, pictureSrc } from './assetDisplay';
import { usePictureToken } from './pictureToken';

/** Picture types the server takes (by their bytes; the suffix is checked here first). */
export const PICTURE_SUFFIXES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  frame: {
    width: '160px',
    height: '120px',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground4,
    fontSize: '40px',
  },
  image: { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The asset's picture: choose a file (png, jpg, gif, webp, at most 5 MB), upload it through
 * POST api/File/Upload, preview it; replace or remove it. `onChange` gets the file's id and
 * address (null, null when removed).
 */
export function AssetPictureInput({
  picture,
  disabled,
  onChange,
}: {
  picture: string | null;
  disabled?: boolean;
  onChange: (id: number | null, url: string | null) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pictureToken = usePictureToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File) => {
    setProblem(null);
    const suffix = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
    if (!(PICTURE_SUFFIXES as readonly string[]).includes(suffix)) return setProblem(t('asset.pictureType'));
    if (file.size > FILE_MAX_BYTES) return setProblem(t('asset.pictureTooLarge'));
    setBusy(true);
    try {
      const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
      const result = await assetStore.uploadPicture(file.name, base64);
      if (result.ok) onChange(result.data.id, result.data.url);
      else setProblem(result.message);
    } catch {
      setProblem(t('asset.pictureReadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.frame}>
        {picture && pictureToken ? (
          <img className={styles.image} src={pictureSrc(picture, pictureToken, import.meta.env.VITE_API_BASE ?? '')} alt={t('asset.pictureAlt')} data-testid="asset-picture-preview" />
        ) : (
          <ImageAddRegular />
        )}
      </div>
      <div className={styles.side}>
        <input
          ref={fileInput}
          type="file"
          accept=".png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
          data-testid="asset-picture-file"
        />
        <Button icon={<ImageAddRegular />} disabled={disabled || busy} onClick={() => fileInput.current?.click()} data-testid="asset-picture-upload">
          {busy ? t('asset.uploading') : picture ? t('asset.replacePicture') : t('asset.uploadPicture')}
        </Button>
        {picture && (
          <Button appearance="subtle" icon={<DismissRegular />} disabled={disabled || busy} onClick={() => onChange(null, null)} data-testid="asset-picture-remove">
            {t('asset.removePicture')}
          </Button>
        )}
        <Text size={200} className={styles.hint}>
          {t('asset.pictureHint')}
        </Text>
        {problem && (
          <Text size={200} className={styles.error} data-testid="asset-picture-error">
            {problem}
          </Text>
        )}
      </div>
    </div>
  );
}
