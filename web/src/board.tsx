// One game's picture, whatever the game: the view's oneof picks the
// drawing, and a game the app has no drawing for shows its view as data.

import { toJson } from "@bufbuild/protobuf";
import type { GameRules, GameView } from "@moonshine-games/client";
import { GameViewSchema } from "@moonshine-games/client";
import { DistrictSchema } from "@moonshine-games/client/gen/moonshine/kingdom/v1/kingdom_pb.js";
import { LocationSchema } from "@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js";
import { KingdomBoard, KingdomPanel } from "./kingdom.js";
import { BoozeBaronsBoard, BoozeBaronsPanel } from "./boozebarons.js";
import { enumName } from "./enums.js";
import { GenericBoard, gameJson } from "./generic.js";

export interface PictureProps {
  view: GameView;
  rules?: GameRules;
  changed: Set<string>;
  clickable: Set<string>;
  picked: string;
  onPick: (name: string) => void;
}

export function Picture(props: PictureProps) {
  const { view } = props;
  const info = view.info!;
  switch (view.view.case) {
    case "moonshineKingdom": {
      const board = props.rules?.board?.game.case === "moonshineKingdom" ? props.rules.board.game.value : undefined;
      return (
        <div class="picture">
          <KingdomBoard {...props} view={view.view.value} info={info} board={board} />
          <KingdomPanel view={view.view.value} info={info} board={board} changed={props.changed} />
        </div>
      );
    }
    case "boozeBarons": {
      const board = props.rules?.board?.game.case === "boozeBarons" ? props.rules.board.game.value : undefined;
      return (
        <div class="picture">
          <BoozeBaronsBoard {...props} view={view.view.value} info={info} board={board} />
          <BoozeBaronsPanel view={view.view.value} info={info} changed={props.changed} />
        </div>
      );
    }
  }
  return (
    <div class="picture">
      <GenericBoard {...props} info={info} />
      <details class="raw-view">
        <summary>the view as data</summary>
        <pre>{JSON.stringify(toJson(GameViewSchema, view), null, 2)}</pre>
      </details>
    </div>
  );
}

/** parts names each part of a view that a change can highlight, with its content. */
function parts(view: GameView | undefined): Map<string, string> {
  const out = new Map<string, string>();
  switch (view?.view.case) {
    case undefined:
      break;
    case "moonshineKingdom":
      for (const d of view.view.value.districts) out.set(enumName(DistrictSchema, d.district), JSON.stringify(d, replacer));
      for (const s of view.view.value.seats) out.set(`seat:${s.seat}`, JSON.stringify(s, replacer));
      break;
    case "boozeBarons":
      for (const l of view.view.value.locations) out.set(enumName(LocationSchema, l.location), JSON.stringify(l, replacer));
      for (const s of view.view.value.seats) out.set(`seat:${s.seat}`, JSON.stringify(s, replacer));
      break;
    default: {
      const seats = view ? gameJson(view)?.data.seats : undefined;
      if (Array.isArray(seats)) for (const s of seats) if (s && typeof s === "object" && "seat" in s) out.set(`seat:${s.seat}`, JSON.stringify(s));
    }
  }
  return out;
}

const replacer = (_k: string, v: unknown) => (typeof v === "bigint" ? v.toString() : v);

/** changedParts lists the parts of next that differ from prev. */
export function changedParts(prev: GameView | undefined, next: GameView | undefined): Set<string> {
  const before = parts(prev);
  const out = new Set<string>();
  if (!prev) return out;
  for (const [k, v] of parts(next)) if (before.get(k) !== v) out.add(k);
  return out;
}
