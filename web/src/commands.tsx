// The seat's choices: every legal command as a button with the server's
// label, and each template (Move, Push, Unload, …) as a form whose
// District or Location fields are filled by clicking on the map. The forms
// are built from the template's parameters and the command's schema, so
// that any game's templates work without code of their own.

import { useEffect, useMemo, useState } from "preact/hooks";
import { fromJson, toJson, type DescEnum, type DescField, type DescMessage, type JsonObject } from "@bufbuild/protobuf";
import { GameCommandSchema, type CommandTemplate, type GameCommand, type Prompt, type TemplateParam } from "@moonshine-games/client";

/** The JSON name of every enum value a command mentions: what a click on the map can match. */
export function mentions(cmd: GameCommand): string {
  return JSON.stringify(toJson(GameCommandSchema, cmd));
}

export interface CommandsProps {
  prompt: Prompt;
  /** The map element last clicked (an enum value's name, e.g. DISTRICT_RED_HOOK), if any. */
  picked: string;
  busy: boolean;
  submit: (cmd: GameCommand, label: string) => void;
  /** Called when a template wants the map's clicks. */
  onPicking: (choices: string[]) => void;
}

export function Commands(props: CommandsProps) {
  const { prompt, picked } = props;
  const [template, setTemplate] = useState<number>(-1);
  const legal = prompt.legal.map((cmd, i) => ({ cmd, label: prompt.legalLabels[i] || describeCommand(cmd), json: mentions(cmd) }));
  const shown = template < 0 && picked ? legal.filter((l) => l.json.includes(`"${picked}"`)) : legal;
  return (
    <div class="commands" id="commands">
      <h3>
        {prompt.mustAct ? "Your move" : "You may act"}
        {prompt.detail && <span class="hint"> — {prompt.detail}</span>}
      </h3>
      {template < 0 && picked && (
        <p class="hint">
          {shown.length} of {legal.length} commands at {prettyEnum(picked)}
        </p>
      )}
      <div class="legal">
        {shown.map((l) => (
          <button class="legal-command" disabled={props.busy} onClick={() => props.submit(l.cmd, l.label)} data-command={l.json}>
            {l.label}
          </button>
        ))}
      </div>
      {prompt.templates.length > 0 && (
        <div class="templates">
          {prompt.templates.map((t, i) => (
            <button class={`template-tab ${i === template ? "active" : ""}`} data-template={t.name} onClick={() => setTemplate(i === template ? -1 : i)}>
              {t.label || t.name}…
            </button>
          ))}
          {template >= 0 && prompt.templates[template] && (
            <TemplateForm key={template} template={prompt.templates[template]} {...props} onDone={() => setTemplate(-1)} />
          )}
        </div>
      )}
    </div>
  );
}

/** A field of a template, with its descriptor. */
interface Slot {
  param: TemplateParam;
  path: DescField[];
  leaf: DescField;
}

/** slots resolves each parameter's path ("move.from") in the game's command. */
function slots(t: CommandTemplate): { gameField: DescField; slots: Slot[] } | undefined {
  const gameField = GameCommandSchema.fields.find((f) => f.oneof && t.command?.game.case === f.localName);
  if (!gameField?.message) return undefined;
  const out: Slot[] = [];
  for (const param of t.params) {
    let msg: DescMessage | undefined = gameField.message;
    const path: DescField[] = [];
    for (const seg of param.field.split(".")) {
      const f: DescField | undefined = msg?.fields.find((x) => x.name === seg);
      if (!f) break;
      path.push(f);
      msg = f.fieldKind === "message" ? f.message : f.fieldKind === "list" && f.listKind === "message" ? f.message : undefined;
    }
    if (path.length === param.field.split(".").length) out.push({ param, path, leaf: path[path.length - 1] });
  }
  return { gameField, slots: out };
}

/** The enum a slot picks from, if it does. */
function enumOf(s: Slot): DescEnum | undefined {
  return s.leaf.fieldKind === "enum" ? s.leaf.enum : undefined;
}

type Value = string | number | boolean | Record<string, number> | undefined;

