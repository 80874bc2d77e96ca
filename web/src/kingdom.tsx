// Moonshine Kingdom's table: the city as SVG, its Districts placed,
// named and Connected from the printed board that GetRules returns (the
// Board message: the City Map's places, Boroughs, land borders, Bridges
// and Water), each with its pieces, barrels, Still, Precinct and
// controller from the view, in a map that pans and zooms, with a legend;
// beside it the Day, the Brew pools, the seats (Playbooks, home Boroughs,
// cash, Influence, Stash and Respect), the Titles, the Contracts in the
// viewer's hand, the Heat Track and the street prices. A District is
// pickable: it narrows the commands, or fills the form that waits for one.

import type { View as KingdomView, DistrictView } from "@moonshine-games/client/gen/moonshine/kingdom/v1/view_pb.js";
import type { Board as KingdomBoardData } from "@moonshine-games/client/gen/moonshine/kingdom/v1/board_pb.js";
import { LinkKindSchema } from "@moonshine-games/client/gen/moonshine/kingdom/v1/board_pb.js";
import { BoroughSchema, DistrictSchema, LiquorSchema, MoonSchema, PhaseSchema, PlaybookSchema, TitleSchema } from "@moonshine-games/client/gen/moonshine/kingdom/v1/kingdom_pb.js";
import { enumLabel, enumName, seatColour } from "./enums.js";
import type { Names } from "./names.js";
import { PanZoom } from "./panzoom.js";
import { pickable, type BoardProps } from "./pick.js";

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

export const boardOf = (rules: BoardProps["rules"]): KingdomBoardData | undefined =>
  rules?.board?.game.case === "moonshineKingdom" ? rules.board.game.value : undefined;

/** Borough tints, by Borough. */
const boroughTints = ["#f4f1ea", "#e8f0e0", "#e6ecf5", "#f5e9e1", "#efe6f3", "#f3f0dc"];

const W = 1000,
  H = 1000;

export function KingdomBoard(props: BoardProps) {
  if (props.view.view.case !== "moonshineKingdom") return null;
  const v = props.view.view.value;
  const board = boardOf(props.rules);
  const layout = layoutOf(v.districts, board);
  const at = (d: number) => {
    const p = layout.places.get(d) ?? { x: 50, y: 50, name: "", borough: 0 };
    return { x: (p.x / 100) * (W - 120) + 60, y: (p.y / 100) * (H - 120) + 60, name: p.name, borough: p.borough };
  };
  // A narrow screen opens on the viewer's pieces.
  const mine = v.districts.find((d) => d.forces.some((f) => f.seat === props.names.you));
  return (
    <div class="kingdom-map">
      <PanZoom width={W} height={H} label="the city: each District is a button" class="city" focus={mine ? at(mine.district) : undefined}>
        {layout.links.map((l) => {
          const a = at(l.a),
            b = at(l.b);
          return <line class={`link ${l.kind}`} data-link={l.kind} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
        })}
        {v.districts.map((d) => (
          <District d={d} {...at(d.district)} {...props} />
        ))}
        <g class="labels" aria-hidden="true">
          {v.districts.map((d) => (
            <DistrictLabel d={d} {...at(d.district)} />
          ))}
        </g>
      </PanZoom>
      <Legend />
    </div>
  );
}

function Legend() {
  return (
    <ul class="legend" aria-label="legend">
      <li>
        <svg width="64" height="18" aria-hidden="true">
          <rect width="64" height="18" rx="4" fill="#4d5656" />
          <text x="32" y="14" class="legend-pieces">
            3r1b⌂
          </text>
        </svg>{" "}
        a mob's pieces: r Runners, b Bosses, ⌂ a Safehouse
      </li>
      <li>
        <svg width="36" height="10" aria-hidden="true">
          <line class="link land" x1="0" y1="5" x2="36" y2="5" />
        </svg>{" "}
        land border
      </li>
      <li>
        <svg width="36" height="10" aria-hidden="true">
          <line class="link bridge" x1="0" y1="5" x2="36" y2="5" />
        </svg>{" "}
        Bridge
      </li>
      <li>
        <svg width="36" height="10" aria-hidden="true">
          <line class="link water" x1="0" y1="5" x2="36" y2="5" />
        </svg>{" "}
        Water: every two Docks
      </li>
      <li>a coloured ring: the mob that Controls the District</li>
    </ul>
  );
}

/**
 * District is a District's ground and ring, a button; its words and pieces
 * are drawn over all the Districts (DistrictLabel), so that a name may
 * reach over a neighbour, and the button is named by its label alone.
 */
function District(props: BoardProps & { d: DistrictView; x: number; y: number; name: string; borough: number }) {
  const { d, x, y } = props;
  const key = enumName(DistrictSchema, d.district);
  const p = pickable(props, key, describeDistrict(d, props.name, props.names), "district", true);
  return (
    <g {...p} data-district={key} transform={`translate(${x},${y})`}>
      <circle class="borough" r="50" fill={boroughTints[props.borough % boroughTints.length]} />
      <circle class="ring" r="42" fill={d.controller === undefined ? "#fbfaf7" : seatColour(d.controller) + "2e"} stroke={d.controller === undefined ? "#8a8a8a" : seatColour(d.controller)} />
    </g>
  );
}

