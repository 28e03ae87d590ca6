/**
 * The asset list's "Print labels" button (with the selection's count) and its dialog. The
 * dialog (AssetLabelDialog.tsx) previews labels with the engine and the label reader, so it
 * is loaded on the first click: the list itself never loads them.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AssetLabelDialogProps } from './AssetLabelDialog';

const AssetLabelDialog = lazy(() => import('./AssetLabelDialog').then((m) => ({ default: m.AssetLabelDialog })));

export function AssetLabelButton(props: Omit<AssetLabelDialogProps, 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = props.selected.length;
  return (
    <>
      <Button icon={<PrintRegular />} onClick={() => setOpen(true)} data-testid="asset-print-labels">
        {n > 0 ? `${t('assetLabel.printLabels')} (${n})` : t('assetLabel.printLabels')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssetLabelDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
