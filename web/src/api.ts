// The app's one client and who it speaks as. A seat's credential is kept
// in this browser's localStorage, per game, once JoinGame has shown it; the
// auditor token, if the user gives one, likewise. A page speaks as the
// seat, a spectator (no credential) or the auditor, as the URL says.

import { createMoonshineClient, type MoonshineClient } from "@moonshine-games/client";

/** How a page speaks to the server. */
export type Role = "seat" | "spectator" | "auditor";

/** A seat this browser holds. */
export interface HeldSeat {
  seat: number;
  credential: string;
  name: string;
}

const seatKey = (gameId: string) => `moonshine.seat.${gameId}`;
const auditorKey = "moonshine.auditor";

export function heldSeat(gameId: string): HeldSeat | undefined {
  const raw = localStorage.getItem(seatKey(gameId));
  return raw ? (JSON.parse(raw) as HeldSeat) : undefined;
}

export function holdSeat(gameId: string, seat: HeldSeat): void {
  localStorage.setItem(seatKey(gameId), JSON.stringify(seat));
}

export function auditorToken(): string {
  return localStorage.getItem(auditorKey) ?? "";
}

export function setAuditorToken(token: string): void {
  if (token) localStorage.setItem(auditorKey, token);
  else localStorage.removeItem(auditorKey);
}

/** The role a page takes: the one asked for if it can, else the seat held, else spectator. */
export function roleFor(gameId: string, asked: string | null): Role {
  if (asked === "spectator") return "spectator";
  if (asked === "auditor" && auditorToken()) return "auditor";
  return heldSeat(gameId) ? "seat" : "spectator";
}

/** The credential of a role in a game. */
export function credentialFor(gameId: string, role: Role): string {
  switch (role) {
    case "seat":
      return heldSeat(gameId)?.credential ?? "";
    case "auditor":
      return auditorToken();
  }
  return "";
}

/** A client speaking with the credential credential() returns at each call. */
export function clientFor(credential: () => string): MoonshineClient {
  return createMoonshineClient({ credential });
}

/** The spectator's client, for the lobby. */
export const publicClient = clientFor(() => "");
