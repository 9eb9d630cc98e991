// sound.ts plays the game's sounds, made with the Web Audio API (no files
// to load): a move, a capture, a check, low time, the start and the end of
// a game. Whether they play, and how loud, are settings (lib/settings.ts):
// the header's mute switch changes the sound setting.
import { settings, change } from './settings';

/** Sound is one of the interface's sounds. */
export type Sound = 'move' | 'capture' | 'check' | 'lowtime' | 'start' | 'end';

let ctx: AudioContext | undefined;

/** isMuted reports whether the sounds are off (the sound setting, or a volume of 0). */
export function isMuted(): boolean {
  const s = settings();
  return !s.sound || s.volume === 0;
}

/** setMuted turns the sounds off (true) or on, and saves the setting. */
export function setMuted(muted: boolean): void {
  const s = settings();
  // Turned on at no volume, the sounds come back at the default.
  void change(muted ? { sound: false } : { sound: true, volume: s.volume || 70 }).catch(() => {});
}

/** notes are each sound's tones: frequency (Hz), start and length (s), and loudness. */
const notes: Record<Sound, [number, number, number, number][]> = {
  move: [[440, 0, 0.06, 0.25]],
  capture: [[330, 0, 0.05, 0.3], [220, 0.05, 0.08, 0.3]],
  check: [[660, 0, 0.08, 0.25], [880, 0.09, 0.1, 0.25]],
  lowtime: [[990, 0, 0.07, 0.2], [990, 0.14, 0.07, 0.2]],
  start: [[523, 0, 0.1, 0.2], [659, 0.1, 0.1, 0.2], [784, 0.2, 0.15, 0.2]],
  end: [[784, 0, 0.12, 0.2], [659, 0.12, 0.12, 0.2], [523, 0.24, 0.25, 0.2]],
};

/** play plays sound unless the sounds are off (or the browser has no Web Audio). */
export function play(sound: Sound): void {
  if (isMuted()) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    const volume = settings().volume / 100;
    for (const [freq, start, length, gain] of notes[sound]) {
      const osc = ctx.createOscillator();
      const amp = ctx.createGain();
      osc.type = sound === 'capture' ? 'triangle' : 'sine';
      osc.frequency.value = freq;
      amp.gain.setValueAtTime(0, now + start);
      amp.gain.linearRampToValueAtTime(gain * volume, now + start + 0.01);
      amp.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      osc.connect(amp).connect(ctx.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {}
}
