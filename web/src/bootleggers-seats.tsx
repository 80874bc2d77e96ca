// Each Mobster's board in Bootleggers: money, the Back Room's markers and
// crates, the supply, the stills with their dice, the trucks, the Muscle
// cards (the viewer's own hand as cards with their costs; the others'
// counts), the kept Men of Action and Casino cards by name; and the open
// trade offers.

import type { Goods } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import { Step } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import type { SeatView } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/view_pb.js";
import { Dice, Token, Truck, type BLProps } from "./bootleggers.js";
import type { Data } from "./bootleggers-data.js";
import { seatColour } from "./enums.js";
import type { Names } from "./names.js";
import { pickable } from "./pick.js";

const bands = ["1-18", "19-36", "37-54", "55-72"];

export function SeatBoards(p: BLProps) {
  const you = p.names.you;
  // The viewer's board first.
  const seats = [...p.bl.seats].sort((a, b) => (a.seat === you ? -1 : b.seat === you ? 1 : a.seat - b.seat));
  return (
    <section class="bl-seats" aria-label="the Mobsters">
      {seats.map((s) => (
        <SeatBoard {...p} s={s} />
      ))}
    </section>
  );
}

function SeatBoard(p: BLProps & { s: SeatView }) {
  const { s, bl, names, data } = p;
  const you = s.seat === names.you;
  const trucks = bl.trucks.filter((t) => t.owner === s.seat || t.runner === s.seat);
  const hand = s.secrets?.muscleHand ?? [];
  const waiting = p.view.waiting.some((w) => w.seat === s.seat && w.mustAct);
  const cls = ["seat-board", you ? "you" : "", p.changed.has(`seat:${s.seat}`) ? "changed" : "", waiting ? "to-act" : ""];
  return (
    <article class={cls.filter(Boolean).join(" ")} data-seat={s.seat} aria-label={`${names.possessive(s.seat)} board`} style={{ borderTopColor: seatColour(s.seat) }}>
      <header>
        <button type="button" {...pickable(p, `seat:${s.seat}`, names.of(s.seat), "seat-name")}>
          <Token seat={s.seat} /> {names.of(s.seat)}
        </button>
        <span class="money" aria-label={`${s.money}G`}>
          ${s.money}G
        </span>
        {bl.copper === s.seat && <span class="badge copper">has the Copper</span>}
        {waiting && <span class="badge turn">to play</span>}
        {s.resigned && <span class="badge">resigned</span>}
      </header>
      <dl class="seat-facts">
        <div>
          <dt>Back Room</dt>
          <dd>
            <Markers n={s.backRoom} seat={s.seat} /> {s.backRoom} marker{s.backRoom === 1 ? "" : "s"}, {s.crates} crate{s.crates === 1 ? "" : "s"}{" "}
            <Crates n={s.crates} />
          </dd>
        </div>
        <div>
          <dt>Supply</dt>
          <dd>
            {s.supply} markers{s.markersDestroyed > 0 && `, ${s.markersDestroyed} destroyed`}
          </dd>
        </div>
        <div>
          <dt>Stills</dt>
          <dd>
            {s.stills.map((st) => (
              <span class={`still ${st.shutDown ? "shut" : ""}`}>
                {st.still === 0 ? "Family Still" : `Remote Still ${st.still}`} <Dice n={st.dice} /> {st.dice}
                {st.dice === 1 ? " die" : " dice"}
                {st.shutDown && " (shut down)"}
              </span>
            ))}
            {s.produced > 0 && <span class="hint"> · produced {s.produced} this round</span>}
          </dd>
        </div>
        <div>
          <dt>Trucks</dt>
          <dd class="trucks">{trucks.length ? trucks.map((t) => <Truck {...p} truck={t} />) : <span class="none">none</span>}</dd>
        </div>
        <div>
          <dt>Muscle</dt>
          <dd>
            {s.muscle > 0 ? (
              <>
                played <span class="muscle-card-small">{s.muscle}</span> ·{" "}
              </>
            ) : bl.step === Step.BIDDING ? (
              s.hasChosen ? (
                "has sealed a card · "
              ) : (
                "choosing a card · "
              )
            ) : null}
            {s.muscleHandCount} in hand
            {!you && s.muscleBandCounts.length === 4 && <span class="hint"> ({s.muscleBandCounts.map((n, i) => `${n} of ${bands[i]}`).join(", ")})</span>}
          </dd>
        </div>
        {(s.keptCards.length > 0 || s.keptCasinoCards.length > 0) && (
          <div>
            <dt>Kept cards</dt>
            <dd class="kept">
              {s.keptCards.map((id) => (
                <button type="button" {...pickable(p, `kept:${id}`, data.cardName(id), "kept-card")} title={data.card(id)?.text}>
                  {data.cardName(id)}
                </button>
              ))}
              {s.keptCasinoCards.map((id) => {
                const c = data.casinoCard(id);
                return (
                  <button type="button" {...pickable(p, `keptCasino:${id}`, c?.name ?? `Casino card ${id}`, "kept-card casino")} title={c?.text}>
                    {c?.name ?? `Casino card ${id}`}
                  </button>
                );
              })}
            </dd>
          </div>
        )}
      </dl>
      {hand.length > 0 && <Hand {...p} s={s} hand={hand} />}
    </article>
  );
}