function TemplateForm(props: CommandsProps & { template: CommandTemplate; onDone: () => void }) {
  const t = props.template;
  const resolved = useMemo(() => slots(t), [t]);
  const [values, setValues] = useState<Record<string, Value>>({});
  const mapSlots = (resolved?.slots ?? []).filter((s) => enumOf(s) && s.param.choices.length > 0);
  const next = mapSlots.find((s) => values[s.param.field] === undefined);
  useEffect(() => props.onPicking(next ? next.param.choices : []), [next?.param.field]);
  useEffect(() => () => props.onPicking([]), []);
  useEffect(() => {
    if (next && props.picked && next.param.choices.includes(props.picked)) {
      setValues({ ...values, [next.param.field]: props.picked });
    }
  }, [props.picked]);
  if (!resolved) return <p class="hint">this template cannot be built here</p>;

  const send = (e: Event) => {
    e.preventDefault();
    const json = toJson(GameCommandSchema, t.command!) as JsonObject;
    const root = (json[resolved.gameField.jsonName] ?? {}) as JsonObject;
    for (const s of resolved.slots) setPath(root, s, values[s.param.field]);
    json[resolved.gameField.jsonName] = root;
    props.submit(fromJson(GameCommandSchema, json), t.label || t.name);
  };

  return (
    <form class="template" data-template={t.name} onSubmit={send}>
      <p class="hint">{t.description}</p>
      {resolved.slots.map((s) => (
        <Field slot={s} value={values[s.param.field]} waiting={s === next} onChange={(v) => setValues({ ...values, [s.param.field]: v })} />
      ))}
      <button type="submit" class="template-submit" disabled={props.busy}>
        {t.label || t.name}
      </button>
      <button type="button" class="link" onClick={props.onDone}>
        cancel
      </button>
    </form>
  );
}

function Field(props: { slot: Slot; value: Value; waiting: boolean; onChange: (v: Value) => void }) {
  const { param, leaf } = props.slot;
  const label = param.field.split(".").slice(1).join(".") || param.field;
  const e = enumOf(props.slot);
  let input;
  if (e) {
    const values = param.choices.length > 0 ? param.choices : e.values.filter((v) => v.number !== 0).map((v) => v.name);
    input = (
      <select data-field={param.field} value={(props.value as string) ?? ""} onChange={(ev) => props.onChange(ev.currentTarget.value || undefined)}>
        <option value="">{props.waiting ? "click on the map…" : "—"}</option>
        {values.map((v) => (
          <option value={v}>{prettyEnum(v)}</option>
        ))}
      </select>
    );
  } else if (leaf.fieldKind === "scalar" && leaf.scalar === 8 /* bool */) {
    input = <input type="checkbox" data-field={param.field} checked={!!props.value} onChange={(ev) => props.onChange(ev.currentTarget.checked)} />;
  } else if (leaf.fieldKind === "list" && leaf.listKind === "message") {
    input = <CountsField slot={props.slot} value={(props.value as Record<string, number>) ?? {}} onChange={props.onChange} />;
  } else {
    input = (
      <input
        type="number"
        data-field={param.field}
        min={param.min}
        max={param.max || undefined}
        value={(props.value as number) ?? ""}
        onInput={(ev) => props.onChange(ev.currentTarget.value === "" ? undefined : Number(ev.currentTarget.value))}
      />
    );
  }
  return (
    <label class={`param ${props.waiting ? "waiting" : ""}`} title={param.description}>
      <span>{label}</span>
      {input}
      <small>{param.description}</small>
    </label>
  );
}

/**
 * CountsField edits a list of {kind, count} messages (Barrels: a liquor
 * and a count) as one number per kind.
 */
function CountsField(props: { slot: Slot; value: Record<string, number>; onChange: (v: Value) => void }) {
  const msg = props.slot.leaf.message!;
  const kind = msg.fields.find((f) => f.fieldKind === "enum");
  if (!kind?.enum) return <span class="hint">not editable</span>;
  return (
    <span class="counts">
      {kind.enum.values
        .filter((v) => v.number !== 0)
        .map((v) => (
          <label class="inline">
            {prettyEnum(v.name)}
            <input
              type="number"
              min={0}
              data-field={`${props.slot.param.field}.${v.name}`}
              value={props.value[v.name] ?? ""}
              onInput={(ev) => props.onChange({ ...props.value, [v.name]: Number(ev.currentTarget.value) || 0 })}
            />
          </label>
        ))}
    </span>
  );
}

/** setPath writes a form value into the command's JSON. */
function setPath(root: JsonObject, s: Slot, v: Value) {
  if (v === undefined || v === "" || v === false) return;
  let obj = root;
  for (const f of s.path.slice(0, -1)) {
    obj = (obj[f.jsonName] ??= {}) as JsonObject;
  }
  const leaf = s.leaf;
  if (leaf.fieldKind === "list" && leaf.listKind === "message" && typeof v === "object") {
    const kind = leaf.message!.fields.find((f) => f.fieldKind === "enum")!;
    const count = leaf.message!.fields.find((f) => f.fieldKind === "scalar")!;
    const items = Object.entries(v)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => ({ [kind.jsonName]: name, [count.jsonName]: n }));
    if (items.length) obj[leaf.jsonName] = items;
    return;
  }
  obj[leaf.jsonName] = v as string | number | boolean;
}

/** prettyEnum turns DISTRICT_HELLS_KITCHEN into "Hells Kitchen". */
export function prettyEnum(name: string): string {
  const words = name.split("_");
  const rest = words.length > 1 ? words.slice(1) : words;
  return rest.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(" ");
}

/**
 * describeCommand words a command the server sent no label for (a game
 * that does not label its messages yet) from its JSON: the command's kind
 * and its fields, e.g. "brew draft: red 2, white 1".
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
