// What every game's drawing shares: its props, and the board elements a
// player picks (a District, a drinking place, a card in hand). A pickable
// element is a button for the keyboard and the screen reader too: it is
// focusable, labelled with what it shows, and Enter or Space picks it.

import type { GameRules, GameView } from "@moonshine-games/client";
import type { Names } from "./names.js";

export interface BoardProps {
  view: GameView;
  rules?: GameRules;
  names: Names;
  /** The parts the last event changed ("seat:2", a place's enum name). */
  changed: Set<string>;
  /** The keys a template waits for a pick among. */
  clickable: Set<string>;
  picked: string;
  onPick: (key: string, name: string) => void;
}

/**
 * The attributes of a pickable element with this key and name (which the
 * list of commands narrowed by the pick shows). A button's accessible
 * name is its text (with what it holds in a visually hidden span); an SVG
 * element's, which has none, is labelled with the name.
 */
export function pickable(p: Pick<BoardProps, "clickable" | "picked" | "onPick" | "changed">, key: string, name: string, cls: string, labelled = false) {
  const classes = [cls, "pickable"];
  if (p.clickable.has(key)) classes.push("clickable");
  if (p.picked === key) classes.push("picked");
  if (p.changed.has(key)) classes.push("changed");
  return {
    class: classes.join(" "),
    role: "button" as const,
    tabindex: 0,
    "aria-label": labelled ? name : undefined,
    "aria-pressed": p.picked === key,
    "data-pick": key,
    onClick: () => p.onPick(key, name),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        p.onPick(key, name);
      }
    },
  };
}
