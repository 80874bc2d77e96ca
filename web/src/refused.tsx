// A refusal as the server gave it: its words first, for people, and its
// stable reason code after them, small.

import { refusalOf } from "@moonshine-games/client";

const plain = (err: unknown) => err instanceof Error && !("code" in err);

/** describeRefusal says a refusal in one line: "It is not your turn (NOT_YOUR_TURN)". */
export function describeRefusal(err: unknown): string {
  if (plain(err)) return (err as Error).message;
  const r = refusalOf(err);
  const fields = r.fields.map((f) => `${f.field}: ${f.description}`).join("; ");
  const words = `${r.message || "the server could not be reached"}${fields && !r.message.includes(fields) ? ` (${fields})` : ""}`;
  return r.reason ? `${words} (${r.reason})` : words;
}

export function Refused(props: { error: unknown }) {
  if (!props.error) return null;
  if (plain(props.error)) {
    return (
      <p class="refusal" role="alert" data-reason="">
        {(props.error as Error).message}
      </p>
    );
  }
  const r = refusalOf(props.error);
  const fields = r.fields.map((f) => `${f.field}: ${f.description}`).join("; ");
  return (
    <p class="refusal" role="alert" data-reason={r.reason}>
      <span class="why">
        {r.message ? r.message.charAt(0).toUpperCase() + r.message.slice(1) : "The server could not be reached."}
        {fields && !r.message.includes(fields) ? ` (${fields})` : ""}
      </span>{" "}
      {r.reason && <small class="code">{r.reason}</small>}
    </p>
  );
}
