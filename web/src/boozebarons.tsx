// Booze Barons' table: the six Locations (named, with their Event, from
// the board data of GetRules), the Delivery cards waiting at each, set out
// as cards whose Booze types read in full, and the Bootleggers standing
// there; and the seats: where each stands, its Booze card (its own, or
// once Exposed), what it has delivered and holds face down, its Movement
// cards. A Location is pickable, as the Kingdom's Districts are.

import type { View as BBView, DeliveryCard, PlayerView } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js";
import { BoozeTypeSchema, LocationSchema, MobSchema, Phase, PendingKind, PendingKindSchema, Side } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js";
import type { Board as BBBoard } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/board_pb.js";
import type { GameRules, GameView } from "@moonshine-games/client";
import { enumName, prettyEnum } from "./describe.js";
import { seatColour } from "./enums.js";
import type { GameUI } from "./games.js";
import { stringify } from "./games.js";
import { matchesEnum } from "./commands.js";
import type { Names } from "./names.js";
import { pickable, type BoardProps } from "./pick.js";
import { vocabulary } from "./vocab.js";

/** Names reads the printed names of Locations, Booze types and Mobs. */
class Words {
  constructor(readonly board?: BBBoard) {}
  location(l: number): string {
    return this.board?.locations.find((x) => x.location === l)?.name ?? (l ? prettyEnum(enumName(LocationSchema, l)) : "not placed yet");
  }
  booze(t: number): string {
    for (const m of this.board?.mobs ?? []) for (const b of m.boozeTypes) if (b.boozeType === t) return b.name;
    return t ? prettyEnum(enumName(BoozeTypeSchema, t)) : "hidden";
  }
  mob(m: number): string {
    return this.board?.mobs.find((x) => x.mob === m)?.name ?? prettyEnum(enumName(MobSchema, m));
  }
  mobOfBooze(t: number): number {
    return this.board?.mobs.find((m) => m.boozeTypes.some((b) => b.boozeType === t))?.mob ?? 0;
  }
  /** byName reads an enum name of either kind. */
  byName(name: string): string {
    const l = LocationSchema.values.find((v) => v.name === name);
    if (l) return this.location(l.number);
    const b = BoozeTypeSchema.values.find((v) => v.name === name);
    if (b) return this.booze(b.number);
    const m = MobSchema.values.find((v) => v.name === name);
    if (m) return this.mob(m.number);
    return prettyEnum(name);
  }
}

const boardOf = (rules?: GameRules) => (rules?.board?.game.case === "boozeBarons" ? rules.board.game.value : undefined);
const bbOf = (view: GameView): BBView | undefined => (view.view.case === "boozeBarons" ? view.view.value : undefined);

function cardWords(c: DeliveryCard, w: Words): string {
  return `card ${c.id}: ${c.boozeTypes.map((b) => w.booze(b)).join(", ")}`;
}

/** Card is a Delivery card: its number and its Booze types, the viewer's own marked. */
function Card(props: { c: DeliveryCard; w: Words; mine?: number }) {
  return (
    <div class="delivery-card" data-card={props.c.id} aria-label={cardWords(props.c, props.w)} role="img">
      <span class="card-id">#{props.c.id}</span>
      <ul>
        {props.c.boozeTypes.map((b) => (
          <li class={`mob-${props.w.mobOfBooze(b)} ${b === props.mine ? "mine" : ""}`}>{props.w.booze(b)}</li>
        ))}
      </ul>
    </div>
  );
}

