// A game's table: the game drawn as the caller may see it, whom it waits
// for and their clocks, the caller's choices, the table's life (takeback,
// resign, leave, cancel, credentials), the talk, the events as they
// happen, the final scores and the game's help. It signals the viewer's
// turn (the tab's title, a live region, and a sound or a notification if
// turned on), and offers a way out of a credential that stopped working.

import { useMemo, useState } from "preact/hooks";
import { submitCommand, type GameCommand, type GameView } from "@moonshine-games/client";
import { clientFor, credentialFor, forgetSeat, heldSeat, holdSeat, playerName, roleFor, auditorToken, type Role } from "./api.js";
import { Clocks } from "./clocks.js";
import { Commands } from "./commands.js";
import { changedParts, uiFor } from "./games.js";
import { HelpPanel } from "./help.js";
import { useLive, type LogLine } from "./live.js";
import { namesFor, relabel, type Names } from "./names.js";
import { FinalScores } from "./outcome.js";
import { Refused } from "./refused.js";
import { SignalSettings, useTurnSignal } from "./signal.js";
import { ClaimWithCredential, TableActions, TakebackAnswer } from "./tablelife.js";
import { Talk } from "./talk.js";

export function Table(props: { gameId: string; asked: string | null }) {
  const { gameId } = props;
  const role: Role = roleFor(gameId, props.asked);
  const client = useMemo(() => clientFor(() => credentialFor(gameId, role)), [gameId, role]);
  const live = useLive(client, gameId);
  const [picked, setPicked] = useState({ key: "", name: "" });
  const [picking, setPicking] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const view = live.view;
  const held = heldSeat(gameId);
  const you = role === "seat" ? (view?.viewer?.seat ?? held?.seat) : undefined;
  const info = view?.info;
  const names = namesFor(info, you);
  const players = info?.config?.players ?? info?.seats.length ?? 0;
  const words = (s: string) => relabel(s, names, players);
  const prompt = role === "seat" ? view?.prompt : undefined;
  const ui = uiFor(info?.game);
  const title = info?.config?.title || live.rules?.title || info?.game || "Moonshine";
  const whose = view ? waitingWords(view, names, words) : "";
  const said = useTurnSignal({ yours: !!prompt?.mustAct, title, detail: words(prompt?.detail ?? ""), whose });

  if (live.stale && role === "seat") return <Stale gameId={gameId} />;
  if (!view || !info) return live.error ? <Refused error={live.error} /> : <p class="hint">loading the table…</p>;

  const submit = async (command: GameCommand, label: string): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    setPicked({ key: "", name: "" });
    try {
      const res = await submitCommand(client, { gameId, command }, { onRetry: (_e, ms) => live.setStatus(`sending "${label}" again in ${ms} ms`) });
      live.saw(res.lastSeq);
      live.setStatus("live");
      await live.refresh();
      return true;
    } catch (err) {
      setError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const join = async () => {
    try {
      const name = playerName() || "guest";
      const j = await client.joinGame({ gameId, name });
      holdSeat(gameId, { seat: j.seat, credential: j.credential, name });
      location.hash = `#/game/${gameId}?as=seat`;
    } catch (err) {
      setError(err);
    }
  };

  const say = async (text: string, to?: number) => {
    try {
      await client.sendMessage({ gameId, text, toSeat: to });
      return true;
    } catch (err) {
      setError(err);
      return false;
    }
  };

  const open = info.seats.some((s) => !s.claimed && !s.bot);
  const changed = changedParts(ui, live.previous, view);
  const vocab = ui.vocab(view, live.rules, names);
  const over = !!view.outcome && (view.outcome.winners.length > 0 || !!view.outcome.summary);
  return (
    <div class="table" data-role={role} data-version={String(info.version)} data-game={info.game}>
      <div class="bar">
        <h1>{title}</h1>
        <span class="role" id="role">
          {role === "seat" ? `You play ${names.who(you ?? 0)}` : role === "auditor" ? "auditor: you see everything" : "watching"}
        </span>
        <span class={`live ${live.status === "live" ? "ok" : ""}`} id="live" role="status">
          {live.status}
        </span>
        <nav class="roles" aria-label="this table">
          {held && role !== "seat" && <a href={`#/game/${gameId}?as=seat`}>play as {held.name || names.who(held.seat)}</a>}
          {role !== "spectator" && <a href={`#/game/${gameId}?as=spectator`}>watch as a spectator</a>}
          {auditorToken() && role !== "auditor" && <a href={`#/game/${gameId}?as=auditor`}>as auditor</a>}
          <a href={`#/game/${gameId}/replay${role === "seat" ? "" : `?as=${role}`}`}>replay</a>
          {!held && open && (
            <button class="join" id="join-table" onClick={join}>
              take a seat
            </button>
          )}
        </nav>
      </div>
      <p class="sr-only" aria-live="polite" id="announce">
        {said}
      </p>
      {!over && !info.cancelled && <Waiting view={view} names={names} words={words} yours={!!prompt?.mustAct} />}
      <Clocks view={view} names={names} />
      <TakebackAnswer gameId={gameId} client={client} role={role} info={info} names={names} held={held} takeback={live.takeback} changed={live.refresh} />
      {over || info.cancelled ? <FinalScores view={view} rules={live.rules} names={names} ui={ui} /> : null}
      <div class="layout">
        <div class="picture">
          <ui.Board
            view={view}
            rules={live.rules}
            names={names}
            changed={changed}
            clickable={new Set(picking)}
            picked={picked.key}
            onPick={(key, name) => setPicked(key === picked.key ? { key: "", name: "" } : { key, name })}
          />
        </div>
        <aside>
          <Refused error={error ?? (live.error && !live.stale ? live.error : undefined)} />
          {prompt && (prompt.legal.length > 0 || prompt.templates.length > 0) && (
            <Commands
              prompt={prompt}
              vocab={vocab}
              words={words}
              labelOf={(cmd, label) => words(ui.label ? ui.label(cmd, label, view, live.rules, names) : label)}
              picked={picked.key}
              pickedName={picked.name}
              matches={ui.matches}
              busy={busy}
              submit={submit}
              onPicking={setPicking}
              clearPick={() => setPicked({ key: "", name: "" })}
            />
          )}
          <Log log={live.log} words={words} />
          <Talk talk={live.talk} names={names} players={players} send={role === "seat" ? say : undefined} />
          <TableActions gameId={gameId} client={client} role={role} info={info} names={names} held={held} changed={live.refresh} />
          <HelpPanel game={info.game} title={live.rules?.title ?? info.game} />
          {role === "seat" && !over && <SignalSettings />}
        </aside>
      </div>
    </div>
  );
}

/** waitingWords says whom the game waits for, for the live region. */
function waitingWords(v: GameView, names: Names, words: (s: string) => string): string {
  const must = v.waiting.filter((w) => w.mustAct && w.seat !== names.you);
  if (must.length === 0) return "";
  return `${must.map((w) => names.of(w.seat)).join(" and ")} to play: ${words(must[0].detail || must[0].reason)}`;
}

export function Waiting(props: { view: GameView; names: Names; words: (s: string) => string; yours?: boolean }) {
  const v = props.view;
  const { names } = props;
  if (v.info?.cancelled) return <p class="waiting over" id="waiting">The table was cancelled.</p>;
  if (v.outcome && (v.outcome.winners.length > 0 || v.outcome.summary)) {
    return (
      <p class="waiting over" id="waiting">
        Game over: {props.words(v.outcome.summary || `won by ${v.outcome.winners.map((w) => names.of(w)).join(", ")}`)}
      </p>
    );
  }
  return (
    <div class={`waiting ${props.yours ? "yours" : ""}`} id="waiting">
      {v.waiting.length === 0 ? (
        "nobody to wait for"
      ) : (
        <ul>
          {v.waiting.map((w) => (
            <li data-seat={w.seat} class={w.mustAct ? "must" : "may"}>
              {waitingLine(w, names, props.words)}
            </li>
          ))}
        </ul>
      )}
      {props.yours && (
        <button type="button" class="link to-choices" onClick={() => document.getElementById("commands")?.scrollIntoView({ block: "start" })}>
          go to your choices
        </button>
      )}
    </div>
  );
}

/** waitingLine says what the game waits for from one seat: "Your turn: seal a Muscle card", "bob may trade". */
function waitingLine(w: GameView["waiting"][number], names: Names, words: (s: string) => string) {
  const detail = words(w.detail || w.reason.replace(/-/g, " "));
  if (w.seat === names.you) return (
    <>
      <strong>{w.mustAct ? "Your turn" : "You may act"}</strong>: {detail.replace(/^you (may )?/i, "")}
    </>
  );
  // A detail written to the seat itself ("you may trade") reads of the seat.
  const own = /^you (may )?/i.exec(detail);
  const rest = own ? detail.slice(own[0].length) : detail;
  return (
    <>
      <strong>{names.of(w.seat)}</strong>
      {own ? ` ${own[1] ? "may " : ""}${rest}` : w.mustAct ? `: ${detail}` : ` may act: ${detail}`}
    </>
  );
}

function Log(props: { log: LogLine[]; words: (s: string) => string }) {
  return (
    <section class="events" aria-labelledby="events-title">
      <h2 id="events-title">Events</h2>
      <div class="log-box" tabindex={0} role="log" aria-label="events, newest first">
      <ol class="log" id="log">
        {props.log.map((l) => (
          <li data-seq={String(l.seq)} class={l.table ? "table-event" : ""}>
            <span class="seq" aria-hidden="true">
              {String(l.seq)}
            </span>{" "}
            {props.words(l.labels.join("; ")) || (l.table ? "the table changed" : "something happened you may not see")}
          </li>
        ))}
      </ol>
      </div>
    </section>
  );
}

/** Stale is the way out of a seat credential the server no longer knows. */
function Stale(props: { gameId: string }) {
  const { gameId } = props;
  const held = heldSeat(gameId);
  return (
    <section class="stale" id="stale" aria-labelledby="stale-title">
      <h1 id="stale-title">This browser's seat credential no longer works</h1>
      <p>
        The server refused the credential this browser kept for {held?.name ? `${held.name}'s seat` : "its seat"}: the table's creator replaced it, or the seat
        was left.
      </p>
      <p class="buttons">
        <a class="button" id="stale-watch" href={`#/game/${gameId}?as=spectator`}>
          watch as a spectator
        </a>
        <button
          id="stale-forget"
          onClick={() => {
            forgetSeat(gameId);
            location.hash = `#/game/${gameId}?as=spectator`;
          }}
        >
          forget this seat
        </button>
      </p>
      <ClaimWithCredential gameId={gameId} open />
    </section>
  );
}
