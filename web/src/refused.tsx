// A refusal as the server gave it: its reason and its words.

import { refusalOf } from "@moonshine-games/client";

export function describeRefusal(err: unknown): string {
  if (err instanceof Error && !("code" in err)) return err.message;
  const r = refusalOf(err);
  const fields = r.fields.map((f) => `${f.field}: ${f.description}`).join("; ");
  return `${r.reason || "ERROR"}: ${r.message}${fields && !r.message.includes(fields) ? ` (${fields})` : ""}`;
}

export function Refused(props: { error: unknown }) {
  if (!props.error) return null;
  return (
    <p class="refusal" role="alert" data-reason={props.error instanceof Error && !("code" in props.error) ? "" : refusalOf(props.error).reason}>
      {describeRefusal(props.error)}
    </p>
  );
}
