// The "your turn" signal: the tab's title while the game waits for the
// viewer, a spoken line for screen readers (an ARIA live region that also
// says whose turn it is when it changes), and, if the player turns them
// on (both are off by default), a short sound and a desktop notification
// while the page is in the background.

import { useEffect, useRef, useState } from "preact/hooks";
import { pref, setPref } from "./api.js";

let audio: AudioContext | undefined;

function beep() {
  try {
    audio ??= new AudioContext();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.25);
  } catch {
    // no sound here
  }
}

/**
 * useTurnSignal signals the viewer's turn as it starts and keeps the tab's
 * title while it lasts; it returns the line the live region speaks.
 */
export function useTurnSignal(opts: { yours: boolean; title: string; detail: string; whose: string }): string {
  const [said, setSaid] = useState("");
  const was = useRef<boolean>();
  const whose = useRef("");
  useEffect(() => {
    document.title = opts.yours ? `● Your turn · ${opts.title} — Moonshine` : `${opts.title} — Moonshine`;
    if (opts.yours && was.current === false) {
      setSaid(`Your turn: ${opts.detail}`);
      if (pref("sound")) beep();
      if (pref("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification("Moonshine: your turn", { body: `${opts.title}: ${opts.detail}`, tag: "moonshine-turn" });
      }
    } else if (!opts.yours && opts.whose && opts.whose !== whose.current && was.current !== undefined) {
      setSaid(opts.whose);
    }
    was.current = opts.yours;
    whose.current = opts.whose;
  }, [opts.yours, opts.whose, opts.title]);
  useEffect(() => () => void (document.title = "Moonshine"), []);
  return said;
}

/** SignalSettings turns the sound and the desktop notification on and off. */
export function SignalSettings() {
  const [sound, setSound] = useState(pref("sound"));
  const [notify, setNotify] = useState(pref("notify"));
  const [note, setNote] = useState("");
  const toggleNotify = async (on: boolean) => {
    if (on && "Notification" in window && Notification.permission !== "granted") {
      const p = await Notification.requestPermission().catch(() => "denied" as NotificationPermission);
      if (p !== "granted") {
        setNote("the browser does not allow notifications for this page");
        on = false;
      }
    }
    setPref("notify", on);
    setNotify(on);
  };
  return (
    <fieldset class="signals">
      <legend>When it is your turn</legend>
      <label class="inline">
        <input
          type="checkbox"
          id="pref-sound"
          checked={sound}
          onChange={(e) => {
            setPref("sound", e.currentTarget.checked);
            setSound(e.currentTarget.checked);
            if (e.currentTarget.checked) beep();
          }}
        />
        play a sound
      </label>
      <label class="inline">
        <input type="checkbox" id="pref-notify" checked={notify} onChange={(e) => toggleNotify(e.currentTarget.checked)} />
        show a desktop notification
      </label>
      {note && <p class="hint">{note}</p>}
    </fieldset>
  );
}
