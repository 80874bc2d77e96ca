// Enum values as the API names them (DISTRICT_RED_HOOK) and as people read them.

import type { DescEnum } from "@bufbuild/protobuf";
import { prettyEnum } from "./commands.js";

export function enumName(e: DescEnum, n: number): string {
  return e.values.find((v) => v.number === n)?.name ?? String(n);
}

export function enumLabel(e: DescEnum, n: number): string {
  return n === 0 ? "—" : prettyEnum(enumName(e, n));
}

/** Seat colours, by seat. */
export const seatColours = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e", "#17a589", "#5d6d7e", "#a93226"];

export function seatColour(seat: number | undefined): string {
  return seat === undefined ? "#d5d8dc" : seatColours[seat % seatColours.length];
}
