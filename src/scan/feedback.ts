/**
 * The scanner's acknowledgement: a short beep (Web Audio) and a vibration where the device
 * has one. 'ok' is one high beep; 'warn' (a duplicate, an unknown code) two low ones. Whether
 * it sounds is the user's choice, remembered on this device.
 */
const STORAGE_KEY = 'assetmark.scanner.feedback';

export type FeedbackKind = 'ok' | 'warn';

/** Beep and vibrate on a scan: the user's choice on this device (default on). */
export function feedbackEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setFeedbackEnabled(on: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the choice lasts for this page only
  }
}

let audio: AudioContext | undefined;

/** Beeps and vibrates (when the device can); never throws. */
export function scanFeedback(kind: FeedbackKind): void {
  try {
    navigator.vibrate?.(kind === 'ok' ? 60 : [80, 60, 80]);
  } catch {
    // no vibration
  }
  try {
    audio ??= new AudioContext();
    // Beeps: frequency Hz, start and length s from now.
    const beeps = kind === 'ok' ? [[1800, 0, 0.08]] : [[440, 0, 0.12], [440, 0.18, 0.12]];
    for (const [hz, at, length] of beeps) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz!;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + at!);
      osc.stop(audio.currentTime + at! + length!);
    }
  } catch {
    // no audio (autoplay policy before any gesture, or none at all)
  }
}
