// Bootleggers' printed data as the page reads it: the names of the
// drinking places, casinos and cards, and the faces behind the ids a view
// holds (a Men of Action card by its id, a Casino card by its id over the
// kinds a table's options put in the deck, a truck by its id), all from the
// Board that GetRules returns.

import type { Board, CasinoCard, MenOfActionCard, PlaceCard, CasinoPlacard } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/data_pb.js";
import type { Options } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/options_pb.js";
import type { View } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/view_pb.js";
import { DrinkingPlaceSchema, PhaseSchema, TruckSize } from "@moonshine-games/client/gen/moonshine/bootleggers/v1/board_pb.js";
import { enumName, prettyEnum } from "./describe.js";

/** The phases as the rulebook numbers and names them. */
export const phaseNames: Record<number, string> = {
  1: "Phase 1: Muscle",
  2: "Phase 2: Send in the Boys",
  3: "Phase 3: Fire up the Still",
  4: "Phase 4: Run the Whiskey",
  5: "Phase 5: What's the Password?",
  6: "Phase 6: The Heat!",
  7: "Game over",
};

export const truckSizeNames: Record<number, string> = { [TruckSize.SMALL]: "small", [TruckSize.MEDIUM]: "medium", [TruckSize.LARGE]: "large" };

/** Data reads the board for one table. */
export class Data {
  constructor(
    readonly board: Board | undefined,
    readonly options: Options | undefined,
  ) {}

  place(p: number): PlaceCard | undefined {
    return this.board?.places.find((x) => x.place === p);
  }

  placeName(p: number): string {
    return this.place(p)?.name ?? prettyEnum(enumName(DrinkingPlaceSchema, p));
  }

  /** placeByName reads "DRINKING_PLACE_TEXAS_LILS". */
  placeNamed(name: string): string {
    const v = DrinkingPlaceSchema.values.find((x) => x.name === name);
    return v ? this.placeName(v.number) : prettyEnum(name);
  }

  casino(p: number): CasinoPlacard | undefined {
    return this.board?.boardwalk?.casinos.find((c) => c.place === p);
  }

  /** The Men of Action card with this id. */
  card(id: number): MenOfActionCard | undefined {
    return this.board?.menOfAction.find((c) => id >= c.firstId && id <= c.lastId);
  }

  cardName(id: number): string {
    return this.card(id)?.name ?? `card #${id}`;
  }

  /** The Casino cards of this table's deck, in id order: the expansion's own and those its options add. */
  casinoDeck(): CasinoCard[] {
    const o = this.options as unknown as Record<string, unknown> | undefined;
    const out: CasinoCard[] = [];
    for (const c of this.board?.boardwalk?.casinoCards ?? []) {
      const key = c.option.replace(/_([a-z])/g, (_m, x: string) => x.toUpperCase());
      if (c.option && !o?.[key]) continue;
      for (let i = 0; i < c.count; i++) out.push(c);
    }
    return out;
  }

  casinoCard(id: number): CasinoCard | undefined {
    return this.casinoDeck()[id];
  }

  casinoCardKind(kind: number): CasinoCard | undefined {
    return this.board?.boardwalk?.casinoCards.find((c) => c.kind === kind);
  }

  /** The cost of a Muscle card. */
  muscleCost(n: number): number | undefined {
    return this.board?.muscleCosts.find((r) => n >= r.first && n <= r.last)?.cost;
  }

  phaseName(p: number): string {
    return phaseNames[p] ?? prettyEnum(enumName(PhaseSchema, p));
  }
}

/** truckWords names a truck of the view: "medium truck 12 (6 crates)". */
export function truckWords(v: View, id: number): string {
  const t = v.trucks.find((x) => x.truck === id);
  if (!t) return `truck ${id}`;
  return `${truckSizeNames[t.size] ?? ""} truck ${id} (${t.capacity} crates)`;
}
