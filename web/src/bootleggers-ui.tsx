// Bootleggers' page beside its drawing: the words for its commands'
// values (places by their printed names, seats by name, trucks by size
// and load), how a pick matches a command, the offer's cards named in the
// labels that give only a space, its score table and its help.

import { toJson } from "@bufbuild/protobuf";
import { GameCommandSchema, type GameCommand, type GameView } from "@moonshine-games/client";
import { DrinkingPlace, DrinkingPlaceSchema } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import { EndReason } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/events_pb.js";
import type { View } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/view_pb.js";
import { BootleggersBoard, boardOf } from "./bootleggers.js";
import { Data, truckSizeNames, truckWords } from "./bootleggers-data.js";
import { tradeWords } from "./bootleggers-seats.js";
import { enumName, prettyEnum } from "./describe.js";
import type { GameUI } from "./games.js";
import { stringify } from "./games.js";
import { fieldWords, vocabulary } from "./vocab.js";

const blOf = (view: GameView): View | undefined => (view.view.case === "bootleggers" ? view.view.value : undefined);
const dataOf = (view: GameView, rules: Parameters<GameUI["vocab"]>[1]) =>
  new Data(rules?.board?.game.case === "bootleggers" ? rules.board.game.value : undefined, blOf(view)?.options);

const labels: Record<string, string> = {
  "send_in_the_boys.placements": "Markers to send in",
  "send_in_the_boys.redevelop": "Redevelop into a casino",
  "send_in_the_boys.ring_up_from": "Ring up a marker from",
  "run_the_whiskey.runs": "Your trucks",
  "run_the_whiskey.runs.truck": "Truck",
  "run_the_whiskey.runs.crates": "Crates",
  "run_the_whiskey.runs.place": "To",
  "propose_trade.to": "Offer to",
  "propose_trade.give": "You give",
  "propose_trade.get": "You ask for",
  "withdraw_trade.offer_id": "Offer",
  "call_the_order.trucks": "Buying order, first to sell first",
};

/** The JSON of a command with its zero values, as picks match it (slot 0, truck 0). */
const full = (cmd: GameCommand) => JSON.stringify(toJson(GameCommandSchema, cmd, { alwaysEmitImplicit: true }));

function matches(picked: string, cmd: GameCommand): boolean {
  const [kind, n] = picked.split(":");
  const json = full(cmd);
  const has = (re: RegExp) => re.test(json);
  switch (kind) {
    case "muscle":
      return has(new RegExp(`"chooseMuscle":\\{"card":${n}\\}`));
    case "moa":
      return has(new RegExp(`"takeMenOfAction":\\{"slot":${n}[,}]`));
    case "casino":
      return has(new RegExp(`"takeCasinoCard":\\{"slot":${n}[,}]`));
    case "truck-card":
      return json.includes('"buyTruck"');
    case "truck":
      return has(new RegExp(`"truck":${n}[,}]`)) || has(new RegExp(`"trucks":\\[([^\\]]*,)?${n}[,\\]]`));
    case "kept":
      return has(new RegExp(`"playCard":\\{"cardId":${n}[,}]`));
    case "keptCasino":
      return has(new RegExp(`"playCasinoCard":\\{"cardId":${n}[,}]`));
    case "seat":
      return has(new RegExp(`"(seat|to)":${n}[,}]`));
  }
  return json.includes(`"${picked}"`);
}

function placeOf(name: string): number {
  return DrinkingPlaceSchema.values.find((v) => v.name === name)?.number ?? DrinkingPlace.UNSPECIFIED;
}

