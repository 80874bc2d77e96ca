// The end of a game: who won and why, and every seat's final score in a
// table, with the columns the game adds (the tie-break, the Mob, …).

import type { GameRules, GameView } from "@moonshine-games/client";
import type { GameUI } from "./games.js";
import { relabel, type Names } from "./names.js";
import { seatColour } from "./enums.js";

export function FinalScores(props: { view: GameView; rules?: GameRules; names: Names; ui: GameUI }) {
  const { view, names } = props;
  const info = view.info!;
  if (info.cancelled) {
    return (
      <section class="final" id="final-scores" aria-labelledby="final-title">
        <h2 id="final-title">Table cancelled</h2>
        <p>Its creator cancelled the table before the game started.</p>
      </section>
    );
  }
  const o = view.outcome;
  if (!o || (o.winners.length === 0 && !o.summary)) return null;
  const cols = props.ui.result?.(view, props.rules, names);
  const seats = info.seats.map((s) => s.seat);
  const score = (s: number) => o.scores[s] ?? 0;
  const order = [...seats].sort((a, b) => Number(o.winners.includes(b)) - Number(o.winners.includes(a)) || score(b) - score(a) || a - b);
  const players = info.config?.players ?? seats.length;
  return (
    <section class="final" id="final-scores" aria-labelledby="final-title">
      <h2 id="final-title">Game over</h2>
      <p class="summary">{relabel(o.summary || `won by ${o.winners.map((w) => names.of(w)).join(" and ")}`, names, players)}</p>
      {cols?.reason && <p class="reason">{cols.reason}</p>}
      <div class="table-scroll" tabindex={0} role="region" aria-label="the final scores">
        <table class="scores">
          <caption>Final scores</caption>
          <thead>
            <tr>
              <th scope="col">rank</th>
              <th scope="col">player</th>
              <th scope="col">{cols?.score ?? "score"}</th>
              {cols?.columns.map((c) => (
                <th scope="col">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.map((s, i) => (
              <tr data-seat={s} class={o.winners.includes(s) ? "winner" : ""}>
                <td>{o.winners.includes(s) ? "1 ★" : i + 1}</td>
                <th scope="row">
                  <span class="swatch" style={{ background: seatColour(s) }} aria-hidden="true" /> {names.of(s)}
                  {o.winners.includes(s) && <span class="sr-only"> (winner)</span>}
                </th>
                <td>{o.scores.length > s ? score(s) : "—"}</td>
                {cols?.row(s).map((c) => (
                  <td>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
