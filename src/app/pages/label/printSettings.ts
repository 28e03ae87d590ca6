/**
 * The print page's settings (spec label-editor.md section 3 "print settings", section 9
 * ranges) as the form holds them, their defaults from the label, and the checks before a
 * run starts. Values the printer keeps when unset are `null` here (255 on the wire).
 */
import type { LabelDocument } from '../../../label/label';
import { MAX_COPIES, parsePageRange } from '../../../print/plan';

export type GapChoice = 0 | 1 | 2 | 3;

export interface PrintSettingsForm {
  copies: number;
  /** As typed: "", "5", "2-40", "7-". */
  pageRange: string;
  autoPaging: boolean;
  /** Spec darkness list 0, 3, 5, 9, 14; null = the printer's setting. */
  darkness: number | null;
  /** 0 (slow) to 4 (fast); null = the printer's setting. */
  speed: number | null;
  gapType: GapChoice | null;
  /** 1-255; anything else prints with 192 (spec). Pages are 1-bit already, so this only
   * matters to helpers that convert images themselves. */
  threshold: number;
  /** Decode every page's codes before sending it. */
  scanCheck: boolean;
}

export const DARKNESS_CHOICES = [0, 3, 5, 9, 14] as const;
export const SPEED_CHOICES = [0, 1, 2, 3, 4] as const;
export const GAP_CHOICES: readonly GapChoice[] = [0, 1, 2, 3];
export const DEFAULT_THRESHOLD = 192;

/** The label's own print settings (255 = unset) as the form's starting values. */
export function settingsFromLabel(doc: LabelDocument | null): PrintSettingsForm {
  const unset = (v: number | undefined) => (v === undefined || v === 255 ? null : v);
  return {
    copies: 1,
    pageRange: '',
    autoPaging: true,
    darkness: unset(doc?.printDarkness),
    speed: unset(doc?.printSpeed),
    gapType: unset(doc?.gapType) as GapChoice | null,
    threshold: DEFAULT_THRESHOLD,
    scanCheck: false,
  };
}

export type SettingsProblem = 'copies' | 'pageRange' | null;

/** The first problem that stops a run, and the chosen page range. */
export function checkSettings(s: PrintSettingsForm, pageCount: number): { problem: SettingsProblem; range: { first: number; count: number } | null } {
  if (!Number.isInteger(s.copies) || s.copies < 1 || s.copies > MAX_COPIES) return { problem: 'copies', range: null };
  const range = parsePageRange(s.pageRange, pageCount);
  if (!range) return { problem: 'pageRange', range: null };
  return { problem: null, range };
}
