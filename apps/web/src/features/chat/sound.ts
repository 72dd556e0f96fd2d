/**
 * The new-message sound (seed 002 section 9): a short two-tone beep made with WebAudio, so no audio file ships. The
 * caller delays it 1 s and plays it only for others' messages (message-rules.ts `rings`). Browsers refuse audio
 * before the user has interacted with the page: then it stays silent, which is what they intend.
 */
let context: AudioContext | null = null;

export function playNewMessageSound() {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    for (const [frequency, start] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now + start);
      tone.stop(now + start + 0.2);
    }
  } catch (error) {
    console.error(error);
  }
}
