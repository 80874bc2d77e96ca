// A map that pans and zooms: buttons to zoom in, out and back, a drag (or
// a finger) to move, two fingers or Ctrl and the wheel to zoom. It moves
// the SVG's viewBox, so that the drawing stays sharp; a drag does not
// count as a click on what it started on.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * PanZoom draws children in an SVG of width × height units. On a narrow
 * screen it opens zoomed in on focus (the viewer's pieces), so that the
 * names read at their size; "show the whole map" zooms out.
 */
export function PanZoom(props: { width: number; height: number; label: string; class: string; focus?: { x: number; y: number }; children: ComponentChildren }) {
  const full: Box = { x: 0, y: 0, w: props.width, h: props.height };
  const [box, setBox] = useState<Box>(full);
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const px = svg.current?.getBoundingClientRect().width ?? 0;
    if (px > 0 && px < 600) {
      // About 0.75 px a unit: the District names at 14 px.
      const w = Math.min(full.w, px / 0.75);
      const f = props.focus ?? { x: full.w / 2, y: full.h / 2 };
      setBox(clamp({ w, h: (w * full.h) / full.w, x: f.x - w / 2, y: f.y - (w * full.h) / full.w / 2 }));
    }
  }, []);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const start = useRef<{ box: Box; dist: number; x: number; y: number } | undefined>();

  const clamp = (b: Box): Box => {
    const w = Math.min(full.w, Math.max(full.w / 6, b.w));
    const h = (w * full.h) / full.w;
    return { w, h, x: Math.min(Math.max(b.x, 0), full.w - w), y: Math.min(Math.max(b.y, 0), full.h - h) };
  };
  const zoom = (factor: number, cx = box.x + box.w / 2, cy = box.y + box.h / 2) =>
    setBox(clamp({ w: box.w / factor, h: box.h / factor, x: cx - (cx - box.x) / factor, y: cy - (cy - box.y) / factor }));
  // scale is SVG units per screen pixel.
  const scale = () => box.w / (svg.current?.getBoundingClientRect().width || box.w);

  const onDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    dragged.current = false;
    start.current = { box, dist: spread(), x: e.clientX, y: e.clientY };
  };
  const spread = () => {
    const ps = [...pointers.current.values()];
    return ps.length < 2 ? 0 : Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y);
  };
  const onMove = (e: PointerEvent) => {
    if (!pointers.current.has(e.pointerId) || !start.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const s = start.current;
    if (pointers.current.size >= 2 && s.dist > 0) {
      dragged.current = true;
      const f = spread() / s.dist;
      const cx = s.box.x + s.box.w / 2,
        cy = s.box.y + s.box.h / 2;
      setBox(clamp({ w: s.box.w / f, h: s.box.h / f, x: cx - s.box.w / f / 2, y: cy - s.box.h / f / 2 }));
      return;
    }
    const dx = e.clientX - s.x,
      dy = e.clientY - s.y;
    if (!dragged.current && Math.hypot(dx, dy) < 6) return;
    if (s.box.w >= full.w) return; // nothing to pan at full size
    dragged.current = true;
    svg.current?.setPointerCapture(e.pointerId);
    const k = scale();
    setBox(clamp({ ...s.box, x: s.box.x - dx * k, y: s.box.y - dy * k }));
  };
  const onUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = undefined;
  };
  const onWheel = (e: WheelEvent) => {
    if (!e.ctrlKey && !e.metaKey) return; // the page scrolls
    e.preventDefault();
    const r = svg.current!.getBoundingClientRect();
    const k = scale();
    zoom(e.deltaY < 0 ? 1.25 : 0.8, box.x + (e.clientX - r.left) * k, box.y + (e.clientY - r.top) * k);
  };
  const zoomed = box.w < full.w;
  return (
    <div class="panzoom">
      <div class="zoom-buttons" role="group" aria-label="zoom the map">
        <button type="button" aria-label="zoom in" onClick={() => zoom(1.5)}>
          +
        </button>
        <button type="button" aria-label="zoom out" disabled={!zoomed} onClick={() => zoom(1 / 1.5)}>
          −
        </button>
        <button type="button" aria-label="show the whole map" disabled={!zoomed} onClick={() => setBox(full)}>
          ⤢
        </button>
      </div>
      <svg
        ref={svg}
        class={`${props.class} ${zoomed ? "zoomed" : ""}`}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="group"
        aria-label={props.label}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onWheel={onWheel}
        onClickCapture={(e) => {
          if (dragged.current) {
            e.stopPropagation();
            e.preventDefault();
            dragged.current = false;
          }
        }}
      >
        {props.children}
      </svg>
    </div>
  );
}
