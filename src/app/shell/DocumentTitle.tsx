import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../router';

/** Sets document.title to "<route title> - <site name>" (spec section 2), in the UI language. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    | RouteHandle
    | undefined;
  const title = handle ? `${t(handle.titleKey)} - ${t('app.siteName')}` : t('app.siteName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
