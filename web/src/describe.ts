// Words for messages the server sent no label for (a game that does not
// label its messages yet), from their JSON form, and for enum values the
// game's data gives no name to.

import { toJson, type DescEnum, type JsonObject } from "@bufbuild/protobuf";
import { GameCommandSchema, type GameCommand } from "@moonshine-games/client";

/** prettyEnum turns DISTRICT_HELLS_KITCHEN into "Hells Kitchen". */
export function prettyEnum(name: string): string {
  const words = name.split("_");
  const rest = words.length > 1 ? words.slice(1) : words;
  return rest.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(" ");
}

export function enumName(e: DescEnum, n: number): string {
  return e.values.find((v) => v.number === n)?.name ?? String(n);
}

/**
 * describeCommand words a command from its JSON: the command's kind and
 * its fields, e.g. "brew draft: red 2, white 1".
 */
export function describeCommand(cmd: GameCommand): string {
  return describeGameJson(toJson(GameCommandSchema, cmd) as JsonObject);
}

/**
 * describeGameJson words a game's message in its JSON form ({"<game>":
 * {"<kind>": {…fields}}}), as describeCommand does a command.
 */
export function describeGameJson(json: JsonObject): string {
  const game = Object.values(json).find((v) => v !== null && typeof v === "object") as JsonObject | undefined;
  const [kind, body] = Object.entries(game ?? {})[0] ?? ["command", {}];
  const words = (k: string) => k.replace(/([A-Z])/g, " $1").toLowerCase();
  const value = (v: unknown): string =>
    typeof v === "string" && /^[A-Z0-9_]+$/.test(v)
      ? prettyEnum(v)
      : Array.isArray(v)
        ? v.map(value).join(" and ")
        : v !== null && typeof v === "object"
          ? Object.entries(v).map(([k, x]) => (typeof x === "object" ? value(x) : `${words(k)} ${value(x)}`)).join(" ")
          : String(v);
  const fields = Object.entries((body as JsonObject) ?? {}).map(([k, v]) => (v === true ? words(k) : `${words(k)} ${value(v)}`));
  return fields.length ? `${words(kind)}: ${fields.join(", ")}` : words(kind);
}