function BoozeBaronsBoard(props: BoardProps) {
  const v = bbOf(props.view);
  if (!v) return null;
  const w = new Words(boardOf(props.rules));
  const mine = v.viewerSeat !== undefined ? v.seats.find((s) => s.seat === v.viewerSeat)?.boozeType : undefined;
  return (
    <div class="bb" data-game="booze-barons">
      <p class="phase" id="phase">
        Round {v.round} · {v.phase === Phase.MOVE ? "Move Phase: everyone seals a Movement card" : v.phase === Phase.ACTION ? "Action Phase" : "Game over"} · Booze
        Baron: {props.names.of(v.baron)}
        {v.turn !== undefined && ` · ${props.names.of(v.turn)} to act`} · {v.deckSize} cards in the Delivery deck · {v.snitchTokensLeft} Snitch tokens left
      </p>
      {v.pending && v.pending.kind !== PendingKind.UNSPECIFIED && (
        <p class="pending">
          {props.names.of(v.pending.actor)}: {prettyEnum(enumName(PendingKindSchema, v.pending.kind))}
          {v.pending.looked.length > 0 && ` · looked at ${v.pending.looked.map((c) => `#${c.id}`).join(", ")}`}
        </p>
      )}
      <section class="bb-locations" aria-label="the Locations">
        {v.locations.map((l) => {
          const key = enumName(LocationSchema, l.location);
          const card = w.board?.locations.find((x) => x.location === l.location);
          const event = l.side === Side.B && card?.eventSideB ? card.eventSideB : card?.event;
          const here = v.seats.filter((s) => s.location === l.location);
          const cls = ["location", props.changed.has(key) ? "changed" : "", props.clickable.has(key) ? "clickable" : ""];
          return (
            <article class={cls.filter(Boolean).join(" ")} data-location={key} aria-label={w.location(l.location)}>
              <header>
                <button
                  type="button"
                  {...pickable(props, key, w.location(l.location), "location-name")}
                >
                  {w.location(l.location)}
                </button>
              </header>
              {event && <p class="event">{event}</p>}
              <p class="here">
                {here.length === 0 ? (
                  <span class="none">nobody here</span>
                ) : (
                  here.map((s) => (
                    <span class="pawn" style={{ background: seatColour(s.seat) }}>
                      {props.names.of(s.seat)}
                    </span>
                  ))
                )}
              </p>
              <div class="cards">
                {l.cards.map((c) => (
                  <Card c={c} w={w} mine={mine} />
                ))}
                {l.cards.length === 0 && <span class="none">no Delivery cards</span>}
              </div>
            </article>
          );
        })}
      </section>
      <Seats v={v} w={w} names={props.names} changed={props.changed} />
    </div>
  );
}

function Seats(props: { v: BBView; w: Words; names: Names; changed: Set<string> }) {
  return (
    <section class="bb-seats" aria-label="the players">
      <table class="seats" id="seats">
        <caption>The players</caption>
        <thead>
          <tr>
            <th scope="col">player</th>
            <th scope="col">at</th>
            <th scope="col">Booze card</th>
            <th scope="col">delivered</th>
            <th scope="col">face down</th>
            <th scope="col">Movement cards</th>
          </tr>
        </thead>
        <tbody>
          {props.v.seats.map((s) => (
            <Seat s={s} {...props} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Seat(props: { s: PlayerView; v: BBView; w: Words; names: Names; changed: Set<string> }) {
  const { s, w, names } = props;
  return (
    <tr data-seat={s.seat} class={props.changed.has(`seat:${s.seat}`) ? "changed" : ""}>
      <th scope="row">
        <span class="swatch" style={{ background: seatColour(s.seat) }} aria-hidden="true" /> {names.of(s.seat)}
        {s.resigned && " (resigned)"}
      </th>
      <td>{w.location(s.location)}</td>
      <td>
        {s.boozeType ? `${w.booze(s.boozeType)} (${w.mob(s.mob)})` : "hidden"}
        {s.exposed && " · Exposed"}
      </td>
      <td>{s.faceUp.length ? s.faceUp.map((c) => `#${c.id}`).join(", ") : "none"}</td>
      <td>{s.faceDown.length > 0 ? s.faceDown.map((c) => cardWords(c, w)).join("; ") : s.faceDownCount}</td>
      <td>{s.hand.length ? s.hand.map((l) => w.location(l)).join(", ") : s.seat === props.v.viewerSeat ? "none" : "—"}</td>
    </tr>
  );
}

export const boozeBarons: GameUI = {
  Board: (p) => <BoozeBaronsBoard {...p} />,
  vocab(_view, rules, names) {
    const w = new Words(boardOf(rules));
    return vocabulary({
      enumName: (n) => w.byName(n),
      choice: (field, v) => (/^[A-Z][A-Z0-9_]+$/.test(v) ? w.byName(v) : /(target|seat)$/.test(field) ? names.of(Number(v)) : v),
    });
  },
  matches: matchesEnum,
  parts(view) {
    const out = new Map<string, string>();
    const v = bbOf(view);
    for (const l of v?.locations ?? []) out.set(enumName(LocationSchema, l.location), stringify(l));
    for (const s of v?.seats ?? []) out.set(`seat:${s.seat}`, stringify(s));
    return out;
  },
  result(view, rules) {
    const r = bbOf(view)?.result;
    if (!r) return undefined;
    const w = new Words(boardOf(rules));
    const mobs = r.winners.map((m) => w.mob(m)).join(" and ");
    return {
      score: "coins",
      columns: ["Booze card", "Mob", "deliveries", "Mob's score"],
      row: (seat) => {
        const p = r.players.find((x) => x.seat === seat);
        const m = r.mobs.find((x) => x.mob === p?.mob);
        return [p ? w.booze(p.boozeType) : "", p ? w.mob(p.mob) : "", String(p?.deliveries ?? ""), String(m?.score ?? "")];
      },
      reason: `The ${mobs} Mob wins: the Mob whose members scored the most coins together.`,
    };
  },
  help: {
    summary: [
      "Every Bootlegger works in secret for a Mob (Beer, Liquor or Wine): your Booze card says which. When fewer than two Bootleggers remain unexposed, the Mob with the most Coins wins.",
      "Move Phase: everyone seals a Movement card for the Location to visit (never the same one twice in a row); all are revealed at once.",
      "Action Phase: from the Booze Baron on, each takes one action: Deliver (a Delivery card at your Location showing your Booze type), Tail (look at a player's cards there, then Steal one of your type or Expose them), trigger the Location's Event, or Pass.",
      "Expose by naming a player's Booze type: a right guess turns their card face up and wins you their Movement token.",
    ],
    howTo: ["Click a Location to see only the choices about it. The cards that match your Booze type are marked."],
  },
};
