// What the page knows of each game: its drawing, the words for its
// commands' values, how a pick on its board matches a command, the parts
// of its view a change highlights, its final score table's columns and
// its help. A game the app has no page of its own for is drawn from its
// view's data (generic.tsx) and named by the defaults, so a new game is
// playable before it has a drawing.

import type { ComponentChildren } from "preact";
import type { GameCommand, GameRules, GameView } from "@moonshine-games/client";
import { matchesEnum } from "./commands.js";
import { GenericBoard, gameJson } from "./generic.js";
import type { Names } from "./names.js";
import type { BoardProps } from "./pick.js";
import { plainVocabulary, type Vocabulary } from "./vocab.js";
import { bootleggers } from "./bootleggers-ui.js";
import { boozeBarons } from "./boozebarons.js";
import { kingdom } from "./kingdom-ui.js";

/** A score table's extra columns for a finished game. */
export interface ResultColumns {
  /** The unit of the outcome's scores ("G", "Respect"). */
  score: string;
  columns: string[];
  /** The cells of a seat's row. */
  row: (seat: number) => ComponentChildren[];
  /** Why the game ended, in a sentence. */
  reason?: string;
}

/** A game's help: a few lines on how to play, and what the page shows. */
export interface Help {
  summary: string[];
  /** The page's own hints (what to click). */
  howTo: string[];
}

export interface GameUI {
  Board: (props: BoardProps) => ComponentChildren;
  vocab: (view: GameView, rules: GameRules | undefined, names: Names) => Vocabulary;
  matches: (picked: string, cmd: GameCommand) => boolean;
  /** A legal command's label with what the view adds (the card in an offer space). */
  label?: (cmd: GameCommand, label: string, view: GameView, rules: GameRules | undefined, names: Names) => string;
  /** The parts of a view a change highlights, each with its content. */
  parts: (view: GameView) => Map<string, string>;
  result?: (view: GameView, rules: GameRules | undefined, names: Names) => ResultColumns | undefined;
  help: Help;
}

const generic: GameUI = {
  Board: (p) => <GenericBoard {...p} />,
  vocab: () => plainVocabulary,
  matches: matchesEnum,
  parts: (view) => {
    const out = new Map<string, string>();
    const seats = gameJson(view)?.data.seats;
    if (Array.isArray(seats)) for (const s of seats) if (s && typeof s === "object" && "seat" in s) out.set(`seat:${s.seat}`, JSON.stringify(s));
    return out;
  },
  help: { summary: [], howTo: ["The game is drawn from its data; your choices are listed beside it."] },
};

const games: Record<string, GameUI> = {
  bootleggers,
  "booze-barons": boozeBarons,
  "moonshine-kingdom": kingdom,
};

/** uiFor gives a game's page, or the generic one. */
export function uiFor(game: string | undefined): GameUI {
  return (game && games[game]) || generic;
}

const replacer = (_k: string, v: unknown) => (typeof v === "bigint" ? v.toString() : v);

/** stringify writes a view part for comparison. */
export const stringify = (x: unknown) => JSON.stringify(x, replacer);

/** changedParts lists the parts of next that differ from prev. */
export function changedParts(ui: GameUI, prev: GameView | undefined, next: GameView | undefined): Set<string> {
  const out = new Set<string>();
  if (!prev || !next) return out;
  const before = ui.parts(prev);
  for (const [k, v] of ui.parts(next)) if (before.get(k) !== v) out.add(k);
  return out;
}
