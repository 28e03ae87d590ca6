/**
 * The app's label-template cache (templateStore.ts), wired to the template API (the label
 * base address) and to local storage per user; emptied in memory when the signed-in user
 * changes. The template pages read their lists through it.
 */
import { subscribe } from 'valtio';
import { templateApi } from '../api';
import { session } from './session';
import { readJson, StorageKey, userKey, writeJson } from './storage';
import { createTemplateStore, type StoredTemplates, type TemplateStorage } from './templateStore';

/** Above this many characters the lists stay in memory only (local storage is about 5 MB a site). */
const STORED_MAX_CHARS = 1_000_000;

const isStored = (v: unknown): v is StoredTemplates => {
  const s = v as StoredTemplates | null;
  return !!s && typeof s === 'object' && !!s.versions && !!s.lists && Array.isArray(s.lists.private ?? []) && Array.isArray(s.lists.public ?? []);
};

export const localTemplateStorage: TemplateStorage = {
  read: (userId) => readJson(userKey(StorageKey.templates, userId), isStored),
  write: (userId, value) => {
    const key = userKey(StorageKey.templates, userId);
    writeJson(key, JSON.stringify(value).length <= STORED_MAX_CHARS ? value : null);
  },
};

export const templateStore = createTemplateStore(templateApi, localTemplateStorage);
export const templateState = templateStore.state;

let owner = session.user?.loginID ?? null;
subscribe(session, () => {
  const current = session.user?.loginID ?? null;
  if (current === owner) return;
  owner = current;
  templateStore.reset();
});
