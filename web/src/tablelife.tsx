// The table's life around the game: a seat takes back its last move (or
// asks the others to agree), answers another's request, resigns, or
// leaves its seat before the start; the table's creator (this browser
// kept the creator credential) cancels it before the start or replaces a
// seat's lost credential; and anyone with a seat's credential takes the
// seat in this browser.

import { useState } from "preact/hooks";
import { newCommandId, refusalOf, GameStatus, TakebackStatus, type GameInfo, type MoonshineClient } from "@moonshine-games/client";
import { creatorCredential, forgetSeat, holdSeat, clientFor, type HeldSeat, type Role } from "./api.js";
import type { TakebackAsk } from "./live.js";
import type { Names } from "./names.js";
import { describeRefusal } from "./refused.js";

interface LifeProps {
  gameId: string;
  client: MoonshineClient;
  role: Role;
  info: GameInfo;
  names: Names;
  held?: HeldSeat;
  takeback?: TakebackAsk;
  /** The game's version changed: read it again. */
  changed: () => void;
}

/** Notice shows what an action did, or why it was refused. */
function useNotice() {
  const [notice, setNotice] = useState<{ text: string; bad?: boolean }>();
  const run = async (what: () => Promise<string | void>) => {
    setNotice(undefined);
    try {
      const said = await what();
      if (said) setNotice({ text: said });
    } catch (err) {
      setNotice({ text: describeRefusal(err), bad: true });
    }
  };
  return { notice, setNotice, run };
}

function Notice(props: { notice?: { text: string; bad?: boolean } }) {
  if (!props.notice) return null;
  return (
    <p class={props.notice.bad ? "refusal" : "notice"} role={props.notice.bad ? "alert" : "status"}>
      {props.notice.text}
    </p>
  );
}

/** TakebackAnswer asks the seat whose consent a takeback request needs. */
export function TakebackAnswer(props: LifeProps) {
  const t = props.takeback;
  const { notice, run } = useNotice();
  if (!t) return null;
  const you = props.names.you;
  const mine = you !== undefined && t.asked.includes(you) && !t.answered.includes(you);
  const waiting = t.asked.filter((s) => !t.answered.includes(s));
  return (
    <div class="takeback-ask" id="takeback-ask" role="status">
      <p>
        {t.seat === you ? "You ask" : `${props.names.of(t.seat)} asks`} to take back {t.seat === you ? "your" : "their"} last move
        {waiting.length > 0 && `; waiting for ${waiting.map((s) => props.names.of(s)).join(", ")}`}.
      </p>
      {mine && props.role === "seat" && (
        <p class="buttons">
          <button
            id="takeback-allow"
            onClick={() => run(async () => (await props.client.answerTakeback({ gameId: props.gameId, accept: true }), props.changed(), "you allowed it"))}
          >
            allow
          </button>
          <button
            id="takeback-refuse"
            onClick={() => run(async () => (await props.client.answerTakeback({ gameId: props.gameId, accept: false }), props.changed(), "you refused it"))}
          >
            refuse
          </button>
        </p>
      )}
      <Notice notice={notice} />
    </div>
  );
}

