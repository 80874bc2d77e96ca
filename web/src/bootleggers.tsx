// Bootleggers' table, drawn from the view and the printed data of
// GetRules: the round track and the phase, the Muscle order, the six
// drinking places (circles with their markers, the shaded ones a
// speakeasy needs to open, dice, prices, owner, improvements, the trucks
// lined up at the loading dock, this round's roll; a casino with its
// Entertainment Acts), the offer as named cards, the Boardwalk's casinos
// in reach, the open trades, and each Mobster's board (bootleggers-seats).
// Places, cards and trucks are pickable: a pick narrows the commands to
// those about it, or fills the form that waits for one.

import type { View, PlaceView, TruckView } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/view_pb.js";
import { CardTiming, DrinkingPlaceSchema, PlaceKind, Step } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import { Commission } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/view_pb.js";
import type { Colour } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import type { Board } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/data_pb.js";
import { Data, truckSizeNames } from "./bootleggers-data.js";
import { SeatBoards, Trades } from "./bootleggers-seats.js";
import { enumName } from "./describe.js";
import { neutralColour, seatColour } from "./enums.js";
import { pickable, type BoardProps } from "./pick.js";
import type { Names } from "./names.js";

export interface BLProps extends BoardProps {
  bl: View;
  data: Data;
}

export function boardOf(props: BoardProps): Board | undefined {
  return props.rules?.board?.game.case === "bootleggers" ? props.rules.board.game.value : undefined;
}

export function BootleggersBoard(props: BoardProps) {
  if (props.view.view.case !== "bootleggers") return null;
  const bl = props.view.view.value;
  const data = new Data(boardOf(props), bl.options);
  const p: BLProps = { ...props, bl, data };
  return (
    <div class="bl" data-game="bootleggers">
      <Status {...p} />
      <section class="bl-places" aria-label="the drinking places">
        {bl.places.map((pl) => (
          <Place {...p} place={pl} />
        ))}
      </section>
      <Offer {...p} />
      <Trades {...p} />
      <SeatBoards {...p} />
      <Boardwalk {...p} />
    </div>
  );
}

/** colourName names whose markers: a seat's name or the neutral colour. */
export function colourName(c: Colour | undefined, names: Names): string {
  if (c?.who.case === "seat") return names.of(c.who.value);
  if (c?.who.case === "neutral") return "neutral";
  return "nobody";
}

export function colourFill(c: Colour | undefined): string {
  return c?.who.case === "seat" ? seatColour(c.who.value) : neutralColour;
}

