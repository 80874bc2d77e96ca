// The seat's choices: every legal command as a button with the server's
// label, and each template (Move, Push, Run the Whiskey, …) as a form
// whose choices can be picked on the board. A pick on the board narrows
// the buttons to the commands about what was picked.

import { useState } from "preact/hooks";
import { toJson } from "@bufbuild/protobuf";
import { GameCommandSchema, type GameCommand, type Prompt } from "@moonshine-games/client";
import { describeCommand } from "./describe.js";
import { TemplateForm } from "./form.js";
import type { Vocabulary } from "./vocab.js";

/** The JSON of a command, as the board's picks match it. */
export function mentions(cmd: GameCommand): string {
  return JSON.stringify(toJson(GameCommandSchema, cmd));
}

/** matchesEnum is the default match of a pick: the command names the picked enum value. */
export const matchesEnum = (picked: string, cmd: GameCommand) => mentions(cmd).includes(`"${picked}"`);

export interface CommandsProps {
  prompt: Prompt;
  vocab: Vocabulary;
  /** A label in the page's words (names for seat numbers). */
  words: (label: string) => string;
  /** A legal command's label in the page's words, with what the board adds. */
  labelOf: (cmd: GameCommand, label: string) => string;
  /** The board element last picked, if any, and its name. */
  picked: string;
  pickedName: string;
  matches: (picked: string, cmd: GameCommand) => boolean;
  busy: boolean;
  /** Sends a command; true once it was played. */
  submit: (cmd: GameCommand, label: string) => Promise<boolean>;
  onPicking: (keys: string[]) => void;
  clearPick: () => void;
}

export function Commands(props: CommandsProps) {
  const { prompt, picked } = props;
  const [name, setName] = useState("");
  const template = prompt.templates.findIndex((t) => t.name === name);
  const legal = prompt.legal.map((cmd, i) => ({ cmd, label: props.labelOf(cmd, prompt.legalLabels[i] || describeCommand(cmd)), json: mentions(cmd) }));
  const filtering = template < 0 && picked !== "";
  const shown = filtering ? legal.filter((l) => props.matches(picked, l.cmd)) : legal;
  const open = prompt.templates[template];
  return (
    <section class="commands" id="commands" aria-labelledby="commands-title">
      <h2 id="commands-title">
        {prompt.mustAct ? "Your turn" : "You may act"}
        {prompt.detail && <span class="detail"> — {props.words(prompt.detail).replace(/^you (may )?/i, "")}</span>}
      </h2>
      {filtering && (
        <p class="hint" id="pick-filter">
          {shown.length} of {legal.length} choices about {props.pickedName}{" "}
          <button type="button" class="link" onClick={props.clearPick}>
            show all
          </button>
        </p>
      )}
      {template < 0 && (
        <div class="legal" role="group" aria-label="your choices">
          {shown.map((l) => (
            <button class="legal-command" disabled={props.busy} onClick={() => props.submit(l.cmd, l.label)} data-command={l.json}>
              {l.label}
            </button>
          ))}
        </div>
      )}
      {prompt.templates.length > 0 && (
        <div class="templates">
          {template < 0 &&
            prompt.templates.map((t, i) => (
              <button class="template-tab" data-template={t.name} onClick={() => (props.clearPick(), setName(prompt.templates[i].name))}>
                {props.words(t.label || t.description || t.name)}…
              </button>
            ))}
          {open && (
            <TemplateForm
              key={`${template}:${open.name}`}
              template={open}
              vocab={props.vocab}
              picked={picked}
              busy={props.busy}
              submit={async (cmd, label) => {
                if (await props.submit(cmd, label)) setName("");
              }}
              onPicking={props.onPicking}
              onDone={() => (setName(""), props.onPicking([]))}
            />
          )}
        </div>
      )}
    </section>
  );
}
