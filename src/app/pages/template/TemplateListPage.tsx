/**
 * /template/private and /template/public (issue 16): a company's own label templates, or
 * the general gallery, as a grid of thumbnails (the server's engine-rendered first page,
 * loaded with a file token), each with its name, label size, file size and last change;
 * search by name, paging, an empty state; Open leads to the editor (?template=<id>) and
 * makes the template the current one (local settings). Lists come from the template cache
 * (state/templates.ts), which asks the server for its version and refetches only on a change.
 */
import { useState } from 'react';
import { Button, Card, CardFooter, CardPreview, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { OpenRegular, SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { TemplateInfo, TemplateScope } from '../../../api/contract';
import { templateThumbnailSrc } from '../../../api/template';
import { templateApiBase } from '../../api';
import { ListFrame } from '../../components/ListFrame';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { usePagedList } from '../../hooks/usePagedList';
import { session } from '../../state/session';
import { setCurrentTemplate } from '../../state/settings';
import { templateStore } from '../../state/templates';
import { can } from '../../permissions';
import { usePictureToken } from '../asset/pictureToken';
import { TemplateCardMenu, TemplateListTools } from './TemplateActions';
import { emptyMessageKey, formatBytes, formatMm, templateEditorPath } from './templateView';

/** Typing settles this long (ms) before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  // The intro takes a line of its own above the search and the tools.
  intro: { color: tokens.colorNeutralForeground3, flexBasis: '100%' },
  search: { minWidth: '240px', maxWidth: '360px', flexGrow: 1 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  preview: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '160px', backgroundColor: tokens.colorNeutralBackground3 },
  // The thumbnail is a 1-bit raster: shown whole, never stretched, pixels kept sharp.
  thumb: { maxWidth: '100%', maxHeight: '150px', objectFit: 'contain', imageRendering: 'pixelated', backgroundColor: '#fff', boxShadow: tokens.shadow2 },
  noThumb: { color: tokens.colorNeutralForeground3 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground3 },
});

function TemplateCard({ template, fileToken, canStore, onChanged }: { template: TemplateInfo; fileToken: string | null; canStore: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const src = templateThumbnailSrc(templateApiBase, template.thumbnailUrl, fileToken, template.version);
  const updated = new Date(template.updatedAt);
  return (
    <Card data-testid="template-card" data-template-id={template.templateID} data-version={template.version}>
      <CardPreview className={styles.preview}>
        {src ? (
          <img className={styles.thumb} src={src} alt={t('labelTemplate.thumbnailAlt', { name: template.templateName })} data-testid="template-thumbnail" />
        ) : (
          <Text className={styles.noThumb}>{t('labelTemplate.noThumbnail')}</Text>
        )}
      </CardPreview>
      <Text weight="semibold" className={styles.name} title={template.templateName} data-testid="template-name">
        {template.templateName}
      </Text>
      <Text size={200} className={styles.meta} data-testid="template-size">
        {t('labelTemplate.size', { width: formatMm(template.widthMm), height: formatMm(template.heightMm) })} · {formatBytes(template.contentSize)} · {t('labelTemplate.version', { version: template.version })}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('labelTemplate.updated', { time: Number.isNaN(updated.getTime()) ? '—' : updated.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </Text>
      <CardFooter>
        <Button icon={<OpenRegular />} appearance="primary" size="small" onClick={() => {
            setCurrentTemplate(template.templateID);
            navigate(templateEditorPath(template.templateID));
          }} data-testid="template-open">
          {t('labelTemplate.open')}
        </Button>
        <TemplateCardMenu template={template} canStore={canStore} onChanged={onChanged} />
      </CardFooter>
    </Card>
  );
}

export function TemplateListPage({ scope }: { scope: TemplateScope }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const fileToken = usePictureToken();
  const canStore = user ? can.usePrivateTemplates(user) : false;
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const list = usePagedList({
    name: 'templates',
    enabled: !!user,
    filters: { scope, search },
    deps: [user?.loginID],
    fetchPage: (pageIndex, pageSize) => templateStore.page(user!.Id, { scope, search, pageIndex, pageSize }),
    totalOf: (page) => page.total,
  });
  const { data, refresh } = list;

  return (
    <ListFrame
      bare
      testId={`template-page-${scope}`}
      toolbar={
        <>
          <Text className={styles.intro}>{t(scope === 'private' ? 'labelTemplate.privateIntro' : 'labelTemplate.publicIntro')}</Text>
          <Input
            className={styles.search}
            contentBefore={<SearchRegular />}
            placeholder={t('labelTemplate.search')}
            aria-label={t('labelTemplate.searchLabel')}
            value={typed}
            onChange={(_, d) => setTyped(d.value)}
            data-testid="template-search"
          />
          {scope === 'private' && canStore && <TemplateListTools onChanged={refresh} />}
        </>
      }
      {...list.frame}
      error={list.error && t('labelTemplate.loadFailed', { reason: list.error })}
      retryLabel={t('labelTemplate.retry')}
      errorTestId="template-error"
      empty={data && data.templates.length === 0 ? { text: t(emptyMessageKey(scope, search), { search }), testId: 'template-empty' } : null}
      body="grid"
    >
      {data && data.templates.length > 0 && (
        <div className={styles.grid} data-testid="template-grid" data-total={data.total}>
          {data.templates.map((template) => (
            <TemplateCard key={template.templateID} template={template} fileToken={fileToken} canStore={canStore} onChanged={refresh} />
          ))}
        </div>
      )}
    </ListFrame>
  );
}