function Status(p: BLProps) {
  const { bl, data, names } = p;
  const rounds = data.board?.numbers?.rounds || 12;
  return (
    <section class="bl-status" aria-label="the round">
      <div class="round-track" role="img" aria-label={`round ${bl.round} of ${rounds}`}>
        {Array.from({ length: rounds }, (_, i) => (
          <span class={`round-space ${i + 1 === bl.round ? "now" : i + 1 < bl.round ? "past" : ""}`}>{i + 1}</span>
        ))}
      </div>
      <p class="phase" id="phase">
        <strong>{data.phaseName(bl.phase)}</strong>
        {bl.step === Step.BIDDING && " · sealing Muscle cards"}
        {bl.step === Step.SELECTION && " · taking cards from the offer"}
        {bl.step === Step.CALL_THE_ORDER && bl.call && ` · ${names.of(bl.call.seat)} calls the buying order at ${data.placeName(bl.call.place)}`}
        {bl.step === Step.CASINO_CARDS && " · Casino cards may be played"}
        {bl.turn !== undefined && ` · ${names.of(bl.turn)} to play`}
      </p>
      <p class="facts">
        <span>The Copper: {bl.copper === undefined ? "nobody" : names.of(bl.copper)}</span>
        <span>Men of Action deck: {bl.menOfActionDeck}</span>
        <span>Truck deck: {bl.truckDeck}</span>
        {bl.options?.boardwalk && <span>Casino deck: {bl.casinoDeck}</span>}
        <span>Remote Stills left: {bl.remoteStillsLeft}</span>
        {bl.nonPlayerHands.length > 0 && <span>Neutral markers in supply: {bl.neutralSupply}</span>}
        {bl.omalleysCuts > 0 && <span>O'Malley's cut by {bl.omalleysCuts} this round</span>}
      </p>
      {bl.muscleOrder.length > 0 && (
        <ol class="muscle-order" aria-label="the Muscle order">
          {bl.muscleOrder.map((c) => (
            <li>
              {c.who.case === "seat" ? (
                <>
                  <span class="swatch" style={{ background: seatColour(c.who.value) }} aria-hidden="true" /> {names.of(c.who.value)}
                </>
              ) : (
                `Non-Player hand ${(c.who.value ?? 0) + 1}`
              )}{" "}
              <span class="muscle-card-small">{c.muscle}</span>
              {c.value !== c.muscle && <span class="hint"> ({c.value})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function placeWords(p: BLProps, pl: PlaceView, name: string): string {
  const parts = name ? [name] : [];
  if (!pl.inPlay) return "not in play at this table";
  if (pl.kind === PlaceKind.OMALLEYS) parts.push(`always open, buys every crate at ${pl.price}G`);
  else {
    parts.push(pl.kind === PlaceKind.CASINO ? "casino" : "speakeasy", pl.open ? "open" : "closed");
    const markers = pl.markers.map((m) => `${m.markers} of ${colourName(m.colour, p.names)}`).join(", ");
    parts.push(`${pl.circles} circles, needs ${pl.minimum} to open`, markers ? `markers: ${markers}` : "no markers");
    if (pl.owner?.who.case) parts.push(`owned by ${colourName(pl.owner, p.names)}`);
  }
  if (pl.line.length) parts.push(`trucks in line: ${pl.line.join(", ")}`);
  return parts.join("; ");
}

function Place(p: BLProps & { place: PlaceView }) {
  const { place: pl, data, names } = p;
  const key = enumName(DrinkingPlaceSchema, pl.place);
  const casino = pl.kind === PlaceKind.CASINO ? data.casino(pl.place) : undefined;
  const name = casino ? `${casino.name} casino` : data.placeName(pl.place);
  const kindWords = pl.kind === PlaceKind.OMALLEYS ? "O'Malley's" : pl.kind === PlaceKind.CASINO ? "Casino" : "Speakeasy";
  const kindLine = pl.kind === PlaceKind.OMALLEYS ? "buys every crate" : pl.kind === PlaceKind.CASINO ? `casino over ${data.placeName(pl.place)}` : "speakeasy";
  const cls = ["place", `kind-${kindWords.toLowerCase().replace(/'/g, "")}`, pl.inPlay ? "" : "out", pl.open ? "open" : "closed"];
  if (p.changed.has(key)) cls.push("changed");
  if (p.clickable.has(key)) cls.push("clickable");
  const trucks = pl.line.map((id) => p.bl.trucks.find((t) => t.truck === id)).filter((t): t is TruckView => !!t);
  const dice = pl.dice + (pl.bigNight ? 1 : 0);
  const plus = pl.improvements + pl.entertainmentActs;
  const fx = pl.casinoCards;
  return (
    <article class={cls.filter(Boolean).join(" ")} data-place={key} aria-label={name}>
      <header>
        <button type="button" {...pickable(p, key, name, "place-name")}>
          {name}
          <span class="sr-only">: {placeWords(p, pl, "")}</span>
        </button>
        <span class={`badge ${pl.open ? "open" : "closed"}`}>{!pl.inPlay ? "not in play" : pl.kind === PlaceKind.OMALLEYS ? "always open" : pl.open ? "open" : "closed"}</span>
      </header>
      <p class="kind">{kindLine}</p>
      {pl.inPlay && pl.circles > 0 && <Circles {...p} place={pl} />}
      {pl.inPlay && (
        <dl class="place-facts">
          <div>
            <dt>pays</dt>
            <dd>{pl.price}G a crate</dd>
          </div>
          {pl.kind !== PlaceKind.OMALLEYS && (
            <div>
              <dt>dice</dt>
              <dd>
                <Dice n={dice} /> {dice}
                {plus > 0 && ` +${plus} each`}
              </dd>
            </div>
          )}
          {pl.ownerBonus > 0 && (
            <div>
              <dt>owner</dt>
              <dd>+{pl.ownerBonus}G a crate</dd>
            </div>
          )}
        </dl>
      )}
      {(pl.owner?.who.case || pl.majority?.who.case) && (
        <p class="owner">
          {pl.owner?.who.case && (
            <>
              Owner: <Token colour={pl.owner} /> {colourName(pl.owner, names)}
            </>
          )}
          {pl.majority?.who.case && !sameColour(pl.majority, pl.owner) && <> · majority: {colourName(pl.majority, names)}</>}
        </p>
      )}
      {pl.improvements > 0 && <p class="improvements">Improvements: {"▲".repeat(pl.improvements)} ({pl.improvements})</p>}
      {pl.entertainmentActs > 0 && <p class="acts">Entertainment Acts: {"★".repeat(pl.entertainmentActs)} ({pl.entertainmentActs})</p>}
      {pl.bigNight && <p class="effect">Big Night: one more die this round</p>}
      {fx && (
        <p class="effect">
          {[
            fx.policeRaid && "Police Raid: closed this round",
            fx.fireChief && "Fire Chief: the last truck in line is not bought",
            fx.politicalPockets !== undefined && `Political Pockets: buys from ${names.of(fx.politicalPockets)} only`,
            fx.gamblingWindfall && "Gambling Windfall",
            fx.breakTheBank && "Break the Bank: no payout to the owner",
            fx.commission === Commission.AWAITED && "State Gaming Commission: the owner's answer awaited",
            fx.commission === Commission.PAID && "State Gaming Commission: paid",
            fx.commission === Commission.REFUSED && "State Gaming Commission: no payout",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      {pl.consumption && pl.consumption.dice.length > 0 && (
        <p class="roll">
          Rolled {pl.consumption.dice.join(" + ")}
          {pl.consumption.improvements > 0 && ` (+${pl.consumption.improvements} each)`}
          {pl.consumption.dropped > 0 && `, lowest ${pl.consumption.dropped} dropped`}: buys up to {pl.consumption.consumption}
        </p>
      )}
      {pl.inPlay && (
        <div class="dock" aria-label={`${name}'s loading dock`}>
          <span class="dock-label">Loading dock</span>
          {trucks.length === 0 ? <span class="none">empty</span> : trucks.map((t) => <Truck {...p} truck={t} />)}
        </div>
      )}
    </article>
  );
}

const sameColour = (a?: Colour, b?: Colour) => a?.who.case === b?.who.case && a?.who.value === b?.who.value;

/** Circles draws a speakeasy's circles, the first `minimum` shaded, filled with the markers there. */
function Circles(p: BLProps & { place: PlaceView }) {
  const pl = p.place;
  const fills: Colour[] = [];
  for (const m of [...pl.markers].sort((a, b) => b.markers - a.markers)) for (let i = 0; i < m.markers; i++) fills.push(m.colour!);
  const n = Math.max(pl.circles, fills.length);
  return (
    <svg class="circles" viewBox={`0 0 ${n * 26} 26`} width={n * 26} height="26" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <circle cx={13 + i * 26} cy="13" r="10" class={`${i < pl.minimum ? "shaded" : "plain"} ${fills[i] ? "held" : ""}`} style={fills[i] ? { fill: colourFill(fills[i]) } : undefined} />
      ))}
    </svg>
  );
}

export function Token(props: { colour?: Colour; seat?: number }) {
  const fill = props.seat !== undefined ? seatColour(props.seat) : colourFill(props.colour);
  return <span class="token" style={{ background: fill }} aria-hidden="true" />;
}

export function Dice(props: { n: number }) {
  return (
    <span class="dice" aria-hidden="true">
      {"⚄".repeat(Math.max(0, Math.min(props.n, 8)))}
    </span>
  );
}

/** Truck is one truck as a pickable chip: its size, id, load and who runs it. */
export function Truck(p: BLProps & { truck: TruckView; home?: boolean }) {
  const t = p.truck;
  const runner = t.runner ?? t.owner;
  const size = truckSizeNames[t.size] ?? "";
  const where = t.place ? ` at ${p.data.placeName(t.place)}` : " at home";
  const words = `${p.names.possessive(t.owner)} ${size} truck ${t.truck}, ${t.crates} of ${t.capacity} crates${where}${
    t.runner !== undefined ? `, run by ${p.names.of(t.runner)}` : ""
  }${t.halted ? ", halted" : ""}`;
  return (
    <button type="button" {...pickable(p, `truck:${t.truck}`, `truck ${t.truck}`, `truck size-${size}`)} style={{ borderLeftColor: seatColour(runner) }} data-truck={t.truck}>
      <span class="sr-only">{words}: </span>
      <svg viewBox="0 0 24 14" width="24" height="14" aria-hidden="true">
        <rect x="1" y="2" width="14" height="9" rx="1" fill={seatColour(runner)} />
        <path d="M15 5h5l3 3v3h-8z" fill={seatColour(runner)} />
        <circle cx="6" cy="12" r="2" fill="#222" />
        <circle cx="19" cy="12" r="2" fill="#222" />
      </svg>
      <span>
        {t.truck} · {t.crates}/{t.capacity}
      </span>
      {t.halted && <span class="flag">halted</span>}
      {t.applePie && <span class="flag">Apple Pie!</span>}
      {t.insideJob && <span class="flag">Inside Job</span>}
    </button>
  );
}

/** Offer draws the round's offer: the Men of Action cards by name, the Truck card and the Casino cards. */
function Offer(p: BLProps) {
  const { bl, data } = p;
  const offer = bl.offer;
  if (!offer || (offer.slots.length === 0 && offer.truck === undefined && offer.casinoSlots.length === 0)) return null;
  const truckCard = offer.truck !== undefined ? data.board?.trucks.find((t) => offer.truck! >= t.firstTruck && offer.truck! <= t.lastTruck) : undefined;
  return (
    <section class="bl-offer" aria-label="the offer">
      <h3>The offer</h3>
      <div class="cards">
        {offer.slots.map((s) => {
          const card = s.cardId !== undefined ? data.card(s.cardId) : undefined;
          const hand = s.nonPlayerHand !== undefined ? bl.nonPlayerHands.find((h) => h.hand === s.nonPlayerHand) : undefined;
          return (
            <div class={`card moa ${card ? "" : "taken"}`} data-slot={s.slot}>
              {hand && (
                <p class="np-hand">
                  Non-Player hand {hand.hand + 1}: {hand.cardsLeft} card{hand.cardsLeft === 1 ? "" : "s"}{hand.muscle ? `, shows ${hand.muscle}` : ""}
                </p>
              )}
              <button type="button" {...pickable(p, `moa:${s.slot}`, card ? `${card.name} in space ${s.slot + 1}` : `space ${s.slot + 1}`, "card-face")} disabled={!card}>
                <span class="card-space">Space {s.slot + 1}</span>
                <strong class="card-name">{card?.name ?? "taken"}</strong>
                {card && (
                  <>
                    <span class="card-timing">
                      {card.timing === CardTiming.KEEP_FOR_LATER ? "keep for later" : "use now"}
                      {card.cost ? ` · costs ${card.cost}G` : ""}
                    </span>
                    <span class="card-text">{card.text}</span>
                  </>
                )}
              </button>
            </div>
          );
        })}
        {offer.truck !== undefined && (
          <div class="card truck-card">
            <button
              type="button"
              {...pickable(p, "truck-card", `the Truck card`, "card-face")}
            >
              <span class="card-space">Truck card</span>
              <strong class="card-name">
                {truckSizeNames[truckCard?.size ?? 0] ?? ""} truck {offer.truck}
              </strong>
              {truckCard && (
                <span class="card-text">
                  carries {truckCard.capacity} crates · bribe {truckCard.bribe}G · graft {truckCard.graft}G a round
                </span>
              )}
            </button>
          </div>
        )}
        {offer.casinoSlots.map((s) => {
          const card = s.cardId !== undefined ? data.casinoCardKind(s.kind) : undefined;
          return (
            <div class={`card casino-card ${card ? "" : "taken"}`}>
              <button
                type="button"
                {...pickable(p, `casino:${s.slot}`, card ? `the Casino card ${card.name}` : `Casino card space ${s.slot + 1}`, "card-face")}
                disabled={!card}
              >
                <span class="card-space">Casino card {s.slot + 1}</span>
                <strong class="card-name">{card?.name ?? "taken"}</strong>
                {card && <span class="card-text">{card.text}</span>}
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Boardwalk draws the casinos still within reach. */
function Boardwalk(p: BLProps) {
  const bw = p.bl.boardwalk;
  if (!bw) return null;
  const supply = bw.casinos.filter((c) => c.inSupply);
  return (
    <section class="bl-boardwalk" aria-label="the Boardwalk">
      <h3>The Boardwalk</h3>
      <p class="hint">
        A Mobster may redevelop a speakeasy into its casino in Phase 2, paying the base price and 3G for each rival marker there. Entertainment Acts
        placed: {bw.entertainmentActsPlaced}.
      </p>
      <ul class="placards">
        {supply.map((c) => (
          <li>
            <strong>{p.data.casino(c.place)?.name ?? p.data.placeName(c.place)}</strong> over {p.data.placeName(c.place)}: base price {c.basePrice}G, pays{" "}
            {c.perCrate}G a crate to the sellers and its owner, {c.dice} dice
          </li>
        ))}
        {supply.length === 0 && <li>every casino is open</li>}
      </ul>
    </section>
  );
}
