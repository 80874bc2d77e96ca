// Moonshine Kingdom's table: the city as SVG, its Districts placed,
// named and Connected from the printed board that GetRules returns (the
// Board message: the City Map's places, Boroughs, land borders, Bridges
// and Water), each with its pieces, barrels, Still, Precinct and
// controller from the view; beside it the Day, whose turn it is, the
// seats, the Titles and the Heat Track, named from the board too. A
// District is a click target: it filters the legal commands, or fills
// the template field that waits for one.

import type { View as KingdomView, DistrictView } from "@moonshine-games/client/gen/moonshine/kingdom/v1/view_pb.js";
import type { Board as KingdomBoardData } from "@moonshine-games/client/gen/moonshine/kingdom/v1/board_pb.js";
import { LinkKindSchema } from "@moonshine-games/client/gen/moonshine/kingdom/v1/board_pb.js";
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

/** Where each District is drawn, in which Borough, and which are Connected. */
export interface CityLayout {
  places: Map<number, { x: number; y: number; name: string; borough: number }>;
  links: { a: number; b: number; kind: string }[];
}

/** layoutOf places the Districts as the printed City Map does, or in a grid when the server sends no board. */
export function layoutOf(districts: DistrictView[], board?: KingdomBoardData): CityLayout {
  const places = new Map<number, { x: number; y: number; name: string; borough: number }>();
  if (board && board.districts.length > 0) {
    for (const d of board.districts) places.set(d.district, { x: d.x, y: d.y, name: d.name, borough: d.borough });
    const links = board.connections.map((c) => ({
      a: c.districtA,
      b: c.districtB,
      kind: enumName(LinkKindSchema, c.link).replace("LINK_KIND_", "").toLowerCase(),
    }));
    return { places, links };
  }
  districts.forEach((d, i) => {
    places.set(d.district, { x: 10 + (i % 5) * 20, y: 10 + Math.floor(i / 5) * 20, name: enumLabel(DistrictSchema, d.district), borough: 0 });
  });
  return { places, links: [] };
}

/** Borough tints, by Borough. */
const boroughTints = ["#f4f1ea", "#e8f0e0", "#e6ecf5", "#f5e9e1", "#efe6f3", "#f3f0dc"];

export interface BoardProps {
  view: KingdomView;
  info: GameInfo;
  board?: KingdomBoardData;
  changed: Set<string>;
  clickable: Set<string>;
  picked: string;
  onPick: (name: string) => void;
}

const W = 1000,
  H = 1000;

export function KingdomBoard(props: BoardProps) {
  const v = props.view;
  const layout = layoutOf(v.districts, props.board);
  const at = (d: number) => {
    const p = layout.places.get(d) ?? { x: 50, y: 50, name: "", borough: 0 };
    return { x: (p.x / 100) * (W - 100) + 50, y: (p.y / 100) * (H - 100) + 50, name: p.name, borough: p.borough };
  };
  return (
    <svg class="city" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="the city">
      {layout.links.map((l) => {
        const a = at(l.a),
          b = at(l.b);
        return <line class={`link ${l.kind}`} data-link={l.kind} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
      })}
      {v.districts.map((d) => (
        <District d={d} {...at(d.district)} {...props} />
      ))}
    </svg>
  );
}

function District(props: BoardProps & { d: DistrictView; x: number; y: number; name: string; borough: number }) {
  const { d, x, y } = props;
  const name = enumName(DistrictSchema, d.district);
  const barrels = d.barrels.reduce((n, b) => n + b.count, 0);
  const classes = ["district"];
  if (props.changed.has(name)) classes.push("changed");
  if (props.clickable.has(name)) classes.push("clickable");
  if (props.picked === name) classes.push("picked");
  return (
    <g class={classes.join(" ")} data-district={name} transform={`translate(${x},${y})`} onClick={() => props.onPick(name)}>
      <title>{describeDistrict(d, props.name)}</title>
      <circle class="borough" r="45" fill={boroughTints[props.borough % boroughTints.length]} />
      <circle r="38" fill={d.controller === undefined ? "#fbfaf7" : seatColour(d.controller) + "33"} stroke={seatColour(d.controller)} />
      <text class="name" y="-20">
        {props.name}
      </text>
      <text class="still" y="-6">
        Still {d.still}
        {d.precinct ? " · Precinct" : ""}
      </text>
      {d.forces.map((f, i) => (
        <g transform={`translate(${-(d.forces.length * 30) / 2 + i * 30},4)`} class="force" data-seat={f.seat}>
          <rect width="28" height="16" rx="4" fill={seatColour(f.seat)} />
          <text x="14" y="12" class="pieces">
            {f.runners}r{f.bosses ? `${f.bosses}b` : ""}
            {f.safehouse ? "⌂" : ""}
          </text>
        </g>
      ))}
      {barrels > 0 && (
        <text class="barrels" y="30">
          {barrels} barrel{barrels > 1 ? "s" : ""}
        </text>
      )}
    </g>
  );
}