/** Hand is a seat's own Muscle hand, as cards: the number, its band and its cost. */
function Hand(p: BLProps & { s: SeatView; hand: number[] }) {
  const sealed = p.s.secrets?.sealedMuscle;
  return (
    <div class="hand muscle-hand" aria-label={`${p.names.possessive(p.s.seat)} Muscle hand`}>
      <h4>{p.s.seat === p.names.you ? "Your Muscle hand" : `${p.names.possessive(p.s.seat)} Muscle hand`}</h4>
      <div class="hand-cards">
        {p.hand.map((n) => {
          const cost = p.data.muscleCost(n);
          return (
            <button type="button" {...pickable(p, `muscle:${n}`, `Muscle card ${n}`, `hand-card muscle-card band-${Math.floor((n - 1) / 18)}`)} data-card={n}>
              <span class="sr-only">Muscle card </span>
              <strong>{n}</strong>
              <small>{cost !== undefined ? `${cost}G` : ""}</small>
              {sealed === n && <small class="sealed">sealed</small>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function Markers(props: { n: number; seat: number }) {
  return (
    <span class="markers" aria-hidden="true">
      {Array.from({ length: Math.min(props.n, 12) }, () => (
        <span class="marker" style={{ background: seatColour(props.seat) }} />
      ))}
    </span>
  );
}

function Crates(props: { n: number }) {
  return (
    <span class="crates" aria-hidden="true">
      {"▣".repeat(Math.min(props.n, 16))}
    </span>
  );
}

/** goodsWords names one side of a trade. */
export function goodsWords(g: Goods | undefined): string {
  const parts: string[] = [];
  if (g?.money) parts.push(`${g.money}G`);
  if (g?.crates) parts.push(`${g.crates} crate${g.crates === 1 ? "" : "s"}`);
  for (const t of g?.trucks ?? []) parts.push(`truck ${t} for the round`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** tradeWords says an open offer: "offer 3: bob offers you 2G for 1 crate". */
export function tradeWords(t: { offerId: number; from: number; to: number; give?: Goods; get?: Goods }, names: Names): string {
  return `offer ${t.offerId}: ${names.of(t.from)} ${t.from === names.you ? "offer" : "offers"} ${t.to === names.you ? "you" : names.of(t.to)} ${goodsWords(t.give)} for ${goodsWords(t.get)}`;
}

export function Trades(p: BLProps & { data: Data }) {
  if (p.bl.trades.length === 0) return null;
  return (
    <section class="bl-trades" aria-label="open trade offers">
      <h3>Open trade offers</h3>
      <ul>
        {p.bl.trades.map((t) => (
          <li data-offer={t.offerId}>{tradeWords(t, p.names)}</li>
        ))}
      </ul>
    </section>
  );
}
