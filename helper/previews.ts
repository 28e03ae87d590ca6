/**
 * Preview images served by URL (Print action 4: `resultInfo.previewURLs`): each page's PNG
 * kept in memory under an unguessable name for the minutes the action asked for (the high
 * 16 bits of the action, default 30), at `GET /preview/<token>.png` on the helper. Only the
 * page that asked learns the token; an expired or unknown one is 404.
 *
 * At most MAX_PREVIEW_BYTES are kept: the oldest previews go first when a new one needs room.
 */
import { randomBytes } from 'node:crypto';

export const DEFAULT_PREVIEW_MINUTES = 30;
/** PNG bytes kept at most (a 4-inch label at 300 dpi is some 20 kB as PNG). */
export const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;

interface Entry {
  png: Uint8Array;
  expires: number;
}

export class PreviewStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `png` for `minutes`; returns its path (`/preview/<token>.png`). */
  put(png: Uint8Array, minutes: number): string {
    this.sweep();
    while (this.bytes + png.length > MAX_PREVIEW_BYTES && this.entries.size > 0) this.remove(this.entries.keys().next().value!);
    const token = randomBytes(16).toString('hex');
    this.entries.set(token, { png, expires: this.now() + minutes * 60_000 });
    this.bytes += png.length;
    return `/preview/${token}.png`;
  }

  /** The PNG at `path`, if it is there and has not expired. */
  get(path: string): Uint8Array | undefined {
    const m = /^\/preview\/([0-9a-f]{32})\.png$/.exec(path);
    if (!m) return undefined;
    const entry = this.entries.get(m[1]!);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(m[1]!);
      return undefined;
    }
    return entry.png;
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.entries) if (entry.expires <= now) this.remove(token);
  }

  private remove(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.bytes -= entry.png.length;
    this.entries.delete(token);
  }
}
