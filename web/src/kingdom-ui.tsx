// Moonshine Kingdom's page beside its drawing: Districts by their printed
// names; a Move's or a Push's destination narrowed to the Districts
// Connected to where it starts (land, Bridge or Water, from the board's
// connections); the parts a change highlights; its score table; its help.

import type { GameView } from "@moonshine-games/client";
import { DistrictSchema } from "@moonshine-games/client/gen/moonshine/kingdom/v1/kingdom_pb.js";
import { matchesEnum } from "./commands.js";
import { enumName, prettyEnum } from "./describe.js";
import type { GameUI } from "./games.js";
import { stringify } from "./games.js";
import { KingdomBoard, KingdomPanel, boardOf } from "./kingdom.js";
import { vocabulary } from "./vocab.js";

const kOf = (view: GameView) => (view.view.case === "moonshineKingdom" ? view.view.value : undefined);

/** The destination fields and the field of their origin. */
const origins: Record<string, string> = { "move.to": "move.from", "push.to": "push.from" };

export const kingdom: GameUI = {
  Board: (p) => (
    <>
      <KingdomBoard {...p} />
      <KingdomPanel {...p} />
    </>
  ),
  vocab(_view, rules, names) {
    const board = boardOf(rules);
    const nameOf = new Map<string, string>();
    for (const d of board?.districts ?? []) nameOf.set(enumName(DistrictSchema, d.district), d.name);
    const connected = (from: string): Set<string> => {
      const out = new Set<string>();
      const n = DistrictSchema.values.find((v) => v.name === from)?.number;
      for (const c of board?.connections ?? []) {
        if (c.districtA === n) out.add(enumName(DistrictSchema, c.districtB));
        if (c.districtB === n) out.add(enumName(DistrictSchema, c.districtA));
      }
      return out;
    };
    return vocabulary({
      names: nameOf,
      choice: (field, v) => (/^[A-Z][A-Z0-9_]+$/.test(v) ? (nameOf.get(v) ?? prettyEnum(v)) : /(^|\.)(seat|target|to|heat_owner)$/.test(field) ? names.of(Number(v)) : v),
      choices(field, given, values) {
        const origin = origins[field];
        const from = origin ? values[origin] : undefined;
        if (typeof from !== "string" || !board) return given;
        const near = connected(from);
        const narrowed = given.filter((d) => near.has(d));
        return narrowed.length ? narrowed : given;
      },
    });
  },
  matches: matchesEnum,
  parts(view) {
    const out = new Map<string, string>();
    const v = kOf(view);
    for (const d of v?.districts ?? []) out.set(enumName(DistrictSchema, d.district), stringify(d));
    for (const s of v?.seats ?? []) out.set(`seat:${s.seat}`, stringify(s));
    return out;
  },
  result(view) {
    const v = kOf(view);
    if (!v) return undefined;
    return {
      score: "Respect",
      columns: ["cash", "Commission", "Contracts completed"],
      row: (seat) => {
        const s = v.seats.find((x) => x.seat === seat);
        return [s ? `$${s.cash}` : "", s?.commission ? "yes" : "no", String(s?.completed.length ?? "")];
      },
      reason: "A mob wins with a Commission card and the Respect to win; a tie goes to the most Respect, then the fattest bankroll.",
    };
  },
  help: {
    summary: [
      "Each Day has three phases: Shadows (draft Brew dice, which fire the Stills with those numbers), Operations (fund them with Influence, then take Plays in turn: Move, Push, Unload, Recruit, Hustle, Extort…) and the Reckoning (Titles, Contracts, Heat).",
      "Earn Respect by holding Titles (Borough Deeds, Syndicates, the Ward Boss) and completing Contracts. A mob that holds a Commission card (a Gig, a Racket and a Score completed) and 20 Respect wins.",
      "Move and Push go to a Connected District: one that shares a border, a Bridge, or, for Docks, the Water.",
    ],
    howTo: [
      "Click a District to see only the choices about it. Move, Push and Unload are forms: click where from, then where to; the map marks the Districts you may pick.",
      "Zoom the map with + and −, or with two fingers; drag it to move around.",
    ],
  },
};
