// A template as a form: the command with its free fields to fill in,
// built from the template's parameters and the command's schema, so that
// any game's templates work without code of their own. Each kind of field
// has its editor: a choice (a select, or a click on the board), a number,
// a yes/no, a count per kind (markers per speakeasy), a message of its
// own fields (one side of a trade), an order (trucks first to last), and
// rows of a repeated message (each truck's load and destination). The
// game's vocabulary names the choices and says which board element picks
// each.

import { useEffect, useMemo, useState } from "preact/hooks";
import { ScalarType, fromJson, toJson, type DescField, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { GameCommandSchema, type CommandTemplate, type GameCommand, type TemplateParam } from "@moonshine-games/client";
import type { FormValues, Vocabulary } from "./vocab.js";

/** What a field edits. */
type Editor = "enum" | "int" | "bool" | "counts" | "message" | "order" | "multi" | "list" | "text";

/** One parameter of a template, resolved in the game's command. */
interface Slot {
  param: TemplateParam;
  /** The fields from the game's command to the leaf. */
  path: DescField[];
  leaf: DescField;
  editor: Editor;
}

/** Parameters under one repeated message (run_the_whiskey.runs.*): a row per entry. */
interface Rows {
  /** The path to the repeated message field. */
  path: DescField[];
  field: string;
  /** The parameters of a row, their paths relative to the row. */
  slots: Slot[];
}

type Part = { slot: Slot } | { rows: Rows };

const isList = (f: DescField) => f.fieldKind === "list";
const isInt = (f: DescField) => f.fieldKind === "scalar" && f.scalar !== ScalarType.BOOL && f.scalar !== ScalarType.STRING && f.scalar !== ScalarType.BYTES;

function editorOf(f: DescField, p: TemplateParam): Editor {
  switch (f.fieldKind) {
    case "enum":
      return "enum";
    case "scalar":
      return f.scalar === ScalarType.BOOL ? "bool" : isInt(f) ? "int" : "text";
    case "message":
      return "message";
    case "list":
      if (f.listKind === "message") return countsShape(f.message) ? "counts" : "message";
      if (p.choices.length > 0) return p.min > 0 && p.min === p.max && p.max === p.choices.length ? "order" : "multi";
      return "list";
  }
  return "text";
}

/** countsShape reads a {kind, count} message (Placement: a place and markers). */
function countsShape(m: DescMessage): { kind: DescField; count: DescField } | undefined {
  const kind = m.fields.find((f) => f.fieldKind === "enum");
  const count = m.fields.find((f) => f.fieldKind === "scalar" && isInt(f));
  return m.fields.length === 2 && kind && count ? { kind, count } : undefined;
}

/** resolve finds each parameter's fields in the game's command and groups those under a repeated message. */
function resolve(t: CommandTemplate): { gameField: DescField; parts: Part[] } | undefined {
  const gameField = GameCommandSchema.fields.find((f) => f.oneof && t.command?.game.case === f.localName);
  if (!gameField?.message) return undefined;
  const parts: Part[] = [];
  for (const param of t.params) {
    let msg: DescMessage | undefined = gameField.message;
    const path: DescField[] = [];
    for (const seg of param.field.split(".")) {
      const f: DescField | undefined = msg?.fields.find((x) => x.name === seg);
      if (!f) break;
      path.push(f);
      msg = f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? f.message : undefined;
    }
    if (path.length !== param.field.split(".").length) return undefined;
    const leaf = path[path.length - 1];
    const slot: Slot = { param, path, leaf, editor: editorOf(leaf, param) };
    // A repeated message above the leaf makes rows.
    const at = path.findIndex((f, i) => i < path.length - 1 && isList(f));
    if (at < 0) {
      parts.push({ slot });
      continue;
    }
    const field = param.field.split(".").slice(0, at + 1).join(".");
    const rel: Slot = { ...slot, path: path.slice(at + 1) };
    const group = parts.find((p): p is { rows: Rows } => "rows" in p && p.rows.field === field);
    if (group) group.rows.slots.push(rel);
    else parts.push({ rows: { path: path.slice(0, at + 1), field, slots: [rel] } });
  }
  return { gameField, parts };
}

/** The values a field's editor keeps. */
type Counts = Record<string, number>;
type Row = Record<string, unknown>;

export interface FormProps {
  template: CommandTemplate;
  vocab: Vocabulary;
  /** The board element last picked, if any. */
  picked: string;
  busy: boolean;
  submit: (cmd: GameCommand, label: string) => void;
  /** Tells the board which elements are pickable now. */
  onPicking: (keys: string[]) => void;
  onDone: () => void;
}

export function TemplateForm(props: FormProps) {
  const t = props.template;
  const { vocab } = props;
  const resolved = useMemo(() => resolve(t), [t]);
  const [values, setValues] = useState<FormValues>(() => initial(resolved?.parts ?? [], vocab));
  const [focus, setFocus] = useState("");
  const [problem, setProblem] = useState("");
  const set = (field: string, v: unknown) => {
    setProblem("");
    setValues((old) => ({ ...old, [field]: v }));
  };

  // The field the board's clicks fill: the one last touched, else the
  // first choice still open.
  const pickable = useMemo(() => pickTargets(resolved?.parts ?? [], values, vocab), [resolved, values]);
  const target = pickable.find((p) => p.id === focus && p.open) ?? pickable.find((p) => p.open && p.first) ?? pickable.find((p) => p.open);
  const keys = target ? target.choices.map((c) => vocab.key(target.field, c)) : [];
  useEffect(() => props.onPicking(keys), [keys.join(",")]);
  useEffect(() => () => props.onPicking([]), []);
  useEffect(() => {
    if (!target || !props.picked) return;
    const choice = target.choices.find((c) => vocab.key(target.field, c) === props.picked);
    if (choice !== undefined) setValues((old) => target.apply(old, choice));
  }, [props.picked]);

  if (!resolved) return <p class="hint">This form cannot be built here: send it with the command-line client.</p>;

  const send = (e: Event) => {
    e.preventDefault();
    const json = toJson(GameCommandSchema, t.command!) as JsonObject;
    const root = (json[resolved.gameField.jsonName] ?? {}) as JsonObject;
    for (const part of resolved.parts) {
      if ("slot" in part) put(root, part.slot.path, valueJson(part.slot, values[part.slot.param.field]));
      else put(root, part.rows.path, rowsJson(part.rows, values[part.rows.field] as Row[]));
    }
    json[resolved.gameField.jsonName] = root;
    let cmd: GameCommand;
    try {
      cmd = fromJson(GameCommandSchema, json);
    } catch (err) {
      setProblem(`This form is not complete: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    props.submit(cmd, t.label || t.description || t.name);
  };

  return (
    <form class="template" data-template={t.name} onSubmit={send} aria-label={t.label || t.name}>
      <p class="hint">{t.description}</p>
      {resolved.parts.map((part) =>
        "slot" in part ? (
          <Field
            slot={part.slot}
            id={part.slot.param.field}
            vocab={vocab}
            values={values}
            value={values[part.slot.param.field]}
            waiting={target?.id === part.slot.param.field}
            onFocus={() => setFocus(part.slot.param.field)}
            onChange={(v) => set(part.slot.param.field, v)}
          />
        ) : (
          <RowsField
            rows={part.rows}
            vocab={vocab}
            values={values}
            value={(values[part.rows.field] as Row[]) ?? []}
            waiting={target?.id.startsWith(part.rows.field + "#") ? target.id : ""}
            onFocus={setFocus}
            onChange={(v) => set(part.rows.field, v)}
          />
        ),
      )}
      {problem && (
        <p class="refusal" role="alert">
          {problem}
        </p>
      )}
      <div class="form-buttons">
        <button type="submit" class="template-submit primary" disabled={props.busy}>
          {submitWords(t)}
        </button>
        <button type="button" class="link" onClick={props.onDone}>
          cancel
        </button>
      </div>
    </form>
  );
}

/** submitWords is the send button's text: the template's name ("run-the-whiskey" reads "Run the whiskey"). */
function submitWords(t: CommandTemplate): string {
  const w = t.name.replace(/-/g, " ");
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** initial fills what a form starts with: a row per choice of a row's first field (a truck each). */
function initial(parts: Part[], vocab: Vocabulary): FormValues {
  const out: FormValues = {};
  for (const part of parts) {
    if ("rows" in part) {
      const first = part.rows.slots[0];
      out[part.rows.field] = first.param.choices.map((c) => ({ [first.param.field]: c }));
    } else if (part.slot.editor === "order") {
      out[part.slot.param.field] = vocab.choices(part.slot.param.field, part.slot.param.choices, out);
    }
  }
  return out;
}

/** A field the board's clicks can fill. */
interface Target {
  id: string;
  field: string;
  choices: string[];
  open: boolean;
  /** Fill the first of these first. */
  first: boolean;
  apply: (values: FormValues, choice: string) => FormValues;
}

function pickTargets(parts: Part[], values: FormValues, vocab: Vocabulary): Target[] {
  const out: Target[] = [];
  for (const part of parts) {
    if ("slot" in part) {
      const s = part.slot;
      const f = s.param.field;
      const choices = vocab.choices(f, s.param.choices, values);
      if (s.editor === "enum" || (s.editor === "int" && choices.length > 0)) {
        out.push({ id: f, field: f, choices, open: values[f] === undefined, first: true, apply: (v, c) => ({ ...v, [f]: c }) });
      } else if (s.editor === "counts" && choices.length > 0) {
        // Each click adds one (markers to a speakeasy), up to the limit.
        const counts = (values[f] as Counts) ?? {};
        const room = !s.param.max || total(counts) < s.param.max;
        out.push({ id: f, field: f, choices, open: room, first: false, apply: (v, c) => ({ ...v, [f]: { ...counts, [c]: (counts[c] ?? 0) + 1 } }) });
      }
      continue;
    }
    const rows = (values[part.rows.field] as Row[]) ?? [];
    rows.forEach((row, i) => {
      for (const s of part.rows.slots.slice(1)) {
        const f = s.param.field;
        if (s.editor !== "enum" || s.param.choices.length === 0) continue;
        const id = `${part.rows.field}#${i}.${f}`;
        const apply = (v: FormValues, c: string) => {
          const next = [...((v[part.rows.field] as Row[]) ?? [])];
          next[i] = { ...next[i], [f]: c };
          return { ...v, [part.rows.field]: next };
        };
        out.push({ id, field: f, choices: s.param.choices, open: row[f] === undefined, first: false, apply });
      }
    });
  }
  return out;
}

