// Any game the app has no drawing of its own for: its view drawn from the
// view's own data, generically. Numbers and names at the top make a
// summary line; each list of records (seats, places, trucks, …) is a
// table, each record a column set of its fields; enum values read as
// words and are click targets, as a drawing's places are, so templates
// that want a place, a seat or a card can be filled by clicking. A
// game's own drawing can replace this later without a change on the
// server.

import { toJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import type { GameView } from "@moonshine-games/client";
import { GameViewSchema } from "@moonshine-games/client";
import { prettyEnum } from "./describe.js";
import { seatColour } from "./enums.js";
import type { BoardProps } from "./pick.js";

type GenericProps = BoardProps;

const isEnum = (v: JsonValue): v is string => typeof v === "string" && /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(v);
const isRecord = (v: JsonValue | undefined): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);
const words = (k: string) => k.replace(/([A-Z])/g, " $1").toLowerCase();

/** gameJson is the game's part of a view, as JSON with its zero values. */
export function gameJson(view: GameView): { game: string; data: JsonObject } | undefined {
  const json = toJson(GameViewSchema, view, { alwaysEmitImplicit: true }) as JsonObject;
  const game = view.view.case;
  if (!game || !isRecord(json[game])) return undefined;
  return { game, data: json[game] as JsonObject };
}

export function GenericBoard(props: GenericProps) {
  const g = gameJson(props.view);
  if (!g) return <p class="hint">this view carries no game data</p>;
  const scalars = Object.entries(g.data).filter(([, v]) => !isRecord(v) && !(Array.isArray(v) && v.some(isRecord)));
  const tables = Object.entries(g.data).filter(([, v]) => Array.isArray(v) && v.some(isRecord)) as [string, JsonObject[]][];
  const records = Object.entries(g.data).filter(([k, v]) => isRecord(v) && k !== "options" && Object.keys(v).length > 0) as [string, JsonObject][];
  return (
    <div class="generic" data-game={g.game}>
      <details class="raw-view">
        <summary>the view as data</summary>
        <pre>{JSON.stringify(toJson(GameViewSchema, props.view), null, 2)}</pre>
      </details>
      <p class="summary" id="summary">
        {scalars.map(([k, v]) => (
          <span class="fact" data-field={k}>
            {words(k)}: <Value {...props} v={v} />
          </span>
        ))}
      </p>
      {tables.map(([k, rows]) => (
        <Table {...props} name={k} rows={rows} />
      ))}
      {records.map(([k, v]) => (
        <section class="record" data-field={k}>
          <h4>{words(k)}</h4>
          <Fields {...props} obj={v} />
        </section>
      ))}
    </div>
  );
}

function Table(props: GenericProps & { name: string; rows: JsonObject[] }) {
  const cols = [...new Set(props.rows.flatMap((r) => Object.keys(r)))];
  return (
    <table class="generic-table" data-field={props.name}>
      <caption>{words(props.name)}</caption>
      <thead>
        <tr>
          {cols.map((c) => (
            <th>{words(c)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => {
          const seat = typeof r.seat === "number" ? r.seat : undefined;
          const key = seat !== undefined && props.name === "seats" ? `seat:${seat}` : "";
          return (
            <tr data-seat={seat} class={key && props.changed.has(key) ? "changed" : ""}>
              {cols.map((c, i) => (
                <td>
                  {i === 0 && seat !== undefined && <span class="swatch" style={{ background: seatColour(seat) }} aria-hidden="true" />}
                  <Value {...props} v={r[c]} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Fields(props: GenericProps & { obj: JsonObject }) {
  return (
    <dl class="fields">
      {Object.entries(props.obj).map(([k, v]) => (
        <>
          <dt>{words(k)}</dt>
          <dd>
            <Value {...props} v={v} />
          </dd>
        </>
      ))}
    </dl>
  );
}

/** Value shows one JSON value: an enum as a word to click, a list inline, a record as its fields. */
function Value(props: GenericProps & { v: JsonValue | undefined }) {
  const v = props.v;
  if (v === undefined || v === null) return <span class="none">—</span>;
  if (isEnum(v)) {
    const cls = ["enum", props.clickable.has(v) && "clickable", props.picked === v && "picked"].filter(Boolean).join(" ");
    return (
      <button type="button" class={cls} data-pick={v} onClick={() => props.onPick(v, prettyEnum(v))}>
        {prettyEnum(v)}
      </button>
    );
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return <span class="none">none</span>;
    return (
      <span class="list">
        {v.map((x, i) => (
          <>
            {i > 0 && ", "}
            <Value {...props} v={x} />
          </>
        ))}
      </span>
    );
  }
  if (isRecord(v)) return <Fields {...props} obj={v} />;
  if (typeof v === "boolean") return <span>{v ? "yes" : "no"}</span>;
  return <span>{String(v)}</span>;
}
