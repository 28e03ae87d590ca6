import { useCallback, useEffect, useState } from 'react';
import { Button, Card, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Permission, type AssetInfo } from '../../../api/contract';
import { hasPermission } from '../../permissions';
import { assetStore } from '../../state/assets';
import { session } from '../../state/session';
import { assetIdParam } from './assetForm';
import { AssetInfoForm } from './AssetInfoForm';

const useStyles = makeStyles({ card: { padding: tokens.spacingHorizontalL } });

/**
 * /asset/info: registers an asset (101) or, with ?id=N, edits one (102). The route opens
 * with either permission; the form says when the user may not save what it shows.
 */
export default function AssetInfoPage() {
  const [params] = useSearchParams();
  const id = assetIdParam(params.get('id'));
  // ?code= prefills a new asset's code (an inventory count's "register this asset").
  return id === null ? <NewAsset code={params.get('code') ?? ''} /> : <EditAsset key={id} id={id} />;
}

function NewAsset({ code }: { code: string }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const canAdd = !!user && hasPermission(user, Permission.assetAdd);
  return <AssetInfoForm key={code} initialCode={code} readOnly={!canAdd} notice={canAdd ? undefined : t('asset.cannotCreate')} />;
}

function EditAsset({ id }: { id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const canEdit = !!user && hasPermission(user, Permission.assetEdit);
  const [asset, setAsset] = useState<AssetInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Every load gives the form a new key: a reload starts it afresh from the record as it is.
  const [loads, setLoads] = useState(0);

  /** Loads the asset again after a save was refused as stale; a message when that fails. */
  const reload = useCallback(async () => {
    const result = await assetStore.loadAsset(id);
    if (!result.ok) return result.message;
    setAsset(result.data);
    setLoads((n) => n + 1);
    return null;
  }, [id]);

  useEffect(() => {
    let live = true;
    void assetStore.loadAsset(id).then((result) => {
      if (!live) return;
      if (result.ok) setAsset(result.data);
      else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (error) {
    return (
      <Card className={styles.card}>
        <MessageBar intent="error" data-testid="asset-load-error">
          <MessageBarBody>{error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => navigate('/asset/list')}>{t('asset.backToList')}</Button>
          </MessageBarActions>
        </MessageBar>
      </Card>
    );
  }
  if (!asset) {
    return (
      <Card className={styles.card}>
        <Spinner size="small" label={t('shell.loading')} />
      </Card>
    );
  }
  return (
    <AssetInfoForm
      key={loads}
      asset={asset}
      readOnly={!canEdit}
      notice={canEdit ? undefined : t('asset.cannotEdit')}
      onReload={reload}
    />
  );
}
