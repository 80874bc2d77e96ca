// How a game's page names the values its commands take, and which board
// element stands for each: a template's choices arrive as enum names and
// numbers ("DRINKING_PLACE_TEXAS_LILS", "7"), and people read "Texas
// Lil's" and "your medium truck". Each game's page gives its own; the
// default words enum names and leaves numbers as they are.

import { prettyEnum } from "./describe.js";

/** A form's values, by parameter field path ("move.from"). */
export type FormValues = Record<string, unknown>;

export interface Vocabulary {
  /** A choice's name for people. */
  choice(field: string, value: string): string;
  /** The key of the board element a choice is picked with (the value itself by default). */
  key(field: string, value: string): string;
  /**
   * The choices a field offers now, from those the template lists (or,
   * where it lists none, from the view): Move's destination narrowed to
   * the Districts Connected to its origin, a trade's trucks.
   */
  choices(field: string, given: string[], values: FormValues): string[];
  /** A field's name for people. */
  label(field: string): string;
  /** An enum value's name for people (a place, a card), wherever it shows. */
  enumName(name: string): string;
}

const words = (s: string) => s.replace(/_/g, " ");

/** fieldWords names a field path by its last part: "move.from" reads "from". */
export function fieldWords(field: string): string {
  const last = field.split(".").pop() ?? field;
  const w = words(last);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** vocabulary builds a game's vocabulary over the defaults. */
export function vocabulary(own: Partial<Vocabulary> & { names?: Map<string, string> }): Vocabulary {
  const enumName = own.enumName ?? ((name: string) => own.names?.get(name) ?? prettyEnum(name));
  return {
    enumName,
    choice: own.choice ?? ((_f, v) => (/^[A-Z][A-Z0-9_]+$/.test(v) ? enumName(v) : v)),
    key: own.key ?? ((_f, v) => v),
    choices: own.choices ?? ((_f, given) => given),
    label: own.label ?? fieldWords,
  };
}

/** The default vocabulary. */
export const plainVocabulary = vocabulary({});
