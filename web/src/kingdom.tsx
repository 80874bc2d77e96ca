// Moonshine Kingdom's table: the city as SVG, drawn from the view's
// Districts (pieces, barrels, Precincts, Safehouses, control) and, where
// the server sends the board (GetRules), its printed places and links;
// beside it the Day, whose turn it is, the seats, the Titles and the Heat
// Track. A District is a click target: it filters the legal commands, or
// fills the template field that waits for one.

import type { View as KingdomView, DistrictView } from "@moonshine-games/client/gen/moonshine/kingdom/v1/kingdom_pb.js";
import {
  BoroughSchema,
  DistrictSchema,
  LiquorSchema,
  MoonSchema,
  PhaseSchema,
  PlaybookSchema,
  TitleSchema,
} from "@moonshine-games/client/gen/moonshine/kingdom/v1/kingdom_pb.js";
import type { GameInfo } from "@moonshine-games/client";
import { enumLabel, enumName, seatColour } from "./enums.js";

/** Where each District is drawn, and which are Connected. */
export interface CityLayout {
  places: Map<number, { x: number; y: number; name: string }>;
  links: { a: number; b: number; kind: string }[];
}

/** gridLayout places the Districts in enum order, five to a row, when the server sends no map. */
function gridLayout(districts: DistrictView[]): CityLayout {
  const places = new Map<number, { x: number; y: number; name: string }>();
  districts.forEach((d, i) => {
    places.set(d.district, { x: 10 + (i % 5) * 20, y: 10 + Math.floor(i / 5) * 20, name: enumLabel(DistrictSchema, d.district) });
  });
  return { places, links: [] };
}

export interface BoardProps {
  view: KingdomView;
  info: GameInfo;
  layout?: CityLayout;
  changed: Set<string>;
  clickable: Set<string>;
  picked: string;
  onPick: (name: string) => void;
}

const W = 1000,
  H = 720;

export function KingdomBoard(props: BoardProps) {
  const v = props.view;
  const layout = props.layout ?? gridLayout(v.districts);
  const at = (d: number) => {
    const p = layout.places.get(d) ?? { x: 50, y: 50, name: "" };
    return { x: (p.x / 100) * (W - 120) + 60, y: (p.y / 100) * (H - 120) + 60, name: p.name };
  };
  return (
    <svg class="city" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="the city">
      {layout.links.map((l) => {
        const a = at(l.a),
          b = at(l.b);
        return <line class={`link ${l.kind}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
      })}
      {v.districts.map((d) => (
        <District d={d} {...at(d.district)} {...props} />
      ))}
    </svg>
  );
}

function District(props: BoardProps & { d: DistrictView; x: number; y: number; name: string }) {
  const { d, x, y } = props;
  const name = enumName(DistrictSchema, d.district);
  const barrels = d.barrels.reduce((n, b) => n + b.count, 0);
  const classes = ["district"];
  if (props.changed.has(name)) classes.push("changed");
  if (props.clickable.has(name)) classes.push("clickable");
  if (props.picked === name) classes.push("picked");
  return (
    <g class={classes.join(" ")} data-district={name} transform={`translate(${x},${y})`} onClick={() => props.onPick(name)}>
      <title>{describeDistrict(d)}</title>
      <circle r="46" fill={d.controller === undefined ? "#f4f1ea" : seatColour(d.controller) + "33"} stroke={seatColour(d.controller)} />
      <text class="name" y="-28">
        {props.name}
      </text>
      <text class="still" y="-12">
        Still {d.still}
        {d.precinct ? " · Precinct" : ""}
      </text>
      {d.forces.map((f, i) => (
        <g transform={`translate(${-34 + i * 34},4)`} class="force" data-seat={f.seat}>
          <rect width="32" height="18" rx="4" fill={seatColour(f.seat)} />
          <text x="16" y="13" class="pieces">
            {f.runners}r{f.bosses ? `${f.bosses}b` : ""}
            {f.safehouse ? "⌂" : ""}
          </text>
        </g>
      ))}
      {barrels > 0 && (
        <text class="barrels" y="38">
          {barrels} barrel{barrels > 1 ? "s" : ""}
        </text>
      )}
    </g>
  );
}

function describeDistrict(d: DistrictView): string {
  const parts = [enumLabel(DistrictSchema, d.district), `Still ${d.still}`];
  if (d.controller !== undefined) parts.push(`controlled by seat ${d.controller}`);
  if (d.precinct) parts.push("a Precinct");
  for (const f of d.forces) parts.push(`seat ${f.seat}: ${f.runners} runners, ${f.bosses} bosses${f.safehouse ? ", a Safehouse" : ""}${f.pinned ? ", pinned" : ""}`);
  for (const b of d.barrels) parts.push(`${b.count} ${enumLabel(LiquorSchema, b.liquor)}`);
  return parts.join("; ");
}

/** The panel beside the city. */
export function KingdomPanel(props: { view: KingdomView; info: GameInfo; changed: Set<string>; contractName: (id: number) => string }) {
  const v = props.view;
  const name = (seat: number) => props.info.seats[seat]?.name || (props.info.seats[seat]?.bot ? "bot" : "free");
  return (
    <div class="panel kingdom">
      <p class="day" id="day">
        Day {v.day} · {enumLabel(MoonSchema, v.moon)} Moon · {enumLabel(PhaseSchema, v.phase)}
        {v.crackdown ? ` · Crackdown ${v.crackdown}` : ""}
      </p>
      <table class="seats" id="seats">
        <thead>
          <tr>
            <th>seat</th>
            <th>mob</th>
            <th>cash</th>
            <th>Influence</th>
            <th>Respect</th>
            <th>hand</th>
            <th>Titles</th>
          </tr>
        </thead>
        <tbody>
          {v.seats.map((s) => (
            <tr data-seat={s.seat} class={props.changed.has(`seat:${s.seat}`) ? "changed" : ""}>
              <td>
                <span class="swatch" style={{ background: seatColour(s.seat) }} /> {s.seat} {name(s.seat)}
                {v.you === s.seat ? " (you)" : ""}
              </td>
              <td>
                {enumLabel(PlaybookSchema, s.playbook)} ({enumLabel(BoroughSchema, s.home)})
              </td>
              <td>${s.cash}</td>
              <td>{s.influence}</td>
              <td>{s.respect}</td>
              <td>{s.handSize}</td>
              <td>
                {v.titles
                  .filter((t) => t.holder === s.seat)
                  .map((t) => titleName(t))
                  .join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {v.seats
        .filter((s) => s.hand.length > 0)
        .map((s) => (
          <div class="hand" data-seat={s.seat}>
            <h4>Seat {s.seat}'s Contracts in hand</h4>
            <ul>
              {s.hand.map((c) => (
                <li class="hand-card" data-card={c}>
                  {props.contractName(c)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      <p class="heat" id="heat">
        Heat: {v.heat.map((h, i) => `${i}:${h}`).join(" ")}
      </p>
      <p class="market">
        Street prices:{" "}
        {v.market.map((p, i) => (
          <span>
            {enumLabel(LiquorSchema, i + 1)} ${p}{" "}
          </span>
        ))}
      </p>
    </div>
  );
}

function titleName(t: { title: number; borough: number; liquor: number }): string {
  if (t.borough) return `${enumLabel(BoroughSchema, t.borough)} Deed`;
  if (t.liquor) return `${enumLabel(LiquorSchema, t.liquor)} Syndicate`;
  return enumLabel(TitleSchema, t.title);
}
