// Turn timers: each seat's clock from the view, counting down each second
// while it runs (a decision's deadline, or what is left of a bank).

import { useEffect, useState } from "preact/hooks";
import type { GameView } from "@moonshine-games/client";
import type { SeatClock } from "@moonshine-games/client/gen/moonshine/v1/timer_pb.js";
import type { Names } from "./names.js";

/** useNow is the time, ticking each second while on is true. */
export function useNow(on: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

const ms = (t?: { seconds: bigint; nanos: number }) => (t ? Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6) : undefined);

/** left is the time a clock has left, in ms, or undefined for none. */
export function left(c: SeatClock, now: number): number | undefined {
  if (c.takenOver) return undefined;
  if (c.running) {
    const d = ms(c.deadline);
    return d === undefined ? undefined : Math.max(0, d - now);
  }
  return ms(c.bank);
}

export function clockWords(n: number): string {
  const s = Math.ceil(n / 1000);
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  const two = (x: number) => String(x).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** Clocks lists the seats' turn clocks; the running ones count down. */
export function Clocks(props: { view: GameView; names: Names }) {
  const clocks = props.view.clocks;
  const now = useNow(clocks.some((c) => c.running));
  if (clocks.length === 0 || props.view.outcome?.winners.length) return null;
  return (
    <ul class="clocks" id="clocks" aria-label="turn clocks">
      {clocks.map((c) => {
        const n = left(c, now);
        const low = c.running && n !== undefined && n < 30_000;
        return (
          <li class={`clock ${c.running ? "running" : ""} ${low ? "low" : ""}`} data-seat={c.seat}>
            {props.names.of(c.seat)}: {c.takenOver ? "played by a bot" : n === undefined ? "no clock" : clockWords(n)}
            {c.running && <span class="sr-only"> left to play</span>}
            {c.timeouts > 0 && <span class="hint"> ({c.timeouts} timed out)</span>}
          </li>
        );
      })}
    </ul>
  );
}
