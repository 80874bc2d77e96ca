// Help: a short panel at each table (how the game goes, what to click)
// with a link to the game's rules page, and that page (#/rules/<game>):
// the players, the variants and the printed data the server gives
// (GetRules' board), set out as tables and cards.

import { useEffect, useState } from "preact/hooks";
import type { GameRules } from "@moonshine-games/client";
import { publicClient } from "./api.js";
import { uiFor } from "./games.js";
import { Refused } from "./refused.js";
import { CardTiming } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import { Data, phaseNames, truckSizeNames } from "./bootleggers-data.js";

export function HelpPanel(props: { game: string; title: string }) {
  const help = uiFor(props.game).help;
  return (
    <details class="help" id="help">
      <summary>How to play {props.title}</summary>
      <ul>
        {help.summary.slice(0, 3).map((l) => (
          <li>{l}</li>
        ))}
      </ul>
      <ul class="how-to">
        {help.howTo.map((l) => (
          <li>{l}</li>
        ))}
      </ul>
      <p>
        <a href={`#/rules/${props.game}`}>The rules of {props.title}, with every card and table</a>
      </p>
    </details>
  );
}

export function RulesPage(props: { game: string }) {
  const [rules, setRules] = useState<GameRules>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    publicClient.getRules({ game: props.game }).then((r) => setRules(r.rules), setError);
  }, [props.game]);
  useEffect(() => {
    document.title = `${rules?.title ?? "Rules"} — Moonshine`;
  }, [rules]);
  if (!rules) return <Refused error={error} />;
  const help = uiFor(rules.game).help;
  return (
    <article class="rules-page" id="rules-page">
      <h1>{rules.title}</h1>
      <p>
        {rules.minPlayers === rules.maxPlayers ? rules.minPlayers : `${rules.minPlayers} to ${rules.maxPlayers}`} players.{" "}
        <a href="#/">Back to the lobby</a>
      </p>
      <h2>How the game goes</h2>
      <ul>
        {help.summary.map((l) => (
          <li>{l}</li>
        ))}
      </ul>
      <h2>At the table</h2>
      <ul>
        {help.howTo.map((l) => (
          <li>{l}</li>
        ))}
        <li>When it is your turn the tab's title says so; a sound and a desktop notification can be turned on at the table.</li>
      </ul>
      <h2>Variants</h2>
      <dl class="variants">
        {rules.variants.map((v) => (
          <>
            <dt>
              {v.title || v.name} <span class="hint">({v.minPlayers === v.maxPlayers ? v.minPlayers : `${v.minPlayers}-${v.maxPlayers}`} players)</span>
            </dt>
            <dd>{v.description}</dd>
          </>
        ))}
      </dl>
      <BoardData rules={rules} />
    </article>
  );
}

function BoardData(props: { rules: GameRules }) {
  const b = props.rules.board?.game;
  switch (b?.case) {
    case "bootleggers": {
      const d = new Data(b.value, undefined);
      return (
        <>
          <h2>The drinking places</h2>
          <div class="table-scroll" tabindex={0} role="region" aria-label="the drinking places">
            <table>
              <caption>Smallest to largest</caption>
              <thead>
                <tr>
                  <th scope="col">place</th>
                  <th scope="col">circles</th>
                  <th scope="col">to open</th>
                  <th scope="col">dice</th>
                  <th scope="col">pays a crate</th>
                  <th scope="col">owner's bonus</th>
                  <th scope="col">in play from</th>
                </tr>
              </thead>
              <tbody>
                {b.value.places.map((p) => (
                  <tr>
                    <th scope="row">{p.name}</th>
                    <td>{p.circles}</td>
                    <td>{p.minimum}</td>
                    <td>{p.dice || "—"}</td>
                    <td>{p.price}G</td>
                    <td>{p.ownerBonus ? `${p.ownerBonus}G` : "—"}</td>
                    <td>{p.minPlayers} players</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Trucks</h2>
          <ul>
            {b.value.trucks.map((t) => (
              <li>
                {truckSizeNames[t.size]}: {t.capacity} crates, bribe {t.bribe}G, graft {t.graft}G a round ({t.cards} Truck cards)
              </li>
            ))}
          </ul>
          <h2>Muscle cards</h2>
          <p>{b.value.muscleCosts.map((r) => `${r.first}-${r.last}: ${r.cost}G`).join(" · ")}</p>
          <h2>Men of Action</h2>
          <ul class="card-list">
            {b.value.menOfAction.map((c) => (
              <li>
                <strong>{c.name}</strong> ({c.count}, {c.timing === CardTiming.KEEP_FOR_LATER ? `keep for later, ${phaseNames[c.phase] ?? ""}` : "use now"}
                {c.cost ? `, costs ${c.cost}G` : ""}): {c.text}
              </li>
            ))}
          </ul>
          {b.value.boardwalk && (
            <>
              <h2>The Boardwalk's casinos</h2>
              <ul>
                {b.value.boardwalk.casinos.map((c) => (
                  <li>
                    <strong>{c.name}</strong> over {d.placeName(c.place)}: base price {c.basePrice}G, {c.dice} dice, from {c.minPlayers} players
                  </li>
                ))}
              </ul>
              <h2>Casino cards</h2>
              <ul class="card-list">
                {b.value.boardwalk.casinoCards.map((c) => (
                  <li>
                    <strong>{c.name}</strong> ({c.count}
                    {c.option ? `, with the option ${c.option.replace(/_/g, " ")}` : ""}): {c.text}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      );
    }
    case "boozeBarons":
      return (
        <>
          <h2>The Locations</h2>
          <dl>
            {b.value.locations.map((l) => (
              <>
                <dt>{l.name}</dt>
                <dd>
                  {l.event}
                  {l.eventSideB && ` Side B: ${l.eventSideB}`}
                </dd>
              </>
            ))}
          </dl>
          <h2>The Mobs and their Booze</h2>
          <ul>
            {b.value.mobs.map((m) => (
              <li>
                <strong>{m.name}</strong>: {m.boozeTypes.map((t) => t.name).join(", ")}
              </li>
            ))}
          </ul>
        </>
      );
    case "moonshineKingdom":
      return (
        <>
          <h2>The Boroughs</h2>
          <ul>
            {b.value.boroughs.map((bo) => (
              <li>
                <strong>{bo.name}</strong> ({bo.respect} Respect):{" "}
                {b.value.districts
                  .filter((x) => x.borough === bo.borough)
                  .map((x) => x.name)
                  .join(", ")}
              </li>
            ))}
          </ul>
          <h2>The Playbooks</h2>
          <ul class="card-list">
            {b.value.playbooks.map((p) => (
              <li>
                <strong>{p.name}</strong>: {p.plays.map((s) => `${s.name} (${s.cost}): ${s.text}`).join(" · ")}
              </li>
            ))}
          </ul>
          <h2>Titles</h2>
          <ul>
            {b.value.titles.map((t) => (
              <li>
                <strong>{t.name}</strong> ({t.respect} Respect){t.rule && `: ${t.rule}`}
              </li>
            ))}
          </ul>
        </>
      );
  }
  return null;
}
