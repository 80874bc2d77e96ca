// Enum values as the API names them (DISTRICT_RED_HOOK) and as people
// read them, and the seats' colours.

import type { DescEnum } from "@bufbuild/protobuf";
import { enumName, prettyEnum } from "./describe.js";

export { enumName };

export function enumLabel(e: DescEnum, n: number): string {
  return n === 0 ? "—" : prettyEnum(enumName(e, n));
}

/**
 * Seat colours, by seat: dark enough for white text on them and for a
 * swatch to stand out on the page's light ground (WCAG AA, 4.5:1).
 */
export const seatColours = ["#b03a2e", "#1f5f8b", "#1d6b3a", "#7a5c00", "#6c3483", "#9a3f00", "#0e6655", "#4d5656", "#7b241c"];

/** The neutral colour (Bootleggers' 2-player variant). */
export const neutralColour = "#5f5f5f";

export function seatColour(seat: number | undefined): string {
  return seat === undefined ? "#d5d8dc" : seatColours[seat % seatColours.length];
}
