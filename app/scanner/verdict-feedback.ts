import type { VerdictKind } from "#contract/door-verdict.ts";

type Tone = { notes: number[]; type: OscillatorType; vibrate: number[] };

/** Green: one rising chime and a short buzz; amber: two even beeps; red: a low long buzz. */
const tones: Record<"ok" | "warn" | "refused", Tone> = {
  ok: { notes: [660, 990], type: "sine", vibrate: [120] },
  warn: { notes: [520, 520], type: "square", vibrate: [150, 80, 150] },
  refused: { notes: [220, 180], type: "sawtooth", vibrate: [400, 100, 400] },
};

export function toneOf(verdict: VerdictKind): Tone {
  if (verdict === "admitted" || verdict === "valid") return tones.ok;
  if (verdict === "already-checked-in") return tones.warn;
  return tones.refused;
}

let audio: AudioContext | null = null;

/**
 * The verdict's sound (Web Audio oscillators: no sound file is fetched) and vibration.
 * Browsers allow sound after the person has touched the page (starting the camera does).
 */
export function signalVerdict(verdict: VerdictKind): void {
  const tone = toneOf(verdict);
  try {
    navigator.vibrate?.(tone.vibrate);
  } catch {
    // No vibration motor, or not allowed: the colour still says it.
  }
  try {
    const Audio = window.AudioContext;
    if (!Audio) return;
    audio ??= new Audio();
    if (audio.state === "suspended") void audio.resume().catch(() => {});
    const start = audio.currentTime;
    tone.notes.forEach((frequency, index) => {
      if (!audio) return;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * 0.16;
      oscillator.type = tone.type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
  } catch {
    // No audio device: the colour still says it.
  }
}

/** Unlocks audio on a tap, so the first verdict can be heard. */
export function unlockVerdictSound(): void {
  try {
    audio ??= new window.AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => {});
  } catch {
    // No audio: nothing to unlock.
  }
}
