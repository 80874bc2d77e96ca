// Booze Barons' table: the six Locations (named from the board data of
// GetRules), the Delivery cards waiting at each and the Bootleggers
// standing there, and the seats: what each has delivered, holds face down
// (the count, or the cards to their holder) and whether its Booze card is
// exposed. A Location is a click target, as the Kingdom's Districts are.

import type { View as BBView, DeliveryCard, PlayerView } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js";
import { BoozeTypeSchema, LocationSchema, MobSchema, PhaseSchema } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js";
import type { Board as BBBoard } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/board_pb.js";
import type { GameInfo } from "@moonshine-games/client";
import { enumLabel, enumName, seatColour } from "./enums.js";

export interface BBProps {
  view: BBView;
  info: GameInfo;
  board?: BBBoard;
  changed: Set<string>;
  clickable: Set<string>;
  picked: string;
  onPick: (name: string) => void;
}

const cardText = (c: DeliveryCard) => `#${c.id} ${c.boozeTypes.map((b) => enumLabel(BoozeTypeSchema, b)).join("+")}`;

export function BoozeBaronsBoard(props: BBProps) {
  const v = props.view;
  const locName = (loc: number) => props.board?.locations.find((l) => l.location === loc)?.name ?? enumLabel(LocationSchema, loc);
  return (
    <svg class="locations" viewBox="0 0 1000 420" role="img" aria-label="the Locations">
      {v.locations.map((l, i) => {
        const name = enumName(LocationSchema, l.location);
        const x = 10 + (i % 3) * 330,
          y = 10 + Math.floor(i / 3) * 205;
        const here = v.seats.filter((s) => s.location === l.location);
        const cls = ["location", props.changed.has(name) && "changed", props.clickable.has(name) && "clickable", props.picked === name && "picked"];
        return (
          <g class={cls.filter(Boolean).join(" ")} data-location={name} transform={`translate(${x},${y})`} onClick={() => props.onPick(name)}>
            <rect width="310" height="190" rx="10" />
            <text class="name" x="12" y="26">
              {locName(l.location)}
            </text>
            {l.cards.map((c, j) => (
              <text class="card" x="12" y={52 + j * 20}>
                {cardText(c)}
              </text>
            ))}
            {here.map((s, j) => (
              <g transform={`translate(${200 + (j % 4) * 26},${40 + Math.floor(j / 4) * 26})`}>
                <circle r="11" fill={seatColour(s.seat)} />
                <text class="pawn" y="4">
                  {s.seat}
                </text>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

export function BoozeBaronsPanel(props: { view: BBView; info: GameInfo; changed: Set<string> }) {
  const v = props.view;
  return (
    <div class="panel boozebarons">
      <p class="day" id="day">
        Round {v.round} · {enumLabel(PhaseSchema, v.phase)} · Baron: seat {v.baron}
        {v.turn !== undefined ? ` · seat ${v.turn} to act` : ""} · {v.deckSize} cards in the deck
      </p>
      <table class="seats" id="seats">
        <thead>
          <tr>
            <th>seat</th>
            <th>at</th>
            <th>Booze</th>
            <th>delivered</th>
            <th>face down</th>
            <th>Movement cards</th>
          </tr>
        </thead>
        <tbody>
          {v.seats.map((s) => (
            <Seat s={s} info={props.info} you={v.viewerSeat === s.seat} changed={props.changed.has(`seat:${s.seat}`)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Seat(props: { s: PlayerView; info: GameInfo; you: boolean; changed: boolean }) {
  const s = props.s;
  const who = props.info.seats[s.seat];
  return (
    <tr data-seat={s.seat} class={props.changed ? "changed" : ""}>
      <td>
        <span class="swatch" style={{ background: seatColour(s.seat) }} /> {s.seat} {who?.name || (who?.bot ? "bot" : "free")}
        {props.you ? " (you)" : ""}
      </td>
      <td>{enumLabel(LocationSchema, s.location)}</td>
      <td>
        {s.boozeType ? `${enumLabel(BoozeTypeSchema, s.boozeType)} (${enumLabel(MobSchema, s.mob)})` : "hidden"}
        {s.exposed ? " · exposed" : ""}
      </td>
      <td>{s.faceUp.map(cardText).join(", ")}</td>
      <td>{s.faceDown.length > 0 ? s.faceDown.map(cardText).join(", ") : s.faceDownCount}</td>
      <td>{s.hand.map((l) => enumLabel(LocationSchema, l)).join(", ")}</td>
    </tr>
  );
}
