// The replay viewer: a slider and step buttons over GetViewAt, showing the
// game as the caller saw it after event N, the event's labels, and what it
// changed highlighted. For a finished game (or for the auditor), "verify"
// checks that the revealed seed hashes to the commitment published when
// the game was created.

import { useEffect, useMemo, useState } from "preact/hooks";
import { GameStatus, type Event as GameEvent, type GameInfo, type GameRules, type GameView } from "@moonshine-games/client";
import { clientFor, credentialFor, heldSeat, roleFor } from "./api.js";
import { changedParts, uiFor } from "./games.js";
import { eventLabels } from "./live.js";
import { namesFor, relabel } from "./names.js";
import { Refused } from "./refused.js";
import { Waiting } from "./table.js";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

export function Replay(props: { gameId: string; asked: string | null; seq: number }) {
  const { gameId } = props;
  const role = roleFor(gameId, props.asked);
  const client = useMemo(() => clientFor(() => credentialFor(gameId, role)), [gameId, role]);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [info, setInfo] = useState<GameInfo>();
  const [rules, setRules] = useState<GameRules>();
  const [seq, setSeq] = useState(0);
  const [views, setViews] = useState<Map<number, GameView>>(new Map());
  const [error, setError] = useState<unknown>();
  const [verdict, setVerdict] = useState("");

  useEffect(() => {
    (async () => {
      const all: GameEvent[] = [];
      let after = 0n;
      for (;;) {
        const h = await client.getHistory({ gameId, afterSeq: after, pageSize: 5000 });
        all.push(...h.events);
        setInfo(h.game);
        if (!h.nextAfterSeq) break;
        after = h.nextAfterSeq;
      }
      setEvents(all);
      const last = all.length ? Number(all[all.length - 1].seq) : 0;
      setSeq(props.seq > 0 && props.seq <= last ? props.seq : last);
    })().catch(setError);
  }, [client]);

  useEffect(() => {
    if (info) client.getRules({ game: info.game }).then((r) => setRules(r.rules), setError);
  }, [info?.game]);

  useEffect(() => {
    if (seq <= 0) return;
    const want = [seq, seq - 1].filter((n) => n > 0 && !views.has(n));
    Promise.all(want.map((n) => client.getViewAt({ gameId, seq: BigInt(n) }).then((r) => [n, r.view!] as const)))
      .then((got) => got.length && setViews((m) => new Map([...m, ...got])))
      .catch(setError);
    history.replaceState(null, "", `#/game/${gameId}/replay?seq=${seq}${props.asked ? `&as=${props.asked}` : ""}`);
  }, [seq]);

  const verify = async () => {
    const h = await client.getHistory({ gameId, requireComplete: true, pageSize: 1 }).catch((err) => (setError(err), undefined));
    const g = h?.game;
    if (!g || g.seed.length === 0) return setVerdict("the seed is not revealed yet: it is shown once the game is over, or to the auditor");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(g.seed)));
    const ok = hex(digest) === hex(g.seedCommitment);
    setVerdict(
      ok
        ? `verified: SHA-256 of the revealed seed is ${hex(digest)}, the commitment published when the game was created`
        : `MISMATCH: SHA-256 of the seed is ${hex(digest)} but the commitment is ${hex(g.seedCommitment)}`,
    );
  };

  const last = events.length ? Number(events[events.length - 1].seq) : 0;
  const view = views.get(seq);
  const event = events.find((e) => Number(e.seq) === seq);
  const ui = uiFor(info?.game);
  const changed = useMemo(() => changedParts(ui, views.get(seq - 1), view), [views, seq, info?.game]);
  const finished = info?.status === GameStatus.OVER;
  const names = namesFor(info, role === "seat" ? (view?.viewer?.seat ?? heldSeat(gameId)?.seat) : undefined);
  const words = (s: string) => relabel(s, names, info?.seats.length ?? 0);
  return (
    <div class="replay" data-role={role}>
      <div class="bar">
        <h1>Replay: {info?.config?.title || rules?.title || info?.game || gameId}</h1>
        <span class="role">{role === "seat" ? `as ${names.who(names.you ?? 0)}` : role === "auditor" ? "auditor" : "spectator"}</span>
        <a href={`#/game/${gameId}${props.asked ? `?as=${props.asked}` : ""}`}>back to the table</a>
      </div>
      <Refused error={error} />
      <div class="scrubber">
        <button id="replay-first" aria-label="first event" onClick={() => setSeq(1)} disabled={seq <= 1}>
          «
        </button>
        <button id="replay-prev" aria-label="previous event" onClick={() => setSeq(seq - 1)} disabled={seq <= 1}>
          ◀
        </button>
        <input
          id="replay-slider"
          aria-label="event"
          type="range"
          min={1}
          max={Math.max(1, last)}
          value={seq}
          onInput={(e) => setSeq(Number(e.currentTarget.value))}
        />
        <button id="replay-next" aria-label="next event" onClick={() => setSeq(seq + 1)} disabled={seq >= last}>
          ▶
        </button>
        <button id="replay-last" aria-label="last event" onClick={() => setSeq(last)} disabled={seq >= last}>
          »
        </button>
        <span id="replay-seq">
          event {seq} of {last}
        </span>
        {(finished || role === "auditor") && (
          <button id="verify" onClick={verify}>
            verify
          </button>
        )}
      </div>
      {verdict && (
        <p class={`verdict ${verdict.startsWith("verified") ? "ok" : "bad"}`} id="verdict">
          {verdict}
        </p>
      )}
      <p class="event-label" id="event-label" aria-live="polite">
        {event ? `${seq}: ${words(eventLabels(event).join("; "))}` : ""}
      </p>
      {view && (
        <>
          <Waiting view={view} names={names} words={words} />
          <div class="picture">
            <ui.Board view={view} rules={rules} names={names} changed={changed} clickable={new Set()} picked="" onPick={() => {}} />
          </div>
        </>
      )}
    </div>
  );
}
