/**
 * The shipped gallery of general templates: one entry a file beside this module (written by
 * make-gallery.ts). `file` is the template's gallery key, so seeding finds it again.
 */
export interface GalleryTemplate {
  file: string;
  name: string;
  lang: 'zh' | 'en';
  widthMm: number;
  heightMm: number;
  /** Codes on the label, as a decoder reads them from the sample row (tests). */
  codes: readonly ('qrcode' | 'code128')[];
}

const SIZES = [
  [40, 30],
  [50, 30],
  [60, 40],
  [70, 50],
] as const;

export const GALLERY: readonly GalleryTemplate[] = SIZES.flatMap(([w, h]) =>
  (['zh', 'en'] as const).map((lang) => ({
    file: `asset-${w}x${h}-${lang}.wdfx`,
    name: lang === 'zh' ? `资产标签 ${w}×${h}` : `Asset label ${w} x ${h}`,
    lang,
    widthMm: w,
    heightMm: h,
    codes: w >= 60 ? (['qrcode', 'code128'] as const) : (['qrcode'] as const),
  })),
);

/** The sample row's asset code, which every code on a gallery label carries. */
export const GALLERY_SAMPLE_CODE = 'ZC00000001';