export function TableActions(props: LifeProps) {
  const { info, role, gameId, client } = props;
  const over = info.status === GameStatus.OVER;
  const creator = creatorCredential(gameId);
  const { notice, setNotice, run } = useNotice();
  const [confirm, setConfirm] = useState("");
  const [askable, setAskable] = useState(false);
  const [rotated, setRotated] = useState<{ seat: number; credential: string }>();

  const takeBack = (askConsent: boolean) =>
    run(async () => {
      setAskable(false);
      try {
        const r = await client.requestTakeback({ gameId, askConsent });
        props.changed();
        return r.status === TakebackStatus.TAKEN_BACK ? "your last move is taken back" : "the others are asked to agree";
      } catch (err) {
        const reason = refusalOf(err).reason;
        if (reason === "TAKEBACK_AFTER_ROLL" || reason === "TAKEBACK_AFTER_OTHER_SEAT") setAskable(true);
        throw err;
      }
    });

  const resign = () =>
    run(async () => {
      setConfirm("");
      await client.resign({ gameId, commandId: newCommandId() });
      props.changed();
      return "you resigned: the game plays on without you";
    });

  const leave = () =>
    run(async () => {
      setConfirm("");
      try {
        await client.leaveSeat({ gameId });
      } catch (err) {
        if (refusalOf(err).reason === "GAME_STARTED") return setNotice({ text: "The game has started: you can no longer leave your seat, but you can resign.", bad: true });
        throw err;
      }
      forgetSeat(gameId);
      location.hash = `#/game/${gameId}?as=spectator`;
    });

  const cancel = () =>
    run(async () => {
      setConfirm("");
      try {
        await client.cancelGame({ gameId, creatorCredential: creator });
      } catch (err) {
        if (refusalOf(err).reason === "GAME_STARTED") return setNotice({ text: "The game has started: only a table nobody has played at can be cancelled.", bad: true });
        throw err;
      }
      props.changed();
      return "the table is cancelled";
    });

  const rotate = (seat: number) =>
    run(async () => {
      const r = await client.rotateCredential({ gameId, creatorCredential: creator, seat });
      if (props.held?.seat === seat) holdSeat(gameId, { ...props.held, credential: r.credential });
      setRotated({ seat, credential: r.credential });
      props.changed();
    });

  const humans = info.seats.filter((s) => s.claimed && !s.bot);
  // Seats still to claim: the table has not started.
  const waiting = info.status === GameStatus.OPEN;
  const before = (
    <>
      {role === "seat" && !over && (
        <button id="leave" onClick={() => setConfirm("leave")}>
          leave my seat…
        </button>
      )}
      {creator && !over && (
        <button id="cancel-table" onClick={() => setConfirm("cancel")}>
          cancel the table…
        </button>
      )}
    </>
  );
  return (
    <section class="table-actions" aria-labelledby="table-actions-title">
      <h2 id="table-actions-title">The table</h2>
      <div class="buttons">
        {role === "seat" && !over && (
          <>
            <button id="takeback" onClick={() => takeBack(false)}>
              take back my last move
            </button>
            {askable && (
              <button id="takeback-ask-others" onClick={() => takeBack(true)}>
                ask the others to agree
              </button>
            )}
            <button id="resign" onClick={() => setConfirm("resign")}>
              resign…
            </button>
          </>
        )}
        {waiting && before}
      </div>
      {!waiting && !over && (role === "seat" || creator) && (
        <details class="before-start">
          <summary>before the game starts</summary>
          <p class="hint">Only a table nobody has played at yet can be left or cancelled.</p>
          <div class="buttons">{before}</div>
        </details>
      )}
      {confirm && (
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-text">
          <p id="confirm-text">
            {confirm === "resign" && "Resign? The game goes on without you and you rank below every player still playing."}
            {confirm === "leave" && "Leave your seat? Someone else may take it; this browser forgets its credential."}
            {confirm === "cancel" && "Cancel the table? It ends unplayed, for everyone."}
          </p>
          <button id="confirm-yes" class="danger" onClick={confirm === "resign" ? resign : confirm === "leave" ? leave : cancel}>
            yes, {confirm}
          </button>
          <button onClick={() => setConfirm("")}>no</button>
        </div>
      )}
      <Notice notice={notice} />
      {creator && !over && humans.length > 0 && (
        <details class="rotate">
          <summary>You opened this table: replace a player's lost credential</summary>
          <p class="hint">The old credential stops working. Give the new one to the player: they take their seat with it under "I have a seat's credential".</p>
          {humans.map((s) => (
            <button class="rotate-seat" data-seat={s.seat} onClick={() => rotate(s.seat)}>
              new credential for {props.names.of(s.seat)}
            </button>
          ))}
          {rotated && (
            <p class="new-credential" id="new-credential">
              {props.names.of(rotated.seat)}'s new credential: <code>{rotated.credential}</code>
              {props.held?.seat === rotated.seat && " (this browser now uses it)"}
            </p>
          )}
        </details>
      )}
      {role !== "seat" && !over && <ClaimWithCredential gameId={gameId} />}
    </section>
  );
}

/** ClaimWithCredential takes a seat in this browser with a credential given out of band. */
export function ClaimWithCredential(props: { gameId: string; open?: boolean }) {
  const [credential, setCredential] = useState("");
  const { notice, run } = useNotice();
  const use = (e: Event) => {
    e.preventDefault();
    run(async () => {
      const c = credential.trim();
      // The server knows whose credential it is.
      const r = await clientFor(() => c).getView({ gameId: props.gameId });
      const seat = r.view?.viewer?.seat ?? 0;
      holdSeat(props.gameId, { seat, credential: c, name: r.view?.info?.seats[seat]?.name ?? "" });
      location.hash = `#/game/${props.gameId}?as=seat`;
      location.reload();
    });
  };
  return (
    <details class="claim" open={props.open}>
      <summary>I have a seat's credential</summary>
      <form onSubmit={use} id="claim-form">
        <label>
          credential
          <input id="claim-credential" value={credential} autocomplete="off" onInput={(e) => setCredential(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={!credential.trim()}>
          take the seat
        </button>
      </form>
      <Notice notice={notice} />
    </details>
  );
}