export const bootleggers: GameUI = {
  Board: (p) => <BootleggersBoard {...p} />,

  vocab(view, rules, names) {
    const bl = blOf(view);
    const data = dataOf(view, rules);
    const home = (owner: number) =>
      (bl?.trucks ?? []).filter((t) => t.owner === owner && t.runner === undefined && t.place === DrinkingPlace.UNSPECIFIED).map((t) => String(t.truck));
    return vocabulary({
      enumName: (name) => (name.startsWith("DRINKING_PLACE_") ? data.placeName(placeOf(name)) : prettyEnum(name)),
      choice(field, v) {
        if (v.startsWith("DRINKING_PLACE_")) return data.placeName(placeOf(v));
        if (/(^|\.)(to|seat)$/.test(field)) return names.of(Number(v));
        if (/trucks?$/.test(field) && bl) {
          const t = bl.trucks.find((x) => x.truck === Number(v));
          return t ? `${names.possessive(t.owner)} ${truckWords(bl, t.truck)}` : `truck ${v}`;
        }
        if (field.endsWith("offer_id")) {
          const t = bl?.trades.find((x) => x.offerId === Number(v));
          return t ? tradeWords(t, names) : `offer ${v}`;
        }
        return /^[A-Z][A-Z0-9_]+$/.test(v) ? prettyEnum(v) : v;
      },
      key: (field, v) => (/trucks?$/.test(field) ? `truck:${v}` : /(^|\.)(to|seat)$/.test(field) ? `seat:${v}` : v),
      choices(field, given, values) {
        if (field === "propose_trade.give.trucks") return names.you === undefined ? [] : home(names.you);
        if (field === "propose_trade.get.trucks") {
          const to = values["propose_trade.to"];
          return to === undefined ? [] : home(Number(to));
        }
        return given;
      },
      label(field) {
        if (labels[field]) return labels[field];
        if (field.endsWith(".money")) return "Money (G)";
        if (field.endsWith(".crates")) return "Crates";
        if (field.endsWith(".trucks")) return "Trucks to rent for the round";
        return fieldWords(field);
      },
    });
  },

  matches,

  label(cmd, label, view, rules, names) {
    const bl = blOf(view);
    const c = cmd.game.case === "bootleggers" ? cmd.game.value.kind : undefined;
    if (!bl || !c) return label;
    const data = dataOf(view, rules);
    switch (c.case) {
      case "chooseMuscle": {
        const cost = data.muscleCost(c.value.card);
        return cost === undefined ? label : `${label} (costs ${cost}G)`;
      }
      case "takeMenOfAction": {
        const id = bl.offer?.slots.find((s) => s.slot === c.value.slot)?.cardId;
        if (id === undefined) return label;
        const card = data.card(id);
        const rest = label
          .replace(/^take the card in offer space \d+/, "")
          .replace(/ for still 0\b/, " for your Family Still")
          .replace(/ for still (\d+)/, " for your Remote Still $1");
        return `take ${data.cardName(id)} from space ${c.value.slot + 1}${rest}${card?.cost ? ` (costs ${card.cost}G)` : ""}`;
      }
      case "takeCasinoCard": {
        const kind = bl.offer?.casinoSlots.find((s) => s.slot === c.value.slot)?.kind;
        const name = kind !== undefined ? data.casinoCardKind(kind)?.name : undefined;
        return name ? label.replace(/^take the Casino card in space \d+/, `take the Casino card ${name} (space ${c.value.slot + 1})`) : label;
      }
      case "buyTruck": {
        const id = bl.offer?.truck;
        const card = id !== undefined ? data.board?.trucks.find((t) => id >= t.firstTruck && id <= t.lastTruck) : undefined;
        return card ? `buy the Truck card: ${truckSizeNames[card.size]} truck ${id} (${card.capacity} crates) for ${card.bribe}G, then ${card.graft}G graft a round` : label;
      }
      case "answerTrade": {
        const t = bl.trades.find((x) => x.offerId === c.value.offerId);
        return t ? `${c.value.accept ? "accept" : "decline"} ${tradeWords(t, names)}` : label;
      }
    }
    return label;
  },

  parts(view) {
    const out = new Map<string, string>();
    const bl = blOf(view);
    if (!bl) return out;
    for (const p of bl.places) out.set(enumName(DrinkingPlaceSchema, p.place), stringify(p));
    for (const s of bl.seats) out.set(`seat:${s.seat}`, stringify({ ...s, trucks: bl.trucks.filter((t) => t.owner === s.seat) }));
    return out;
  },

  result(view, rules) {
    const bl = blOf(view);
    const r = bl?.result;
    if (!r) return undefined;
    const rounds = boardOf({ rules } as never)?.numbers?.rounds || 12;
    const reason =
      r.reason === EndReason.LAST_ROUND
        ? `The game ended after round ${r.round} of ${rounds}.`
        : r.reason === EndReason.MONEY
          ? `The game ended after round ${r.round}: a Mobster reached the money that ends it.`
          : r.reason === EndReason.RESIGNED
            ? "The game ended: every other Mobster resigned."
            : undefined;
    return {
      score: "money (G)",
      columns: ["last Muscle card (tie-break)"],
      row: (seat) => {
        const s = r.standings.find((x) => x.seat === seat);
        return [s?.muscle ? String(s.muscle) : "—"];
      },
      reason: reason && `${reason} The richest Mobster wins; a tie goes to the higher Muscle card of the last round.`,
    };
  },

  help: {
    summary: [
      "Twelve rounds of six phases. The richest Mobster at the end wins; the game ends early, after Phase 5, once a Mobster has $100G ($80G with two players).",
      "Phase 1, Muscle: everyone seals a Muscle card; the highest plays first all round. Each pays the card's cost and the graft of each truck, then in Muscle order takes a Men of Action card or the Truck card, or passes.",
      "Phase 2, Send in the Boys: move markers from your Back Room into the speakeasies' circles. A speakeasy opens once its shaded circles are filled; whoever holds the majority there owns it and earns on each crate it buys.",
      "Phase 3, Fire up the Still: each still rolls its dice; the pips are crates in your Back Room.",
      "Phase 4, Run the Whiskey: load your trucks and line them up at O'Malley's or an open speakeasy. Trade money, crates and truck rentals with the others meanwhile.",
      "Phase 5, What's the Password?: each open speakeasy rolls its dice and buys that many crates, the majority holder's trucks first; O'Malley's buys every crate at its low price.",
      "Phase 6, The Heat!: the Copper moves and the round ends.",
      "The Boardwalk: in Phase 2 a Mobster may redevelop a speakeasy into a casino, which pays more and rolls more dice; Entertainment Acts add to each die.",
    ],
    howTo: [
      "Click a drinking place, a card of the offer, a card in your hand or a truck: your choices narrow to those about it.",
      "Sending in the boys, running the whiskey and trading are forms: fill them in, or click a place on the board to choose it.",
    ],
  },
};
