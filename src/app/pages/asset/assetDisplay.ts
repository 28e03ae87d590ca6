/**
 * How asset values read in the list and the form: money, the expiry band's colour and text
 * (spec section 9: "will expire on {date}, N days left" / "expired N days"), base64 files.
 */
import { FILE_TOKEN_QUERY, type AssetExpiry, type ExpiryBand } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** Yuan with 2 decimals and thousands separators; '' for none. */
export function formatMoney(value: number | null, language: string): string {
  if (value === null) return '';
  return value.toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export type BadgeColor = 'danger' | 'severe' | 'warning' | 'informative' | 'success' | 'subtle';

export const EXPIRY_BAND_COLORS: Record<ExpiryBand, BadgeColor> = {
  expired: 'danger',
  within7: 'severe',
  within30: 'warning',
  within90: 'informative',
  later: 'success',
  none: 'subtle',
};

/** The expiry message's key and values in the UI language; null without an expiry date. */
export function expiryMessage(expiry: AssetExpiry): { key: MessageKey; values: { date: string; days: number } } | null {
  if (expiry.band === 'none' || expiry.date === null || expiry.days === null) return null;
  return {
    key: expiry.band === 'expired' ? 'asset.expiredDays' : 'asset.expiresIn',
    values: { date: expiry.date, days: expiry.days },
  };
}

/** The bytes of a base64 text. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The base64 text of some bytes (chunked: large files would overflow the argument list). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** Lets the browser save a file (base64 content) under its name. */
export function saveBase64File(fileName: string, base64: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(base64)], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An <img src> for a picture address ('/api/File/<id>'): a read-only file token goes in the
 * query (usePictureToken), never the session token, which would leak into logs and history.
 * `size: 'thumb'` asks for the picture's thumbnail (at most 256 px a side; lists use it).
 */
export function pictureSrc(url: string, fileToken: string | null | undefined, baseUrl = '', size?: 'thumb'): string {
  const base = baseUrl === '' ? '' : baseUrl.replace(/\/+$/, '');
  const path = url.startsWith('/') ? url : `/${url}`;
  const query = [
    ...(size ? [`size=${size}`] : []),
    ...(fileToken ? [`${FILE_TOKEN_QUERY}=${encodeURIComponent(fileToken)}`] : []),
  ];
  return query.length > 0 ? `${base}${path}?${query.join('&')}` : `${base}${path}`;
}
