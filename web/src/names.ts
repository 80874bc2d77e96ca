// Who sits where, in people's words: the viewer is "You", every other
// seat goes by its player's name (a bot by its own, an empty seat as
// "Seat 3", counting from 1 as people do). The server's labels name the
// other seats by number ("seat 2 tailed you"), counting from 0:
// relabel puts the names in their place, so that a page never shows a
// seat number.

import { BotLevel, type GameInfo } from "@moonshine-games/client";

const levels: Record<number, string> = { [BotLevel.EASY]: "easy", [BotLevel.NORMAL]: "normal", [BotLevel.HARD]: "hard" };

/** The seats of one table, as one viewer names them. */
export interface Names {
  /** The viewer's seat, if it holds one. */
  you?: number;
  /** The name of a seat: "You", "alice", "bot 2", "Seat 3". */
  of(seat: number | undefined): string;
  /** The possessive: "your", "alice's". */
  possessive(seat: number | undefined): string;
  /** Who plays the seat, for a seats list: "alice", "bot 2 (easy bot)", "empty". */
  who(seat: number): string;
}

/** seatNumber is how people count seats: from 1. */
export const seatNumber = (seat: number) => seat + 1;

export function namesFor(info: GameInfo | undefined, you?: number): Names {
  const seats = info?.seats ?? [];
  const plain = (seat: number) => {
    const s = seats[seat];
    if (s?.name) return s.name;
    return s?.bot ? `Bot ${seatNumber(seat)}` : `Seat ${seatNumber(seat)}`;
  };
  return {
    you,
    of: (seat) => (seat === undefined ? "nobody" : seat === you ? "You" : plain(seat)),
    possessive: (seat) => (seat === undefined ? "nobody's" : seat === you ? "your" : `${plain(seat)}'s`),
    who: (seat) => {
      const s = seats[seat];
      if (s?.bot) return `${plain(seat)} (${levels[s.botLevel] ?? "normal"} bot)`;
      if (!s?.claimed) return "empty seat";
      return plain(seat);
    },
  };
}

/**
 * relabel replaces the seat numbers of a server label with the seats'
 * names: "seat 2 tailed you" reads "bob tailed you", "seat 0's turn ends"
 * "your turn ends" for seat 0's page.
 */
export function relabel(text: string, names: Names, players: number): string {
  return text.replace(/\b([Ss])eat (\d+)('s)?( [a-z]+)?/g, (whole, s: string, n: string, poss: string | undefined, next: string | undefined, at: number) => {
    const seat = Number(n);
    if (seat >= players) return whole;
    const start = at === 0 || /[.:;!?]\s*$/.test(text.slice(0, at));
    const after = next ?? "";
    if (seat === names.you) {
      if (poss) return (start ? "Your" : "your") + after;
      return (start || s === "S" ? "You" : "you") + (after && agree(after.slice(1)) !== after.slice(1) ? ` ${agree(after.slice(1))}` : after);
    }
    return (poss ? names.possessive(seat) : names.of(seat)) + after;
  });
}

const irregular: Record<string, string> = { is: "are", has: "have", was: "were", does: "do" };

/** agree puts a verb said of one seat in the form said of "you": "takes" reads "take". */
function agree(verb: string): string {
  if (irregular[verb]) return irregular[verb];
  if (verb.length < 3 || !verb.endsWith("s") || verb.endsWith("ss")) return verb;
  if (/(ss|sh|ch|x|o)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}