function describeDistrict(d: DistrictView, name: string): string {
  const parts = [name || enumLabel(DistrictSchema, d.district), `Still ${d.still}`];
  if (d.controller !== undefined) parts.push(`controlled by seat ${d.controller}`);
  if (d.precinct) parts.push("a Precinct");
  for (const f of d.forces) parts.push(`seat ${f.seat}: ${f.runners} runners, ${f.bosses} bosses${f.safehouse ? ", a Safehouse" : ""}${f.pinned ? ", pinned" : ""}`);
  for (const b of d.barrels) parts.push(`${b.count} ${enumLabel(LiquorSchema, b.liquor)}`);
  return parts.join("; ");
}

/** The panel beside the city. */
export function KingdomPanel(props: { view: KingdomView; info: GameInfo; board?: KingdomBoardData; changed: Set<string> }) {
  const v = props.view;
  const b = props.board;
  const name = (seat: number) => props.info.seats[seat]?.name || (props.info.seats[seat]?.bot ? "bot" : "free");
  const playbook = (p: number) => b?.playbooks.find((x) => x.playbook === p)?.name || enumLabel(PlaybookSchema, p);
  const borough = (n: number) => b?.boroughs.find((x) => x.borough === n)?.name || enumLabel(BoroughSchema, n);
  const contract = (id: number) => b?.contracts.find((c) => c.id === id);
  const heatSpaces = Math.max(b?.limits?.heatTrackSize ?? 0, v.heat.length);
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
                {playbook(s.playbook)} ({borough(s.home)})
              </td>
              <td>${s.cash}</td>
              <td>{s.influence}</td>
              <td>{s.respect}</td>
              <td>{s.handSize}</td>
              <td>
                {v.titles
                  .filter((t) => t.holder === s.seat)
                  .map((t) => titleName(t, b))
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
            <h4>{v.you === s.seat ? "Your Contracts" : `Seat ${s.seat}'s Contracts`} in hand</h4>
            <ul>
              {s.hand.map((id) => {
                const c = contract(id);
                return (
                  <li class="hand-card" data-card={id} title={c?.objective}>
                    {c ? `${c.name}: ${c.objective}` : `Contract #${id}`}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      <div class="heat" id="heat">
        <span>Heat Track</span>
        <svg viewBox={`0 0 ${heatSpaces * 22} 22`} width={heatSpaces * 22} height="22" role="img" aria-label="the Heat Track">
          {Array.from({ length: heatSpaces }, (_, i) => (
            <rect class="heat-space" x={i * 22 + 1} y="1" width="20" height="20" rx="3" fill={i < v.heat.length ? seatColour(v.heat[i]) : "#fff"}>
              <title>{i < v.heat.length ? `space ${i + 1}: seat ${v.heat[i]}'s marker` : `space ${i + 1}: empty`}</title>
            </rect>
          ))}
        </svg>
      </div>
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

function titleName(t: { title: number; borough: number; liquor: number }, b?: KingdomBoardData): string {
  const printed = b?.titles.find((x) => x.title === t.title && x.borough === t.borough && x.liquor === t.liquor)?.name;
  if (printed) return printed;
  if (t.borough) return `${enumLabel(BoroughSchema, t.borough)} Deed`;
  if (t.liquor) return `${enumLabel(LiquorSchema, t.liquor)} Syndicate`;
  return enumLabel(TitleSchema, t.title);
}