const total = (c: Counts) => Object.values(c).reduce((n, x) => n + x, 0);

interface FieldProps {
  slot: Slot;
  id: string;
  vocab: Vocabulary;
  values: FormValues;
  value: unknown;
  waiting: boolean;
  onFocus: () => void;
  onChange: (v: unknown) => void;
  /** In a row: no label of its own beside the row's. */
  compact?: boolean;
}

function Field(props: FieldProps) {
  const { slot, vocab } = props;
  const f = slot.param.field;
  const label = vocab.label(f);
  const input = <Input {...props} />;
  const cls = `param ${props.waiting ? "awaiting-pick" : ""}`;
  if (slot.editor === "counts" || slot.editor === "message" || slot.editor === "multi" || slot.editor === "order") {
    return (
      <fieldset class={cls} data-field={f}>
        <legend>{label}</legend>
        {slot.param.description && <small>{slot.param.description}</small>}
        {input}
      </fieldset>
    );
  }
  return (
    <label class={cls} data-param={f}>
      <span>
        {label}
        {props.waiting && <em class="pick-hint"> · pick on the board</em>}
      </span>
      {input}
      {!props.compact && slot.param.description && <small>{slot.param.description}</small>}
    </label>
  );
}

function Input(props: FieldProps) {
  const { slot, vocab, value, onChange } = props;
  const p = slot.param;
  const f = p.field;
  switch (slot.editor) {
    case "enum":
    case "int": {
      const choices =
        slot.editor === "enum"
          ? vocab.choices(f, p.choices.length > 0 ? p.choices : slot.leaf.enum!.values.filter((v) => v.number !== 0).map((v) => v.name), props.values)
          : vocab.choices(f, p.choices, props.values);
      if (slot.editor === "enum" || choices.length > 0) {
        return (
          <select data-field={f} value={value === undefined ? "" : String(value)} onFocus={props.onFocus} onChange={(e) => onChange(e.currentTarget.value || undefined)}>
            <option value="">{props.waiting ? "pick on the board, or here…" : "—"}</option>
            {choices.map((c) => (
              <option value={c}>{vocab.choice(f, c)}</option>
            ))}
          </select>
        );
      }
      return (
        <input
          type="number"
          inputMode="numeric"
          data-field={f}
          min={p.min}
          max={p.max || undefined}
          value={value === undefined ? "" : String(value)}
          onFocus={props.onFocus}
          onInput={(e) => onChange(e.currentTarget.value === "" ? undefined : Number(e.currentTarget.value))}
        />
      );
    }
    case "bool":
      return <input type="checkbox" data-field={f} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case "counts":
      return <CountsInput {...props} />;
    case "message":
      return <MessageInput {...props} />;
    case "order":
      return <OrderInput {...props} />;
    case "multi":
      return <MultiInput field={f} choices={vocab.choices(f, p.choices, props.values)} vocab={vocab} value={(value as string[]) ?? []} onChange={onChange} />;
  }
  return (
    <input
      data-field={f}
      value={Array.isArray(value) ? value.join(", ") : ((value as string) ?? "")}
      placeholder={slot.editor === "list" ? "numbers, separated by commas" : ""}
      onFocus={props.onFocus}
      onInput={(e) => onChange(slot.editor === "list" ? numbers(e.currentTarget.value) : e.currentTarget.value)}
    />
  );
}

