/**
 * The alert played when a push arrives with the app open (seed 001 section 9): two short tones synthesized with
 * the Web Audio API, so no sound file is downloaded. Browsers allow audio once the user has interacted with the
 * page; before that the alert stays silent (the snackbar still shows).
 */
let context: AudioContext | undefined;

export function playAlertSound(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.25, start + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.16);
      tone.connect(gain).connect(context.destination);
      tone.start(start + i * 0.18);
      tone.stop(start + i * 0.18 + 0.17);
    }
  } catch (error) {
    console.error(error);
  }
}
