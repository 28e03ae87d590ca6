/**
 * The file token that picture addresses carry (GET api/File/Token): one for the whole app
 * while the session lasts, fetched again every 4 minutes. A token lives at least 5 minutes
 * from when it is issued, so the one in use always has a minute or more left when an image
 * asks for it; shown images do not need it any more.
 */
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { fileApi } from '../../api';
import { session } from '../../state/session';

const REFRESH_MS = 4 * 60 * 1000;

/** The current file token; null until the first one arrives (images wait without a src). */
export function usePictureToken(): string | null {
  const { user } = useSnapshot(session);
  const { data } = useSWR(
    user ? (['file-token', user.loginID] as const) : null,
    async () => {
      const result = await fileApi.token();
      if (!result.ok) throw new Error(result.message);
      return result.data.fileToken;
    },
    { refreshInterval: REFRESH_MS, revalidateOnFocus: false, dedupingInterval: 60_000, keepPreviousData: true },
  );
  return data ?? null;
}
