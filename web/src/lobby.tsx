// The lobby: the games on the server, a form to open one (a game, a
// variant, the table size, bot seats, options) and a seat to claim.

import { useEffect, useState } from "preact/hooks";
import { fromJson, toJson } from "@bufbuild/protobuf";
import { GameOptionsSchema, GameStatus, type GameInfo, type GameRules } from "@moonshine-games/client";
import { heldSeat, holdSeat, publicClient } from "./api.js";
import { Refused } from "./refused.js";

const statusName: Record<number, string> = {
  [GameStatus.OPEN]: "open",
  [GameStatus.ACTIVE]: "in play",
  [GameStatus.OVER]: "over",
};

export function Lobby() {
  const [rules, setRules] = useState<GameRules[]>([]);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [name, setName] = useState(localStorage.getItem("moonshine.name") ?? "");
  const [error, setError] = useState<unknown>();

  const refresh = () =>
    publicClient
      .listGames({ pageSize: 50 })
      .then((r) => setGames(r.games))
      .catch(setError);
  useEffect(() => {
    publicClient.listRules({}).then((r) => setRules(r.games), setError);
    refresh();
  }, []);

  const join = async (gameId: string, seat?: number) => {
    setError(undefined);
    localStorage.setItem("moonshine.name", name);
    try {
      const j = await publicClient.joinGame({ gameId, name: name || "guest", seat });
      holdSeat(gameId, { seat: j.seat, credential: j.credential, name: name || "guest" });
      location.hash = `#/game/${gameId}`;
    } catch (err) {
      setError(err);
    }
  };

  return (
    <div class="lobby">
      <section>
        <h2>Your name</h2>
        <input id="player-name" value={name} maxLength={40} placeholder="shown at the table" onInput={(e) => setName(e.currentTarget.value)} />
      </section>
      <CreateGame rules={rules} onCreated={(id) => (name ? join(id) : ((location.hash = `#/game/${id}`), undefined))} onError={setError} />
      <Refused error={error} />
      <section>
        <h2>
          Games <button class="link" onClick={refresh}>refresh</button>
        </h2>
        <table class="games" id="games">
          <thead>
            <tr>
              <th>title</th>
              <th>game</th>
              <th>status</th>
              <th>seats</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => {
              const open = g.seats.filter((s) => !s.claimed && !s.bot).length;
              const mine = heldSeat(g.gameId);
              return (
                <tr key={g.gameId} data-game={g.gameId}>
                  <td>{g.config?.title || g.gameId}</td>
                  <td>{rules.find((r) => r.game === g.game)?.title ?? g.game}</td>
                  <td>{statusName[g.status] ?? "?"}</td>
                  <td>
                    {g.seats.map((s) => (
                      <span class={`seat-chip ${s.bot ? "bot" : s.claimed ? "taken" : "free"}`} title={s.bot ? "bot" : s.name || "free"}>
                        {s.seat}:{s.bot ? "bot" : s.claimed ? s.name : "free"}
                      </span>
                    ))}
                  </td>
                  <td class="actions">
                    {mine && <a href={`#/game/${g.gameId}`}>play seat {mine.seat}</a>}
                    {!mine && open > 0 && (
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
      </section>
    </div>
  );
}

function CreateGame(props: { rules: GameRules[]; onCreated: (gameId: string) => void; onError: (err: unknown) => void }) {
  const [game, setGame] = useState("");
  const [variant, setVariant] = useState("");
  const [players, setPlayers] = useState(3);
  const [bots, setBots] = useState<number[]>([1, 2]);
  const [title, setTitle] = useState("");
  const [options, setOptions] = useState("");
  const rules = props.rules.find((r) => r.game === game) ?? props.rules[0];
  const v = rules?.variants.find((x) => x.name === variant);
  const min = v?.minPlayers || rules?.minPlayers || 1;
  const max = v?.maxPlayers || rules?.maxPlayers || 9;
  useEffect(() => {
    if (rules && !game) setGame(rules.game);
  }, [rules]);

  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const opts = options.trim() ? fromJson(GameOptionsSchema, JSON.parse(options)) : undefined;
      const res = await publicClient.createGame({
        game: rules!.game,
        config: { players, botSeats: bots.filter((b) => b < players), title, variant, options: opts },
      });
      props.onCreated(res.game!.gameId);
    } catch (err) {
      props.onError(err instanceof SyntaxError ? new Error(`options: ${err.message}`) : err);
    }
  };

  return (
    <section>
      <h2>Open a table</h2>
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
            <option value="">standard</option>
            {rules?.variants.map((x) => (
              <option value={x.name} title={x.description}>
                {x.title || x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          players
          <input id="create-players" type="number" min={min} max={max} value={players} onInput={(e) => setPlayers(Number(e.currentTarget.value))} />
        </label>
        <fieldset>
          <legend>bots</legend>
          {Array.from({ length: players }, (_, seat) => (
            <label class="inline">
              <input
                type="checkbox"
                class="bot-seat"
                data-seat={seat}
                checked={bots.includes(seat)}
                onChange={(e) => setBots(e.currentTarget.checked ? [...bots, seat] : bots.filter((b) => b !== seat))}
              />
              {seat}
            </label>
          ))}
        </fieldset>
        <label>
          title
          <input id="create-title" maxLength={100} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label class="wide">
          options (JSON, optional)
          <textarea
            id="create-options"
            rows={2}
            placeholder={v?.options ? JSON.stringify(toJson(GameOptionsSchema, v.options)) : '{"moonshineKingdom": {"respectToWin": 15}}'}
            value={options}
            onInput={(e) => setOptions(e.currentTarget.value)}
          />
        </label>
        <button type="submit" id="create-submit">
          open the table
        </button>
      </form>
      {v && <p class="hint">{v.description}</p>}
    </section>
  );
}

