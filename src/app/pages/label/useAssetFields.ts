/**
 * The editor's data from assets (issue 16): a label that is a template (opened from /template
 * or `?template=`) is an asset label, so the data panel offers the asset fields (the stable
 * keys, the link and the company's custom attributes; src/label/asset-binding.ts) instead of
 * a spreadsheet's columns, and the canvas shows a few of the company's real assets, one a
 * page. Any label can switch between the two; the choice is the editor's view, not part of
 * the label (a control bound to `assetCoding` keeps its binding either way).
 */
import { useEffect, useMemo, useState } from 'react';
import type { AssetLabelRow } from '../../../api/contract';
import { assetColumnHeader, assetDataSource } from '../../../label/asset-binding';
import type { LabelDocument } from '../../../label/label';
import { pagingOf } from '../../../editor/data';
import { assetLabelApi } from '../../api';
import { useSnapshot } from 'valtio';
import { assetState, assetStore } from '../../state/assets';
import type { EditorData } from './EditorDataPanel';

/** Sample assets the editor pages through. */
export const SAMPLE_ASSETS = 5;

export interface AssetFields {
  /** The panel offers asset fields (else spreadsheet columns). */
  active: boolean;
  setActive(on: boolean): void;
  /** The sample assets as the editor's data (valid while active). */
  editorData: EditorData;
  /** Sample assets loaded (null while loading), and why they could not be. */
  samples: number | null;
  error: string | null;
  /** A column's title in the panel: its header in the language, and the key it binds. */
  columnTitle(column: number, lang: 'zh' | 'en'): string;
}

const NO_SHEET = { workbook: null, sheet: null, error: null };

export function useAssetFields(doc: LabelDocument, isTemplate: boolean): AssetFields {
  const [choice, setChoice] = useState<boolean | null>(null);
  const active = choice ?? isTemplate;
  // The custom attributes' names come with the classifications; both load only once asked for.
  const { classifies } = useSnapshot(assetState);
  const [rows, setRows] = useState<AssetLabelRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active || rows !== null) return;
    let live = true;
    if (assetState.classifies === null) void assetStore.loadClassifies();
    void assetLabelApi.rows({ limit: SAMPLE_ASSETS }).then((r) => {
      if (!live) return;
      if (r.ok) setRows(r.data.rows);
      else setError(r.message);
    });
    return () => {
      live = false;
    };
  }, [active, rows]);

  const customNames = useMemo(() => [...new Set((classifies ?? []).flatMap((c) => c.attributes.map((a) => a.name)))], [classifies]);
  const source = useMemo(() => assetDataSource(rows ?? [], customNames), [rows, customNames]);
  const [requested, setRequested] = useState(1);
  const paging = pagingOf(doc, source, requested);
  const editorData: EditorData = {
    data: NO_SHEET,
    source,
    paging,
    pageIndex: paging.page - 1,
    setPage: (page) => setRequested(pagingOf(doc, source, page).page),
  };
  return {
    active,
    setActive: setChoice,
    editorData,
    samples: rows === null ? null : rows.length,
    error,
    columnTitle: (column, lang) => {
      const name = source.columnNames[column] ?? '';
      const header = assetColumnHeader(name, lang);
      return header === name ? name : `${header} (${name})`;
    },
  };
}
