// Table talk: the messages the caller may read (everyone's, and the
// private ones it is a party to), and for a seat a line to say something
// to the table or to one seat.

import { useState } from "preact/hooks";
import type { TalkEvent } from "@moonshine-games/client";
import { relabel, type Names } from "./names.js";

export function Talk(props: {
  talk: TalkEvent[];
  names: Names;
  players: number;
  /** Sends a message (to one seat, or to everyone); unset for a spectator. */
  send?: (text: string, to?: number) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);
  const { names } = props;
  const lines = props.talk.filter((t) => t.message);
  const say = async (e: Event) => {
    e.preventDefault();
    if (!text.trim() || !props.send) return;
    setBusy(true);
    if (await props.send(text.trim(), to === "" ? undefined : Number(to))) setText("");
    setBusy(false);
  };
  return (
    <section class="talk" aria-labelledby="talk-title">
      <h2 id="talk-title">Table talk</h2>
      <div class="log-box" tabindex={0} role="log" aria-label="table talk">
      <ol class="talk-log" id="talk">
        {lines.length === 0 && <li class="none">nothing said yet</li>}
        {lines.map((t) => (
          <li data-talk={String(t.seq)} class={t.message?.toSeat !== undefined ? "private" : ""}>
            {t.label ? relabel(t.label, names, props.players) : `${names.of(t.message!.fromSeat)}: ${t.message!.text}`}
          </li>
        ))}
      </ol>
      </div>
      {props.send && (
        <form class="say" id="say" onSubmit={say}>
          <label class="say-text">
            <span class="sr-only">message</span>
            <input id="talk-text" maxLength={500} value={text} placeholder="say something…" onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <label>
            <span class="sr-only">to</span>
            <select id="talk-to" value={to} onChange={(e) => setTo(e.currentTarget.value)}>
              <option value="">to everyone</option>
              {Array.from({ length: props.players }, (_, s) => s)
                .filter((s) => s !== names.you)
                .map((s) => (
                  <option value={String(s)}>to {names.of(s)} only</option>
                ))}
            </select>
          </label>
          <button type="submit" disabled={busy || !text.trim()}>
            say
          </button>
        </form>
      )}
    </section>
  );
}
