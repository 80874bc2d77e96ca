// The app's one client and who it speaks as. A seat's credential is kept
// in this browser's localStorage, per game, once JoinGame has shown it; so
// is the creator credential CreateGame returns (it cancels the table and
// replaces a seat's lost credential), and the auditor token if the user
// gives one. A page speaks as the seat, a spectator (no credential) or the
// auditor, as the URL says.

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
const creatorKey = (gameId: string) => `moonshine.creator.${gameId}`;
const auditorKey = "moonshine.auditor";

export function heldSeat(gameId: string): HeldSeat | undefined {
  const raw = localStorage.getItem(seatKey(gameId));
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as HeldSeat;
  } catch {
    return undefined;
  }
}

export function holdSeat(gameId: string, seat: HeldSeat): void {
  localStorage.setItem(seatKey(gameId), JSON.stringify(seat));
}

/** forgetSeat drops the seat's credential from this browser. */
export function forgetSeat(gameId: string): void {
  localStorage.removeItem(seatKey(gameId));
}

/** The creator credential of a table this browser opened, if it kept it. */
export function creatorCredential(gameId: string): string {
  return localStorage.getItem(creatorKey(gameId)) ?? "";
}

export function holdCreator(gameId: string, credential: string): void {
  if (credential) localStorage.setItem(creatorKey(gameId), credential);
}

export function forgetCreator(gameId: string): void {
  localStorage.removeItem(creatorKey(gameId));
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

/** The player's name, as last typed in the lobby. */
export function playerName(): string {
  return localStorage.getItem("moonshine.name") ?? "";
}

export function setPlayerName(name: string): void {
  localStorage.setItem("moonshine.name", name);
}

/** A yes/no preference of this browser (off unless set). */
export function pref(name: string): boolean {
  return localStorage.getItem(`moonshine.pref.${name}`) === "on";
}

export function setPref(name: string, on: boolean): void {
  if (on) localStorage.setItem(`moonshine.pref.${name}`, "on");
  else localStorage.removeItem(`moonshine.pref.${name}`);
}
