// The lobby: the games on the server, a form to open one (a game, a
// variant, the table size within the variant's range, which seats are
// bots and how strongly they play, a turn timer, a title, options) and a
// seat to take. The creator credential CreateGame returns is kept in this
// browser (it cancels the table and replaces a lost seat credential); a
// table of bots only opens as a spectator.

import { useEffect, useState } from "preact/hooks";
import { fromJson, toJson } from "@bufbuild/protobuf";
import { BotLevel, GameOptionsSchema, GameStatus, type GameInfo, type GameRules } from "@moonshine-games/client";
import { heldSeat, holdCreator, holdSeat, playerName, publicClient, setPlayerName } from "./api.js";
import { namesFor } from "./names.js";
import { Refused } from "./refused.js";
import { seatColour } from "./enums.js";

const statusName: Record<number, string> = {
  [GameStatus.OPEN]: "open",
  [GameStatus.ACTIVE]: "in play",
  [GameStatus.OVER]: "over",
};

export function Lobby() {
  const [rules, setRules] = useState<GameRules[]>([]);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<unknown>();

  const refresh = () =>
    publicClient
      .listGames({ pageSize: 50 })
      .then((r) => setGames(r.games))
      .catch(setError);
  useEffect(() => {
    document.title = "Moonshine";
    publicClient.listRules({}).then((r) => setRules(r.games), setError);
    refresh();
  }, []);

  const join = async (gameId: string, seat?: number) => {
    setError(undefined);
    setPlayerName(name);
    try {
      const j = await publicClient.joinGame({ gameId, name: name || "guest", seat });
      holdSeat(gameId, { seat: j.seat, credential: j.credential, name: name || "guest" });
      location.hash = `#/game/${gameId}`;
    } catch (err) {
      setError(err);
    }
  };

  const created = (info: GameInfo, creator: string) => {
    holdCreator(info.gameId, creator);
    const free = info.seats.filter((s) => !s.claimed && !s.bot);
    if (free.length === 0) location.hash = `#/game/${info.gameId}?as=spectator`;
    else if (name) join(info.gameId, free[0].seat);
    else location.hash = `#/game/${info.gameId}`;
  };

  return (
    <div class="lobby">
      <h1 class="sr-only">Moonshine lobby</h1>
      <section aria-labelledby="name-title">
        <h2 id="name-title">Your name</h2>
        <label>
          <span class="sr-only">your name</span>
          <input id="player-name" value={name} maxLength={40} placeholder="shown at the table" onInput={(e) => setName(e.currentTarget.value)} />
        </label>
      </section>
      <CreateGame rules={rules} onCreated={created} onError={setError} />
      <Refused error={error} />
      <section aria-labelledby="games-title">
        <h2 id="games-title">
          Games{" "}
          <button class="link" onClick={refresh}>
            refresh
          </button>
        </h2>
        <div class="table-scroll" tabindex={0} role="region" aria-label="the games">
          <table class="games" id="games">
            <caption class="sr-only">the games on this server, newest first</caption>
            <thead>
              <tr>
                <th scope="col">title</th>
                <th scope="col">game</th>
                <th scope="col">status</th>
                <th scope="col">seats</th>
                <th scope="col">
                  <span class="sr-only">actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => {
                const open = g.seats.filter((s) => !s.claimed && !s.bot).length;
                const mine = heldSeat(g.gameId);
                const names = namesFor(g);
                const title = rules.find((r) => r.game === g.game)?.title ?? g.game;
                return (
                  <tr key={g.gameId} data-game={g.gameId}>
                    <td>{g.config?.title || `${title} ${g.gameId.slice(0, 6)}`}</td>
                    <td>{title}</td>
                    <td>{g.cancelled ? "cancelled" : (statusName[g.status] ?? "?")}</td>
                    <td>
                      {g.seats.map((s) => (
                        <span class={`seat-chip ${s.bot ? "bot" : s.claimed ? "taken" : "free"}`}>
                          <span class="swatch" style={{ background: seatColour(s.seat) }} aria-hidden="true" />
                          {s.claimed || s.bot ? names.who(s.seat) : "free"}
                        </span>
                      ))}
                    </td>
                    <td class="actions">
                      {mine && <a href={`#/game/${g.gameId}`}>play as {mine.name || names.of(mine.seat)}</a>}
                      {!mine && open > 0 && g.status !== GameStatus.OVER && (
                        <button class="join" onClick={() => join(g.gameId)}>
                          join
                        </button>
                      )}
                      <a href={`#/game/${g.gameId}?as=spectator`}>watch</a>
                      <a href={`#/game/${g.gameId}/replay`}>replay</a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

const timers: { label: string; seconds: number }[] = [
  { label: "no time limit", seconds: 0 },
  { label: "30 seconds a decision", seconds: 30 },
  { label: "2 minutes a decision", seconds: 120 },
  { label: "10 minutes a decision", seconds: 600 },
  { label: "a day a decision", seconds: 86400 },
];

function CreateGame(props: { rules: GameRules[]; onCreated: (info: GameInfo, creator: string) => void; onError: (err: unknown) => void }) {
  const [game, setGame] = useState("");
  const [variant, setVariant] = useState("");
  const [players, setPlayers] = useState(3);
  const [bots, setBots] = useState<number[]>([1, 2]);
  const [level, setLevel] = useState(BotLevel.NORMAL);
  const [timer, setTimer] = useState(0);
  const [title, setTitle] = useState("");
  const [options, setOptions] = useState("");
  const rules = props.rules.find((r) => r.game === game) ?? props.rules[0];
  const v = rules?.variants.find((x) => x.name === variant);
  const min = v?.minPlayers || rules?.minPlayers || 1;
  const max = v?.maxPlayers || rules?.maxPlayers || 9;
  useEffect(() => {
    if (rules && !game) setGame(rules.game);
  }, [rules]);
  // The table's size stays within the variant's range.
  useEffect(() => {
    if (players < min) setPlayers(min);
    else if (players > max) setPlayers(max);
  }, [min, max]);
  const size = Math.min(Math.max(players, min), max);

  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const opts = options.trim() ? fromJson(GameOptionsSchema, JSON.parse(options)) : undefined;
      const res = await publicClient.createGame({
        game: rules!.game,
        config: {
          players: size,
          botSeats: bots.filter((b) => b < size),
          botLevel: level,
          title,
          variant,
          options: opts,
          timer: timer ? { perDecision: { seconds: BigInt(timer), nanos: 0 } } : undefined,
        },
      });
      props.onCreated(res.game!, res.creatorCredential);
    } catch (err) {
      props.onError(err instanceof SyntaxError ? new Error(`options: ${err.message}`) : err);
    }
  };

  return (
    <section aria-labelledby="create-title-h">
      <h2 id="create-title-h">Open a table</h2>
      <form class="create" id="create-game" onSubmit={submit}>
        <label>
          game
          <select id="create-game-name" value={rules?.game} onChange={(e) => (setGame(e.currentTarget.value), setVariant(""))}>
            {props.rules.map((r) => (
              <option value={r.game}>{r.title}</option>
            ))}
          </select>
        </label>
        <label>
          variant
          <select id="create-variant" value={variant} onChange={(e) => setVariant(e.currentTarget.value)}>
            <option value="">the game's defaults</option>
            {rules?.variants.map((x) => (
              <option value={x.name}>{x.title || x.name}</option>
            ))}
          </select>
        </label>
        <label>
          players
          <select id="create-players" value={String(size)} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
              <option value={String(n)}>{n}</option>
            ))}
          </select>
        </label>
        <fieldset class="seats-choice">
          <legend>who plays each seat (you take the first seat no bot plays)</legend>
          {Array.from({ length: size }, (_, seat) => (
            <label class="inline">
              <input
                type="checkbox"
                class="bot-seat"
                data-seat={seat}
                checked={bots.includes(seat)}
                onChange={(e) => setBots(e.currentTarget.checked ? [...bots, seat] : bots.filter((b) => b !== seat))}
              />
              seat {seat + 1} is a bot
            </label>
          ))}
        </fieldset>
        <label>
          bots play
          <select id="create-bot-level" value={String(level)} onChange={(e) => setLevel(Number(e.currentTarget.value))}>
            <option value={String(BotLevel.EASY)}>easy</option>
            <option value={String(BotLevel.NORMAL)}>normal</option>
            <option value={String(BotLevel.HARD)}>hard</option>
          </select>
        </label>
        <label>
          turn timer
          <select id="create-timer" value={String(timer)} onChange={(e) => setTimer(Number(e.currentTarget.value))}>
            {timers.map((t) => (
              <option value={String(t.seconds)}>{t.label}</option>
            ))}
          </select>
        </label>
        <label>
          title
          <input id="create-title" maxLength={100} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <details class="wide">
          <summary>options as JSON</summary>
          <label>
            options
            <textarea
              id="create-options"
              rows={2}
              placeholder={v?.options ? JSON.stringify(toJson(GameOptionsSchema, v.options)) : '{"moonshineKingdom": {"respectToWin": 15}}'}
              value={options}
              onInput={(e) => setOptions(e.currentTarget.value)}
            />
          </label>
        </details>
        <button type="submit" id="create-submit" class="primary">
          open the table
        </button>
      </form>
      <p class="hint">
        {v?.description ?? ""}{" "}
        {rules && (
          <a href={`#/rules/${rules.game}`} id="rules-link">
            the rules of {rules.title}
          </a>
        )}
      </p>
    </section>
  );
}