const numbers = (s: string) =>
  s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** CountsInput edits {kind, count} entries (markers per speakeasy) as a stepper per kind. */
function CountsInput(props: FieldProps) {
  const { slot, vocab } = props;
  const f = slot.param.field;
  const shape = countsShape(slot.leaf.message!)!;
  const kinds = vocab.choices(f, slot.param.choices.length ? slot.param.choices : shape.kind.enum!.values.filter((v) => v.number !== 0).map((v) => v.name), props.values);
  const counts = (props.value as Counts) ?? {};
  const max = slot.param.max;
  const left = max ? max - total(counts) : undefined;
  const setCount = (k: string, n: number) => props.onChange({ ...counts, [k]: Math.max(0, n) });
  return (
    <div class="counts">
      {left !== undefined && <p class="hint">{left > 0 ? `${left} more to place` : "all placed"}</p>}
      {kinds.map((k) => {
        const n = counts[k] ?? 0;
        const name = vocab.choice(f, k);
        return (
          <div class="stepper" data-kind={k}>
            <span class="stepper-name">{name}</span>
            <button type="button" aria-label={`one fewer at ${name}`} disabled={n === 0} onClick={() => setCount(k, n - 1)}>
              −
            </button>
            <input
              type="number"
              min={0}
              inputMode="numeric"
              aria-label={`${vocab.label(f)} at ${name}`}
              data-field={`${f}.${k}`}
              value={n || ""}
              onFocus={props.onFocus}
              onInput={(e) => setCount(k, Number(e.currentTarget.value) || 0)}
            />
            <button type="button" aria-label={`one more at ${name}`} disabled={left !== undefined && left <= 0} onClick={() => setCount(k, n + 1)}>
              +
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** MessageInput edits a message's own fields (a trade's money, crates and trucks). */
function MessageInput(props: FieldProps) {
  const { slot, vocab } = props;
  const f = slot.param.field;
  const msg = slot.leaf.message!;
  const obj = (props.value as Row) ?? {};
  const setSub = (name: string, v: unknown) => props.onChange({ ...obj, [name]: v });
  return (
    <div class="sub-fields">
      {msg.fields.map((sub) => {
        const path = `${f}.${sub.name}`;
        const label = vocab.label(path);
        if (sub.fieldKind === "list" && sub.listKind === "scalar") {
          const choices = vocab.choices(path, [], props.values);
          if (choices.length === 0) return null;
          return (
            <fieldset class="param" data-field={path}>
              <legend>{label}</legend>
              <MultiInput field={path} choices={choices} vocab={vocab} value={(obj[sub.name] as string[]) ?? []} onChange={(v) => setSub(sub.name, v)} />
            </fieldset>
          );
        }
        if (sub.fieldKind === "scalar" && isInt(sub)) {
          return (
            <label class="param">
              <span>{label}</span>
              <input
                type="number"
                min={0}
                inputMode="numeric"
                data-field={path}
                value={obj[sub.name] === undefined ? "" : String(obj[sub.name])}
                onFocus={props.onFocus}
                onInput={(e) => setSub(sub.name, e.currentTarget.value === "" ? undefined : Number(e.currentTarget.value))}
              />
            </label>
          );
        }
        return null;
      })}
    </div>
  );
}

function MultiInput(props: { field: string; choices: string[]; vocab: Vocabulary; value: string[]; onChange: (v: unknown) => void }) {
  return (
    <span class="multi">
      {props.choices.map((c) => (
        <label class="inline">
          <input
            type="checkbox"
            data-field={props.field}
            value={c}
            checked={props.value.includes(c)}
            onChange={(e) => props.onChange(e.currentTarget.checked ? [...props.value, c] : props.value.filter((x) => x !== c))}
          />
          {props.vocab.choice(props.field, c)}
        </label>
      ))}
      {props.choices.length === 0 && <span class="hint">none</span>}
    </span>
  );
}

/** OrderInput puts the choices in an order (trucks first to sell first). */
function OrderInput(props: FieldProps) {
  const f = props.slot.param.field;
  const order = (props.value as string[]) ?? props.slot.param.choices;
  const move = (i: number, by: number) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    props.onChange(next);
  };
  return (
    <ol class="order" data-field={f}>
      {order.map((c, i) => (
        <li>
          {props.vocab.choice(f, c)}{" "}
          <button type="button" aria-label={`move ${props.vocab.choice(f, c)} up`} disabled={i === 0} onClick={() => move(i, -1)}>
            ↑
          </button>
          <button type="button" aria-label={`move ${props.vocab.choice(f, c)} down`} disabled={i === order.length - 1} onClick={() => move(i, 1)}>
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}

/** RowsField edits a repeated message: a row per entry (a truck each, its load and where it goes). */
function RowsField(props: {
  rows: Rows;
  vocab: Vocabulary;
  values: FormValues;
  value: Row[];
  waiting: string;
  onFocus: (id: string) => void;
  onChange: (v: Row[]) => void;
}) {
  const { rows, vocab } = props;
  const [first, ...rest] = rows.slots;
  const fixed = first.param.choices.length > 0;
  const setRow = (i: number, name: string, v: unknown) => {
    const next = [...props.value];
    next[i] = { ...next[i], [name]: v };
    props.onChange(next);
  };
  return (
    <fieldset class="param rows" data-field={rows.field}>
      <legend>{vocab.label(rows.field)}</legend>
      {rest.length > 0 && <small>{rest.map((s) => `${vocab.label(s.param.field)}: ${s.param.description}`).join(" · ")}</small>}
      {props.value.length === 0 && <p class="hint">nothing to fill in</p>}
      {props.value.map((row, i) => (
        <div class="row" data-row={i} data-key={fixed ? String(row[first.param.field]) : undefined}>
          {fixed ? (
            <span class="row-title">{vocab.choice(first.param.field, String(row[first.param.field]))}</span>
          ) : (
            <Field
              slot={first}
              id={`${rows.field}#${i}.${first.param.field}`}
              vocab={vocab}
              values={props.values}
              value={row[first.param.field]}
              waiting={false}
              compact
              onFocus={() => props.onFocus(`${rows.field}#${i}.${first.param.field}`)}
              onChange={(v) => setRow(i, first.param.field, v)}
            />
          )}
          {rest.map((s) => {
            const id = `${rows.field}#${i}.${s.param.field}`;
            return (
              <Field
                slot={s}
                id={id}
                vocab={vocab}
                values={props.values}
                value={row[s.param.field]}
                waiting={props.waiting === id}
                compact
                onFocus={() => props.onFocus(id)}
                onChange={(v) => setRow(i, s.param.field, v)}
              />
            );
          })}
        </div>
      ))}
      {!fixed && (
        <button type="button" class="link" onClick={() => props.onChange([...props.value, {}])}>
          add a row
        </button>
      )}
    </fieldset>
  );
}

/** valueJson turns a field's value into its JSON, or undefined to leave it unset. */
function valueJson(s: Slot, v: unknown): JsonValue | undefined {
  if (v === undefined || v === "" || v === false) return undefined;
  switch (s.editor) {
    case "int":
      return Number(v);
    case "counts": {
      const shape = countsShape(s.leaf.message!)!;
      const items = Object.entries(v as Counts)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => ({ [shape.kind.jsonName]: k, [shape.count.jsonName]: n }));
      return items.length ? items : undefined;
    }
    case "message": {
      const obj: JsonObject = {};
      for (const [k, x] of Object.entries(v as Row)) {
        const sub = s.leaf.message!.fields.find((f) => f.name === k);
        if (!sub || x === undefined || x === "" || (Array.isArray(x) && x.length === 0)) continue;
        obj[sub.jsonName] = Array.isArray(x) ? x.map(Number) : Number(x);
      }
      return Object.keys(obj).length ? obj : undefined;
    }
    case "order":
    case "multi":
    case "list": {
      const list = (v as (string | number)[]).map((x) => (s.leaf.fieldKind === "list" && s.leaf.listKind === "enum" ? String(x) : Number(x)));
      return list.length ? list : undefined;
    }
  }
  return v as JsonValue;
}

/** rowsJson keeps the rows whose every field is filled (a truck with a load and a destination). */
function rowsJson(r: Rows, rows: Row[] | undefined): JsonValue | undefined {
  const out: JsonObject[] = [];
  for (const row of rows ?? []) {
    const obj: JsonObject = {};
    let complete = true;
    for (const s of r.slots) {
      const v = valueJson(s, row[s.param.field]);
      if (v === undefined || (v === 0 && s.param.choices.length === 0)) complete = false;
      else put(obj, s.path, v);
    }
    if (complete) out.push(obj);
  }
  return out.length ? out : undefined;
}

/** put writes a value at a path of fields in a command's JSON. */
function put(root: JsonObject, path: DescField[], v: JsonValue | undefined) {
  if (v === undefined) return;
  let obj = root;
  for (const f of path.slice(0, -1)) obj = (obj[f.jsonName] ??= {}) as JsonObject;
  obj[path[path.length - 1].jsonName] = v;
}
