import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { closeAllTags, closeOtherTags, closeTag, tagsState, type CloseResult } from '../state/tags';
import { PageTag } from './PageTag';

const useStyles = makeStyles({
  root: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: '40px',
    paddingInline: tokens.spacingHorizontalM,
    overflowX: 'auto',
    overflowY: 'hidden',
    scrollbarWidth: 'thin',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
});

/** Visited pages as tags; right-click a tag to close it, the others, or all (spec section 2). */
export function TagsBar() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { visited } = useSnapshot(tagsState);

  const apply = ({ visited: next, navigateTo }: CloseResult) => {
    tagsState.visited = next;
    if (navigateTo) navigate(navigateTo);
  };

  return (
    <div className={styles.root} role="toolbar" aria-label={t('shell.openPages')} data-testid="tags-bar">
      {visited.map((tag) => (
        <PageTag
          key={tag.path}
          label={t(tag.titleKey)}
          path={tag.path}
          active={tag.path === pathname}
          closable={!tag.affix}
          onOpen={() => navigate(tag.path)}
          onClose={() => apply(closeTag(tagsState.visited, tag.path, pathname))}
          onCloseOthers={() => apply(closeOtherTags(tagsState.visited, tag.path, pathname))}
          onCloseAll={() => apply(closeAllTags(tagsState.visited, pathname))}
        />
      ))}
    </div>
  );
}
