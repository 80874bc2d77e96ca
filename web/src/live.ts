// A table's live data: the caller's view (read again after each
// command's events), the game's rules and board, the recent events and the
// table talk. It reads the last events with GetHistory, then follows
// WatchGame (with the talk; batched, so that an append's events come in
// one response and the view is read once after them) from the last event
// that history returned, so that an event that arrives while the page
// loads is shown once; the log is keyed by seq, so a resumed stream cannot
// show one twice either.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { toJson, type JsonObject } from "@bufbuild/protobuf";
import {
  EventBodySchema,
  refusalOf,
  watchGame,
  type Event as GameEvent,
  type GameRules,
  type GameView,
  type MoonshineClient,
  type TalkEvent,
} from "@moonshine-games/client";
import { describeGameJson } from "./describe.js";

/** One line of the event log. */
export interface LogLine {
  seq: bigint;
  /** The labels of the parts the caller may read, as the server wrote them. */
  labels: string[];
  /** Set for a table event (a takeback, a seat left, …), not the game's. */
  table?: string;
}

/** An open takeback request, from the table events. */
export interface TakebackAsk {
  seat: number;
  asked: number[];
  answered: number[];
}

const keep = 300;

/** eventLabels are the labels of an event the caller may read: the public part's and its own private parts'. */
export function eventLabels(e: GameEvent): string[] {
  const out: string[] = [];
  for (const body of [e.public, ...e.private.map((p) => p.body)]) {
    if (body?.label) out.push(body.label);
    else if (body?.body.case) out.push(describeGameJson(toJson(EventBodySchema, body) as JsonObject));
  }
  return out;
}

function lineOf(e: GameEvent): LogLine {
  const b = e.public?.body;
  return { seq: e.seq, labels: eventLabels(e), table: b?.case === "table" ? (b.value.change.case ?? "table") : undefined };
}

/** nextTakeback follows the open takeback request through one event. */
export function nextTakeback(open: TakebackAsk | undefined, e: GameEvent): TakebackAsk | undefined {
  const b = e.public?.body;
  if (b?.case !== "table") return e.public || e.private.length ? undefined : open; // a command played lapses it
  const c = b.value.change;
  switch (c.case) {
    case "takebackRequested":
      return { seat: c.value.seat, asked: [...c.value.asked], answered: [] };
    case "takebackAnswered":
      return open && { ...open, answered: [...open.answered, c.value.seat] };
    case "takenBack":
    case "takebackDeclined":
      return undefined;
  }
  return open;
}

export interface Live {
  view?: GameView;
  /** The view before the last read, for what changed. */
  previous?: GameView;
  rules?: GameRules;
  log: LogLine[];
  talk: TalkEvent[];
  takeback?: TakebackAsk;
  /** "connecting", "live", "game over", "reconnecting in 2 s", … */
  status: string;
  /** The last error of a read. */
  error?: unknown;
  /** The seat credential was refused (BAD_CREDENTIAL): the seat is not this browser's any more. */
  stale: boolean;
  refresh: () => Promise<void>;
  /** Records a version the caller knows the game has reached (a submit's last seq). */
  saw: (seq: bigint) => void;
  setStatus: (s: string) => void;
}

export function useLive(client: MoonshineClient, gameId: string): Live {
  const [view, setView] = useState<{ now?: GameView; before?: GameView }>({});
  const [rules, setRules] = useState<GameRules>();
  const [lines, setLines] = useState<Map<bigint, LogLine>>(new Map());
  const [talk, setTalk] = useState<TalkEvent[]>([]);
  const [takeback, setTakeback] = useState<TakebackAsk>();
  const [status, setStatus] = useState("connecting");
  const [error, setError] = useState<unknown>();
  const [stale, setStale] = useState(false);
  // The highest version this page knows the game has reached: each read
  // asks for at least it, so that a server behind the one that took the
  // write catches up first.
  const known = useRef(0n);
  const saw = (seq: bigint) => {
    if (seq > known.current) known.current = seq;
  };
  const current = useRef<GameView>();
  const reading = useRef<Promise<void>>();
  const again = useRef(false);

  // refresh reads the view, once at a time; a call while one is under way
  // reads once more after it.
  const refresh = (): Promise<void> => {
    if (reading.current) {
      again.current = true;
      return reading.current;
    }
    reading.current = (async () => {
      do {
        again.current = false;
        try {
          const r = await client.getView({ gameId, minVersion: known.current });
          const before = current.current;
          current.current = r.view;
          setView({ now: r.view, before });
          setError(undefined);
        } catch (err) {
          if (refusalOf(err).reason === "BAD_CREDENTIAL") setStale(true);
          setError(err);
        }
      } while (again.current);
      reading.current = undefined;
    })();
    return reading.current;
  };

  const add = (events: GameEvent[]) => {
    if (events.length === 0) return;
    setLines((m) => {
      const next = new Map(m);
      for (const e of events) next.set(e.seq, lineOf(e));
      if (next.size > keep) for (const k of [...next.keys()].sort((a, b) => (a < b ? -1 : 1)).slice(0, next.size - keep)) next.delete(k);
      return next;
    });
    setTakeback((open) => events.reduce(nextTakeback, open));
  };

  useEffect(() => {
    const stop = new AbortController();
    (async () => {
      await refresh();
      const v = current.current;
      if (!v?.info) return;
      client.getRules({ game: v.info.game }).then((r) => setRules(r.rules), setError);
      const version = v.info.version;
      const from = version > 30n ? version - 30n : 0n;
      const past = await client.getHistory({ gameId, afterSeq: from }).catch(() => undefined);
      const events = past?.events ?? [];
      add(events);
      // Follow from the last event history returned: events appended
      // since the view was read came with it.
      let after = version;
      for (const e of events) if (e.seq > after) after = e.seq;
      saw(after);
      if (after > version) refresh();
      const said = await client.getTalk({ gameId }).catch(() => undefined);
      let afterTalk = 0n;
      if (said) {
        setTalk(said.talk);
        for (const t of said.talk) if (t.seq > afterTalk) afterTalk = t.seq;
      }
      await watchGame(
        client,
        { gameId, afterSeq: after, talk: true, afterTalkSeq: afterTalk },
        {
          signal: stop.signal,
          onOpen: () => setStatus("live"),
          // One command's events come together: the view is read once
          // after them.
          onEvents: (events) => {
            saw(events[events.length - 1].seq);
            add(events);
            refresh();
          },
          onTalk: (t) => setTalk((l) => (l.some((x) => x.seq === t.seq) ? l : [...l, t].slice(-200))),
          onGameOver: () => {
            setStatus("game over");
            refresh();
          },
          onReconnect: (_err, ms) => setStatus(`connection lost: reconnecting in ${Math.round(ms / 100) / 10} s`),
        },
      ).catch((err) => {
        setStatus("stopped");
        setError(err);
      });
    })();
    return () => stop.abort();
  }, [client]);

  const log = useMemo(() => [...lines.values()].sort((a, b) => (a.seq < b.seq ? 1 : -1)), [lines]);
  return { view: view.now, previous: view.before, rules, log, talk, takeback, status, error, stale, refresh, saw, setStatus };
}
