/**
 * The editor on a stored label template (issue 16): /label/editor?template=<id> loads the
 * template's .wdfx from the server; Save then writes it back (POST api/Template/Save with the
 * version loaded; a stale version shows the "changed by someone else" bar, whose Reload loads
 * the template again). A general (public) template is read-only to the server: Save makes a
 * private copy (Duplicate) and saves the label into it. "Save as template" stores a new or
 * file label as a new private template. After either, the address names the template, so a
 * reload opens it again.
 */
import { messageLanguage } from '../../i18n/types';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TemplateInfo, TemplateScope } from '../../../api/contract';
import type { EditorModel } from '../../../editor/model';
import { labelFileBytes } from '../../../editor/files';
import { formatLabelMessage } from '../../../label/errors';
import { readLabel } from '../../../label/wdfx';
import { templateApi } from '../../api';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { can } from '../../permissions';
import { session } from '../../state/session';
import { templateEditorPath, templateIdFromSearch } from '../template/templateView';
import type { EditorNotice } from './EditorMoreTools';

export interface OpenTemplate {
  templateID: number;
  templateName: string;
  scope: TemplateScope;
  /** The version the editor's label was loaded from or last saved as. */
  version: number;
}

/** The template each editor model is on, so a model resumed from the print page keeps it. */
const openTemplates = new WeakMap<EditorModel, OpenTemplate>();

export interface EditorTemplate {
  /** The stored template the label is, or null (a new label or a file). */
  current: OpenTemplate | null;
  /** Whether the user has a template user (private templates; spec section 6). */
  canStore: boolean;
  busy: boolean;
  /** Saves back to the template (a public one: into a new private copy). */
  save(): Promise<void>;
  /** Stores the label as a new private template. */
  saveAsTemplate(): Promise<void>;
  /** The label is no longer the template (New, or a file opened). */
  detach(): void;
  /** The "changed by someone else" bar while a save stands refused, else null. */
  bar: ReactNode;
}

function openOf(info: TemplateInfo): OpenTemplate {
  return { templateID: info.templateID, templateName: info.templateName, scope: info.scope, version: info.version };
}

/** The label's .wdfx text as the server stores it. */
function contentOf(model: EditorModel): string {
  return new TextDecoder().decode(labelFileBytes(model.doc));
}

export function useEditorTemplate(model: EditorModel, onFileName: (name: string | null) => void, onNotice: (n: EditorNotice | null) => void): EditorTemplate {
  const { t, i18n } = useTranslation();
  const language = messageLanguage(i18n.language);
  const { user } = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  const [current, setCurrentState] = useState<OpenTemplate | null>(() => openTemplates.get(model) ?? null);
  const [busy, setBusy] = useState(false);
  const wanted = templateIdFromSearch(location.search);
  // The template id of the address the editor last followed: a load starts only when the
  // address names another one (not while the label's own save moves the address).
  const followed = useRef<number | null>(current?.templateID ?? null);
  // The address to move to once the saved (or new) label has rendered: the page's
  // unsaved-changes guard reads the render's state, and must see the label clean by then.
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (address === null || model.isDirty) return;
    setAddress(null);
    if (address !== location.pathname + location.search) navigate(address, { replace: true });
  }, [address, model, location, navigate]);

  const setCurrent = useCallback(
    (next: OpenTemplate | null) => {
      if (next) openTemplates.set(model, next);
      else openTemplates.delete(model);
      setCurrentState(next);
    },
    [model],
  );

  /** Loads the template into the editor; null when done, else the reason in the user's language. */
  const load = useCallback(
    async (templateID: number): Promise<string | null> => {
      const result = await templateApi.get(templateID);
      if (!result.ok) return t('labelTemplate.openFailed', { reason: result.message });
      const read = readLabel(new TextEncoder().encode(result.data.templateContent), { locale: language });
      if (!read.ok) return t('labelTemplate.openFailed', { reason: formatLabelMessage(read.error.code, read.error.params, language) });
      model.load(read.value);
      setCurrent(openOf(result.data));
      onFileName(result.data.templateName);
      return null;
    },
    [language, model, onFileName, setCurrent, t],
  );

  const changed = useRecordChanged(async () => (current ? load(current.templateID) : null));

  useEffect(() => {
    if (wanted === null || followed.current === wanted) return;
    followed.current = wanted;
    setBusy(true);
    void load(wanted).then((problem) => {
      setBusy(false);
      onNotice(problem ? { intent: 'error', text: problem } : null);
    });
  }, [wanted, load, onNotice]);

  /** The label is now stored as `info`: saved mark, address and name follow. */
  const stored = (info: TemplateInfo, key: 'labelTemplate.saved' | 'labelTemplate.savedCopy' | 'labelTemplate.created') => {
    model.markSaved();
    setCurrent(openOf(info));
    followed.current = info.templateID;
    onFileName(info.templateName);
    onNotice({ intent: 'success', text: t(key, { name: info.templateName, version: info.version }) });
    setAddress(templateEditorPath(info.templateID));
  };

  const save = async () => {
    if (!current || busy || changed.stale) return;
    setBusy(true);
    try {
      const content = contentOf(model);
      if (current.scope === 'public') {
        const copy = await templateApi.duplicate(current.templateID);
        if (!copy.ok) return onNotice({ intent: 'error', text: t('labelTemplate.saveFailed', { reason: copy.message }) });
        const saved = await templateApi.save(copy.data.templateID, copy.data.version, content);
        if (!saved.ok) return onNotice({ intent: 'error', text: t('labelTemplate.saveFailed', { reason: saved.message }) });
        return stored(saved.data, 'labelTemplate.savedCopy');
      }
      const saved = await templateApi.save(current.templateID, current.version, content);
      if (changed.caught(saved)) return onNotice(null);
      if (!saved.ok) return onNotice({ intent: 'error', text: t('labelTemplate.saveFailed', { reason: saved.message }) });
      stored(saved.data, 'labelTemplate.saved');
    } finally {
      setBusy(false);
    }
  };

  const saveAsTemplate = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const created = await templateApi.create(contentOf(model));
      if (!created.ok) return onNotice({ intent: 'error', text: t('labelTemplate.saveFailed', { reason: created.message }) });
      changed.clear();
      stored(created.data, 'labelTemplate.created');
    } finally {
      setBusy(false);
    }
  };

  const detach = () => {
    setCurrent(null);
    followed.current = null;
    changed.clear();
    if (wanted !== null) setAddress('/label/editor');
  };

  return { current, canStore: user ? can.usePrivateTemplates(user) : false, busy, save, saveAsTemplate, detach, bar: changed.bar };
}
