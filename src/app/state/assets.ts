/**
 * The app's asset-register cache (see assetStore.ts), wired to the app's API client and to
 * the session: it is emptied whenever the signed-in user changes.
 */
import { subscribe } from 'valtio';
import { assetApi, classifyApi } from '../api';
import { createAssetStore } from './assetStore';
import { session } from './session';

export const assetStore = createAssetStore({ classifies: classifyApi, assets: assetApi });
export const assetState = assetStore.state;

let owner = session.user?.loginID ?? null;
subscribe(session, () => {
  const current = session.user?.loginID ?? null;
  if (current === owner) return;
  owner = current;
  assetStore.reset();
});