/** DistrictLabel writes a District's name, Still, Precinct, pieces and barrels. */
function DistrictLabel(props: { d: DistrictView; x: number; y: number; name: string }) {
  const { d } = props;
  const barrels = d.barrels.reduce((n, b) => n + b.count, 0);
  return (
    <g class="district-label" transform={`translate(${props.x},${props.y})`}>
      <text class="name" y="-20">
        {props.name}
      </text>
      <text class="still" y="-2">
        Still {d.still}
        {d.precinct ? " · Precinct" : ""}
      </text>
      <Forces d={d} />
      {barrels > 0 && (
        <text class="barrels" y="42">
          {barrels} barrel{barrels > 1 ? "s" : ""}
        </text>
      )}
    </g>
  );
}

/** Forces draws each mob's pieces in a District as a tag of its colour: "3r1b⌂". */
function Forces(props: { d: DistrictView }) {
  const tags = props.d.forces.map((f) => ({ f, text: `${f.runners}r${f.bosses ? `${f.bosses}b` : ""}${f.safehouse ? "⌂" : ""}` }));
  const widths = tags.map((t) => t.text.length * 9 + 8);
  let x = -(widths.reduce((a, b) => a + b, 0) + 2 * (tags.length - 1)) / 2;
  return (
    <>
      {tags.map((t, i) => {
        const at = x;
        x += widths[i] + 2;
        return (
          <g transform={`translate(${at},6)`} class="force" data-seat={t.f.seat}>
            <rect width={widths[i]} height="20" rx="4" fill={seatColour(t.f.seat)} />
            <text x={widths[i] / 2} y="15" class="pieces">
              {t.text}
            </text>
          </g>
        );
      })}
    </>
  );
}

function describeDistrict(d: DistrictView, name: string, names: Names): string {
  const parts = [name || enumLabel(DistrictSchema, d.district), `Still ${d.still}`];
  if (d.controller !== undefined) parts.push(`controlled by ${names.of(d.controller)}`);
  if (d.precinct) parts.push("a Precinct");
  for (const f of d.forces) parts.push(`${names.of(f.seat)}: ${f.runners} Runners, ${f.bosses} Bosses${f.safehouse ? ", a Safehouse" : ""}${f.pinned ? ", Pinned" : ""}`);
  for (const b of d.barrels) parts.push(`${b.count} ${enumLabel(LiquorSchema, b.liquor)}`);
  return parts.join("; ");
}

/** The panel beside the city. */
export function KingdomPanel(props: BoardProps) {
  if (props.view.view.case !== "moonshineKingdom") return null;
  const v: KingdomView = props.view.view.value;
  const b = boardOf(props.rules);
  const { names } = props;
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
      <p class="pools" id="pools">
        Brew pools: <span class="pool red">Red {v.redPool.length ? v.redPool.join(" ") : "empty"}</span> ·{" "}
        <span class="pool white">White {v.whitePool.length ? v.whitePool.join(" ") : "empty"}</span>
      </p>
      <div class="table-scroll" tabindex={0} role="region" aria-label="the mobs">
        <table class="seats" id="seats">
          <caption>The mobs</caption>
          <thead>
            <tr>
              <th scope="col">player</th>
              <th scope="col">mob</th>
              <th scope="col">cash</th>
              <th scope="col">Influence</th>
              <th scope="col">Stash</th>
              <th scope="col">Respect</th>
              <th scope="col">hand</th>
              <th scope="col">Titles</th>
            </tr>
          </thead>
          <tbody>
            {v.seats.map((s) => (
              <tr data-seat={s.seat} class={props.changed.has(`seat:${s.seat}`) ? "changed" : ""}>
                <th scope="row">
                  <span class="swatch" style={{ background: seatColour(s.seat) }} aria-hidden="true" /> {names.of(s.seat)}
                  {s.resigned ? " (resigned)" : ""}
                </th>
                <td>
                  {playbook(s.playbook)} ({borough(s.home)})
                </td>
                <td>${s.cash}</td>
                <td>
                  {s.influence}
                  {s.slots.length > 0 && <span class="hint"> ({s.slots.length} on Operations)</span>}
                </td>
                <td>{s.stash}</td>
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
      </div>
      {v.seats
        .filter((s) => s.hand.length > 0)
        .map((s) => (
          <div class="hand" data-seat={s.seat}>
            <h3>{s.seat === names.you ? "Your Contracts" : `${names.possessive(s.seat)} Contracts`} in hand</h3>
            <ul>
              {s.hand.map((id) => {
                const c = contract(id);
                return (
                  <li class="hand-card" data-card={id}>
                    {c ? (
                      <>
                        <strong>{c.name}</strong>: {c.objective}
                      </>
                    ) : (
                      `Contract #${id}`
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      <div class="heat" id="heat">
        <span>Heat Track</span>
        <svg viewBox={`0 0 ${heatSpaces * 22} 22`} width={heatSpaces * 22} height="22" role="img" aria-label={`the Heat Track: ${v.heat.map((s) => names.of(s)).join(", ") || "empty"}`}>
          {Array.from({ length: heatSpaces }, (_, i) => (
            <rect class="heat-space" x={i * 22 + 1} y="1" width="20" height="20" rx="3" fill={i < v.heat.length ? seatColour(v.heat[i]) : "#fff"} />
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
