import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Divider, Link, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Permission, type AssetInfo } from '../../../api/contract';
import { hasPermission } from '../../permissions';
import { assetState, assetStore } from '../../state/assets';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { formatMoney, pictureSrc } from '../asset/assetDisplay';
import { assetIdParam } from '../asset/assetForm';
import { statusLabel } from '../asset/assetListQuery';
import { usePictureToken } from '../asset/pictureToken';
import { AssetHistory } from './AssetHistory';
import { BusinessActionMenu } from './BusinessActionMenu';
import { formatBusinessTime } from './businessDisplay';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  heading: { margin: 0, flexGrow: 1 },
  body: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', alignItems: 'flex-start' },
  fields: {
    flexGrow: 1,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  // Pictures at most 240 CSS px a side; the original opens in a new tab.
  picture: { maxWidth: '240px', maxHeight: '240px', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  noPicture: { color: tokens.colorNeutralForeground3 },
});

/**
 * /asset/listinfo?id=N: the asset's own page (the list's row click leads here): its fields,
 * picture and its full transaction history, newest first; Edit (102) and the transactions
 * the user may start (104-108) from here.
 */
export default function AssetPage() {
  const [params] = useSearchParams();
  const id = assetIdParam(params.get('id'));
  return <AssetView key={id ?? 0} id={id} />;
}

function AssetView({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const { assetRevision } = useSnapshot(assetState);
  const pictureToken = usePictureToken();
  const [asset, setAsset] = useState<AssetInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    void assetStore.loadAsset(id).then((result) => {
      if (!live) return;
      if (result.ok) setAsset(result.data);
      else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [id, assetRevision, language]);

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/asset/list')}>
      {t('asset.backToList')}
    </Button>
  );
  if (id === null || error) {
    return (
      <Card className={styles.card}>
        <MessageBar intent="error" data-testid="asset-load-error">
          <MessageBarBody>{error ?? t('error.notFoundTitle')}</MessageBarBody>
          <MessageBarActions>{back}</MessageBarActions>
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

  const money = (value: number | null) => (value === null ? '' : `¥${formatMoney(value, language)}`);
  const item = (label: string, value: ReactNode, testId?: string) => (
    <div key={label}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {value === '' || value === null ? '—' : value}
      </dd>
    </div>
  );
  const canEdit = !!user && hasPermission(user, Permission.assetEdit);
  return (
    <Card className={styles.card} data-testid="asset-page" data-code={asset.assetCoding}>
      <div className={styles.header}>
        <Title3 as="h2" className={styles.heading}>
          {asset.assetName} <Text>({asset.assetCoding})</Text>
        </Title3>
        <Badge appearance="tint" color="informative" size="large" data-testid="asset-page-status">
          {t(statusLabel(asset.status))}
        </Badge>
        {user && <BusinessActionMenu user={user} selected={new Set([asset.id])} />}
        {canEdit && (
          <Button icon={<EditRegular />} onClick={() => navigate(`/asset/info?id=${asset.id}`)} data-testid="asset-page-edit">
            {t('business.edit')}
          </Button>
        )}
        {back}
      </div>
      <Subtitle2>{t('business.assetInfo')}</Subtitle2>
      <div className={styles.body}>
        <dl className={styles.fields}>
          {item(t('asset.field.assetCoding'), asset.assetCoding)}
          {item(t('asset.field.assetName'), asset.assetName)}
          {item(t('asset.field.classify'), asset.classifyName ?? '')}
          {item(t('asset.field.specifications'), asset.specifications)}
          {item(t('asset.field.unit'), asset.unit)}
          {item(t('asset.field.supplier'), asset.supplier)}
          {item(t('asset.field.affiliatedDept'), asset.deptName ?? '')}
          {item(t('asset.field.affiliatedStaff'), asset.staffName ?? '', 'asset-page-staff')}
          {item(t('asset.field.depositSite'), asset.depositSite)}
          {item(t('asset.field.buyDate'), asset.buyDate ?? '')}
          {item(t('asset.field.buyPrice'), money(asset.buyPrice))}
          {item(t('asset.field.currentValue'), money(asset.currentValue))}
          {item(t('asset.field.expireDate'), asset.expiry.date ?? '')}
          {item(t('asset.field.epc'), asset.epc)}
          {item(t('asset.field.tid'), asset.tid)}
          {item(t('assetLabel.labelPrinted'), asset.labelPrintedAt ? formatBusinessTime(asset.labelPrintedAt) : t('assetLabel.neverPrinted'), 'asset-page-label-printed')}
          {Object.entries(asset.attributeValues).map(([name, value]) => item(name, value))}
        </dl>
        {asset.picture && pictureToken ? (
          <a href={pictureSrc(asset.picture, pictureToken, import.meta.env.VITE_API_BASE ?? '')} target="_blank" rel="noreferrer">
            <img className={styles.picture} src={pictureSrc(asset.picture, pictureToken, import.meta.env.VITE_API_BASE ?? '')} alt={t('asset.pictureAlt')} data-testid="asset-page-picture" />
          </a>
        ) : (
          <Text className={styles.noPicture}>{asset.picture ? '' : t('business.noPicture')}</Text>
        )}
      </div>
      <Divider />
      <div className={styles.header}>
        <Subtitle2 className={styles.heading}>{t('business.history')}</Subtitle2>
        <Link href={`/asset/business?asset=${asset.id}`} onClick={(e) => { e.preventDefault(); navigate(`/asset/business?asset=${asset.id}`); }} data-testid="asset-page-records">
          {t('business.records.allHistory')}
        </Link>
      </div>
      <AssetHistory assetId={asset.id} />
    </Card>
  );
}
