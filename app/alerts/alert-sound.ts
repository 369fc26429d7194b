let context: AudioContext | null = null;

/**
 * A short two-note chime made with Web Audio (no sound file). Browsers allow sound only
 * after the person has interacted with the page; before that this stays silent.
 */
export function playAlertChime(urgent: boolean): void {
  try {
    const Audio = window.AudioContext;
    if (!Audio) return;
    context ??= new Audio();
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime;
    const notes = urgent ? [880, 660, 880] : [660, 880];
    notes.forEach((frequency, index) => {
      if (!context) return;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.18;
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.17);
    });
  } catch {
    // No audio device or not allowed: the alert still shows.
  }
}
