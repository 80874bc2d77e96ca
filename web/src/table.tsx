// A game's table: the picture of the game as the caller may see it, whom
// the game waits for, the caller's legal commands and templates, and the
// events as they happen. It follows WatchGame (resumed from the last seq
// when the stream drops) and reads the view again after each event; a
// submit is retried with its command id when the connection drops, and a
// refusal shows the server's reason.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { submitCommand, watchGame, type Event as GameEvent, type GameCommand, type GameRules, type GameView } from "@moonshine-games/client";
import { clientFor, credentialFor, heldSeat, holdSeat, roleFor, auditorToken, type Role } from "./api.js";
import { toJson, type JsonObject } from "@bufbuild/protobuf";
import { EventBodySchema } from "@moonshine-games/client";
import { Commands, describeGameJson } from "./commands.js";
import { Picture, changedParts } from "./board.js";
import { Refused } from "./refused.js";

/** The labels of an event the caller may read: the public part's and its own private parts'. */
export function eventLabels(e: GameEvent): string[] {
  const out: string[] = [];
  for (const body of [e.public, ...e.private.map((p) => p.body)]) {
    if (body?.label) out.push(body.label);
    else if (body?.body.case) out.push(describeGameJson(toJson(EventBodySchema, body) as JsonObject));
  }
  return out;
}

interface LogLine {
  seq: bigint;
  text: string;
}

export function Table(props: { gameId: string; asked: string | null }) {
  const { gameId } = props;
  const role: Role = roleFor(gameId, props.asked);
  const client = useMemo(() => clientFor(() => credentialFor(gameId, role)), [gameId, role]);
  const [view, setView] = useState<GameView>();
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const [rules, setRules] = useState<GameRules>();
  const [log, setLog] = useState<LogLine[]>([]);
  const [live, setLive] = useState("connecting");
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState("");
  const [picking, setPicking] = useState<string[]>([]);
  const current = useRef<GameView>();
  // The highest version this page knows the game has reached (an event
  // streamed, a submit's last seq): each read asks for at least it, so
  // that a server behind the one that took the write catches up first.
  const known = useRef(0n);
  const saw = (seq: bigint) => {
    if (seq > known.current) known.current = seq;
  };
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
          setChanged(changedParts(current.current, r.view));
          current.current = r.view;
          setView(r.view);
        } catch (err) {
          setError(err);
        }
      } while (again.current);
      reading.current = undefined;
    })();
    return reading.current;
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
      setLog((past?.events ?? []).map((e) => ({ seq: e.seq, text: eventLabels(e).join("; ") })).reverse());
      await watchGame(
        client,
        { gameId, afterSeq: version },
        {
          signal: stop.signal,
          onOpen: () => setLive("live"),
          onEvent: (e) => {
            saw(e.seq);
            setLog((l) => [{ seq: e.seq, text: eventLabels(e).join("; ") }, ...l].slice(0, 200));
            refresh();
          },
          onGameOver: () => {
            setLive("game over");
            refresh();
          },
          onReconnect: (_err, ms) => setLive(`connection lost: reconnecting in ${Math.round(ms / 100) / 10} s`),
        },
      ).catch((err) => {
        setLive("stopped");
        setError(err);
      });
    })();
    return () => stop.abort();
  }, [client]);

  const submit = async (command: GameCommand, label: string) => {
    setBusy(true);
    setError(undefined);
    setPicked("");
    try {
      const res = await submitCommand(client, { gameId, command }, { onRetry: (_e, ms) => setLive(`submit of "${label}" dropped: retrying in ${ms} ms`) });
      saw(res.lastSeq);
      setLive("live");
      await refresh();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const join = async () => {
    const name = localStorage.getItem("moonshine.name") || "guest";
    try {
      const j = await client.joinGame({ gameId, name });
      holdSeat(gameId, { seat: j.seat, credential: j.credential, name });
      location.hash = `#/game/${gameId}?as=seat`;
    } catch (err) {
      setError(err);
    }
  };

  if (!view?.info) return <Refused error={error} />;
  const info = view.info;
  const prompt = role === "seat" ? view.prompt : undefined;
  const open = info.seats.some((s) => !s.claimed && !s.bot);
  const held = heldSeat(gameId);
  return (
    <div class="table" data-role={role} data-version={String(info.version)}>
      <div class="bar">
        <h2>{info.config?.title || rules?.title || info.game}</h2>
        <span class="role" id="role">
          {role === "seat" ? `seat ${held?.seat} (${held?.name})` : role}
        </span>
        <span class={`live ${live === "live" ? "ok" : ""}`} id="live">
          {live}
        </span>
        <span class="version">version {String(info.version)}</span>
        <nav class="roles">
          {held && role !== "seat" && <a href={`#/game/${gameId}?as=seat`}>as seat {held.seat}</a>}
          {role !== "spectator" && <a href={`#/game/${gameId}?as=spectator`}>as spectator</a>}
          {auditorToken() && role !== "auditor" && <a href={`#/game/${gameId}?as=auditor`}>as auditor</a>}
          <a href={`#/game/${gameId}/replay${role === "seat" ? "" : `?as=${role}`}`}>replay</a>
          {!held && open && (
            <button class="join" id="join-table" onClick={join}>
              join
            </button>
          )}
        </nav>
      </div>
      <Waiting view={view} />
      <div class="layout">
        <Picture
          view={view}
          rules={rules}
          changed={changed}
          clickable={new Set(picking)}
          picked={picked}
          onPick={(name) => setPicked(name === picked ? "" : name)}
        />
        <aside>
          <Refused error={error} />
          {prompt && (prompt.legal.length > 0 || prompt.templates.length > 0) && (
            <Commands prompt={prompt} picked={picked} busy={busy} submit={submit} onPicking={setPicking} />
          )}
          <h3>Events</h3>
          <ol class="log" id="log">
            {log.map((l) => (
              <li data-seq={String(l.seq)}>
                <span class="seq">{String(l.seq)}</span> {l.text}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}

export function Waiting(props: { view: GameView }) {
  const v = props.view;
  if (v.outcome && (v.outcome.winners.length > 0 || v.outcome.summary)) {
    return (
      <p class="waiting over" id="waiting">
        Game over: {v.outcome.summary || `won by seat ${v.outcome.winners.join(", ")}`}
      </p>
    );
  }
  return (
    <p class="waiting" id="waiting">
      {v.waiting.length === 0
        ? "nobody to wait for"
        : v.waiting.map((w) => `seat ${w.seat}${w.mustAct ? "" : " (may act)"}: ${w.detail || w.reason}`).join(" · ")}
    </p>
  );
}
