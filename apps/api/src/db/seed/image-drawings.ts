/**
 * Drawings for every seeded picture: product views, category cards, banners, blog covers, size
 * charts and the fallback placeholder. Each function returns a self-contained SVG string (no
 * external fonts, images or hrefs) that sharp rasterises. Nothing here is random: the same inputs
 * always give the same SVG.
 *
 * Garments are drawn in a local 1000 x 1000 box and then fitted into whatever frame a picture
 * needs, so one drawing serves the product views, the category card, the banner and the blog cover.
 */
import type { GarmentKind } from './seed-types.ts';

const SERIF = "Georgia, 'DejaVu Serif', serif";
const SANS = "'DejaVu Sans', Arial, sans-serif";
const INK = '#2b1d22';
const FALLBACK_HEX = '#c9a9a6';

// ---------------------------------------------------------------------------------------------
// Text and number helpers
// ---------------------------------------------------------------------------------------------

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Rounds to two decimals so the SVG stays short and byte-stable. */
function r2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Greedy word wrap by character count. Words longer than a line are split; when the text needs
 * more than `maxLines`, the last line ends with an ellipsis.
 */
function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const raw of words) {
    let word = raw;
    while (word.length > maxChars) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(word.slice(0, maxChars - 1) + '-');
      word = word.slice(maxChars - 1);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= maxChars) current += ' ' + word;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  if (last.length > maxChars - 1) last = last.slice(0, maxChars - 1).trimEnd();
  kept[maxLines - 1] = last.replace(/[\s,;:.-]+$/, '') + '…';
  return kept;
}

/** Picks the largest font size (from `sizes`, descending) whose wrap fits in `maxLines`. */
function fitWrap(
  text: string,
  width: number,
  sizes: readonly number[],
  maxLines: number,
  charEm: number,
): { size: number; lines: string[] } {
  let size = sizes[sizes.length - 1] ?? 32;
  for (const candidate of sizes) {
    const chars = Math.max(6, Math.floor(width / (candidate * charEm)));
    const lines = wrapWords(text, chars, maxLines + 1);
    if (lines.length <= maxLines) return { size: candidate, lines };
    size = candidate;
  }
  const chars = Math.max(6, Math.floor(width / (size * charEm)));
  return { size, lines: wrapWords(text, chars, maxLines) };
}

function textLines(
  lines: readonly string[],
  x: number,
  firstBaseline: number,
  lineHeight: number,
  attrs: string,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${r2(x)}" y="${r2(firstBaseline + i * lineHeight)}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function svgDoc(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  let digits = match?.[1] ?? FALLBACK_HEX.slice(1);
  if (digits.length === 3) {
    digits = digits
      .split('')
      .map((d) => d + d)
      .join('');
  }
  const value = parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return (
    '#' +
    rgb
      .map((c) =>
        Math.max(0, Math.min(255, Math.round(c)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

function normalizeHex(hex: string): string {
  return toHex(parseHex(hex));
}

/** Linear blend from `a` (t = 0) to `b` (t = 1). */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

function lighten(hex: string, amount: number): string {
  return mix(hex, '#ffffff', amount);
}

function darken(hex: string, amount: number): string {
  return mix(hex, '#000000', amount);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

interface Palette {
  base: string;
  /** Highlight tone. */
  hi: string;
  /** Shadow tone. */
  lo: string;
  /** Deep shadow, seams and folds. */
  deep: string;
  /** Outline. */
  stroke: string;
  /** Lace and trim: a step away from the base so it reads on the fabric. */
  lace: string;
  /** Piping or print colour that contrasts with the fabric. */
  contrast: string;
  /** The fabric is pale (ivory, white, pastel). */
  light: boolean;
}

function makePalette(colorHex: string): Palette {
  const base = normalizeHex(colorHex);
  const lum = luminance(base);
  const light = lum > 0.5;
  const veryDark = lum < 0.04;
  return {
    base,
    hi: veryDark ? lighten(base, 0.3) : lighten(base, light ? 0.6 : 0.3),
    lo: darken(base, light ? 0.1 : 0.22),
    deep: darken(base, light ? 0.24 : 0.42),
    stroke: light ? darken(base, 0.42) : veryDark ? lighten(base, 0.22) : darken(base, 0.45),
    lace: light ? darken(base, 0.16) : lighten(base, veryDark ? 0.3 : 0.24),
    contrast: light ? darken(base, 0.5) : lighten(base, 0.78),
    light,
  };
}

/** Backdrop colours that keep the garment readable: pale fabric goes on a mid-tone. */
interface Stage {
  bgHi: string;
  bgLo: string;
  arch: string;
  floor: string;
  flat: string;
  tissue: string;
  ink: string;
  accent: string;
}

function makeStage(p: Palette): Stage {
  if (p.light) {
    const tone = mix('#b9a298', p.base, 0.12);
    return {
      bgHi: lighten(tone, 0.18),
      bgLo: darken(tone, 0.08),
      arch: darken(tone, 0.12),
      floor: darken(tone, 0.16),
      flat: mix('#a89484', p.base, 0.1),
      tissue: '#cbb6a6',
      ink: INK,
      accent: mix('#6d4c55', p.base, 0.1),
    };
  }
  const tint = mix('#f7efe9', p.base, 0.06);
  return {
    bgHi: lighten(tint, 0.5),
    bgLo: mix(tint, p.base, 0.1),
    arch: mix(tint, p.base, 0.16),
    floor: mix(tint, p.base, 0.14),
    flat: mix('#ece3da', p.base, 0.05),
    tissue: '#fffdfa',
    ink: INK,
    accent: luminance(p.base) < 0.3 ? p.base : mix(p.base, INK, 0.55),
  };
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers
// ---------------------------------------------------------------------------------------------

type Pt = readonly [number, number];
/** A line to a point, or a cubic curve (two controls then the end point). */
type Seg = readonly [number, number] | readonly [number, number, number, number, number, number];
type Box = readonly [number, number, number, number];

const MIRROR = 'matrix(-1 0 0 1 1000 0)';

function segEnd(seg: Seg): Pt {
  return seg.length === 2 ? [seg[0], seg[1]] : [seg[4], seg[5]];
}

function segCmd(seg: Seg): string {
  return seg.length === 2
    ? `L${r2(seg[0])} ${r2(seg[1])}`
    : `C${r2(seg[0])} ${r2(seg[1])} ${r2(seg[2])} ${r2(seg[3])} ${r2(seg[4])} ${r2(seg[5])}`;
}

/**
 * A closed path symmetric about x = 500: `segs` trace the left half from `start` (on the centre
 * line) to a point on the centre line; the right half is the mirror image, traced back.
 */
function symPath(start: Pt, segs: readonly Seg[]): string {
  const mx = (x: number): number => r2(1000 - x);
  let d = `M${r2(start[0])} ${r2(start[1])}` + segs.map(segCmd).join('');
  const points: Pt[] = [start, ...segs.map(segEnd)];
  for (let i = segs.length - 1; i >= 0; i--) {
    const seg = segs[i];
    const from = points[i];
    if (!seg || !from) continue;
    if (seg.length === 2) d += `L${mx(from[0])} ${r2(from[1])}`;
    else {
      d +=
        `C${mx(seg[2])} ${r2(seg[3])} ${mx(seg[0])} ${r2(seg[1])} ` +
        `${mx(from[0])} ${r2(from[1])}`;
    }
  }
  return d + 'Z';
}

function cubicAt(p0: Pt, c1: Pt, c2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [
    a * p0[0] + b * c1[0] + c * c2[0] + d * p3[0],
    a * p0[1] + b * c1[1] + c * c2[1] + d * p3[1],
  ];
}

/** `count` points spaced evenly by length along a cubic curve. */
function pointsAlong(p0: Pt, c1: Pt, c2: Pt, p3: Pt, count: number): Pt[] {
  const samples: Pt[] = [];
  const lengths: number[] = [0];
  const steps = 48;
  let prev = p0;
  samples.push(p0);
  for (let i = 1; i <= steps; i++) {
    const pt = cubicAt(p0, c1, c2, p3, i / steps);
    lengths.push((lengths[i - 1] ?? 0) + Math.hypot(pt[0] - prev[0], pt[1] - prev[1]));
    samples.push(pt);
    prev = pt;
  }
  const total = lengths[steps] ?? 0;
  const out: Pt[] = [];
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = count === 1 ? total / 2 : (total * k) / (count - 1);
    while (j < steps && (lengths[j + 1] ?? total) < target) j++;
    const l0 = lengths[j] ?? 0;
    const l1 = lengths[j + 1] ?? total;
    const a = samples[j] ?? p0;
    const b = samples[j + 1] ?? p3;
    const t = l1 > l0 ? (target - l0) / (l1 - l0) : 0;
    out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return out;
}

interface Fit {
  s: number;
  dx: number;
  dy: number;
}

/**
 * Keeps a fit on the pixel grid: whole-pixel offsets and a scale in thousandths, so that
 * 1000 * s (the x = 500 mirror) is a whole number of pixels too. librsvg only takes its fast path
 * for pattern fills when the tiles land on whole pixels; off-grid tiles cost seconds per image.
 */
function snapFit(s: number, dx: number, dy: number): Fit {
  return { s: Math.floor(s * 1000) / 1000, dx: Math.round(dx), dy: Math.round(dy) };
}

/** Scale and offset that fit `box` centred inside the frame (x, y, w, h). */
function fitBox(box: Box, x: number, y: number, w: number, h: number): Fit {
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const s = Math.floor(Math.min(w / bw, h / bh) * 1000) / 1000;
  return snapFit(s, x + (w - bw * s) / 2 - box[0] * s, y + (h - bh * s) / 2 - box[1] * s);
}

function fitTransform(f: Fit): string {
  return `translate(${f.dx} ${f.dy}) scale(${f.s})`;
}

function applyFit(f: Fit, pt: Pt): Pt {
  return [f.dx + pt[0] * f.s, f.dy + pt[1] * f.s];
}

// ---------------------------------------------------------------------------------------------
// Shared definitions and drawing pieces
// ---------------------------------------------------------------------------------------------

interface Ctx {
  p: Palette;
  /** Prefix for the ids of this garment's gradients and patterns. */
  id: string;
  back: boolean;
  /** Overlay the weave texture on each fabric panel. */
  texture: boolean;
}

interface GarmentArt {
  svg: string;
  /** Bounding box in local coordinates. */
  box: Box;
  /** Point the close-up view zooms into. */
  focus: Pt;
  /** Where a swing tag's string is tied. */
  tag: Pt;
  /** Hanger bar height and half-width, for garments shown on a hanger. */
  hang?: { y: number; half: number };
}

/**
 * A pattern tile of about `size` local units that is a whole number of device pixels at scale
 * `s`, its content drawn in a `size` x `size` box.
 *
 * librsvg sizes the tile surface as trunc(width * scale) pixels and paints it back scaled to fit.
 * When that scale is 1 (to cairo's fixed-point precision) and the offset is whole, cairo repeats
 * the tile with a plain copy; otherwise every pixel is resampled and one product picture takes a
 * second or more instead of a few milliseconds. librsvg reads numbers as 32-bit floats, so the
 * width is nudged up by one part in a million: enough that the truncation cannot fall a pixel
 * short, small enough to round away in cairo's 16.16 fixed point.
 */
function patternTag(id: string, size: number, s: number): { open: string; close: string } {
  const k = Math.max(2, Math.round(size * s));
  const tile = Math.round((k / s) * (1 + 1e-6) * 1e9) / 1e9;
  return {
    open:
      `<pattern id="${id}" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">` +
      `<g transform="scale(${tile / size})">`,
    close: '</g></pattern>',
  };
}

function garmentDefs(p: Palette, id: string, s: number): string {
  const weave = p.light ? darken(p.base, 0.35) : lighten(p.base, 0.35);
  const tex = patternTag(`${id}-tex`, 9, s);
  const lace = patternTag(`${id}-lace`, 44, s);
  const print = patternTag(`${id}-print`, 56, s);
  const mesh = patternTag(`${id}-mesh`, 22, s);
  return (
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.hi}"/><stop offset="0.45" stop-color="${p.base}"/>` +
    `<stop offset="1" stop-color="${p.lo}"/></linearGradient>` +
    `<linearGradient id="${id}-side" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${p.deep}"/><stop offset="0.22" stop-color="${p.base}"/>` +
    `<stop offset="0.4" stop-color="${p.hi}"/><stop offset="0.62" stop-color="${p.base}"/>` +
    `<stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<linearGradient id="${id}-trim" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${p.lo}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<radialGradient id="${id}-sheen" cx="0.5" cy="0.5" r="0.5">` +
    `<stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/>` +
    `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-metal" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#8d7a5c"/><stop offset="0.35" stop-color="#e9dcc0"/>` +
    `<stop offset="0.6" stop-color="#b49f7a"/><stop offset="1" stop-color="#6f5f45"/></linearGradient>` +
    tex.open +
    `<path d="M0 9L9 0M-2 2L2 -2M7 11L11 7" stroke="${weave}" stroke-width="1" opacity="0.22"/>` +
    tex.close +
    lace.open +
    `<g fill="none" stroke="${p.lace}" stroke-width="2.2">` +
    `<circle cx="22" cy="22" r="5"/>` +
    `<path d="M22 17C18 9 26 9 22 17M22 27C18 35 26 35 22 27M17 22C9 18 9 26 17 22M27 22C35 18 35 26 27 22"/>` +
    `<path d="M0 0Q11 6 0 11M44 0Q33 6 44 11M0 44Q11 38 0 33M44 44Q33 38 44 33"/>` +
    `</g><circle cx="22" cy="6" r="1.8" fill="${p.lace}"/><circle cx="6" cy="22" r="1.8" fill="${p.lace}"/>` +
    lace.close +
    print.open +
    `<g fill="${p.contrast}" opacity="0.75"><circle cx="14" cy="14" r="4.5"/>` +
    `<circle cx="42" cy="42" r="4.5"/><circle cx="42" cy="14" r="1.8"/><circle cx="14" cy="42" r="1.8"/></g>` +
    print.close +
    mesh.open +
    `<path d="M0 11L11 0L22 11L11 22Z" fill="none" stroke="${p.light ? darken(p.base, 0.3) : lighten(p.base, 0.55)}" stroke-width="2"/>` +
    mesh.close
  );
}

/** A fabric panel: gradient fill, outline, and the weave texture on top. */
function part(c: Ctx, d: string, fill?: string, texture = true, extra = ''): string {
  const f = fill ?? `url(#${c.id}-body)`;
  return (
    `<path d="${d}" fill="${f}" stroke="${c.p.stroke}" stroke-width="3" stroke-linejoin="round"${extra}/>` +
    (texture && c.texture ? `<path d="${d}" fill="url(#${c.id}-tex)"/>` : '')
  );
}

/** A lace panel: tinted fabric with the lace motif over it. */
function lacePart(c: Ctx, d: string): string {
  return (
    `<path d="${d}" fill="${c.p.light ? lighten(c.p.base, 0.3) : darken(c.p.base, 0.08)}" ` +
    `stroke="${c.p.stroke}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="url(#${c.id}-lace)"/>`
  );
}

function stitch(c: Ctx, d: string, opacity = 0.7): string {
  return (
    `<path d="${d}" fill="none" stroke="${c.p.deep}" stroke-width="2" ` +
    `stroke-dasharray="7 6" opacity="${opacity}"/>`
  );
}

function line(d: string, color: string, width: number, opacity = 1): string {
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" ` +
    `stroke-linecap="round" stroke-linejoin="round"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`
  );
}

/** A strap: an outline stroke with the fabric colour inside it. */
function strap(c: Ctx, d: string, width: number): string {
  return line(d, c.p.stroke, width + 5) + line(d, c.p.base, width) + line(d, c.p.hi, 2, 0.5);
}

/** Lace scallops along a cubic edge; draw before the panel so only the outer halves show. */
function scallops(c: Ctx, p0: Pt, c1: Pt, c2: Pt, p3: Pt, count: number, radius: number): string {
  const pts = pointsAlong(p0, c1, c2, p3, count);
  const fill = c.p.light ? lighten(c.p.base, 0.2) : c.p.lace;
  return (
    `<g fill="${fill}" stroke="${c.p.stroke}" stroke-width="2">` +
    pts.map((pt) => `<circle cx="${r2(pt[0])}" cy="${r2(pt[1])}" r="${radius}"/>`).join('') +
    `</g>`
  );
}

function bow(c: Ctx, x: number, y: number, size: number): string {
  const s = size / 30;
  const fill = c.p.light ? c.p.lace : c.p.hi;
  return (
    `<g transform="translate(${r2(x)} ${r2(y)}) scale(${r2(s)})" fill="${fill}" stroke="${c.p.stroke}" stroke-width="${r2(2 / s)}">` +
    `<path d="M0 0C-10 -14 -30 -16 -30 -2C-30 12 -10 10 0 0Z"/>` +
    `<path d="M0 0C10 -14 30 -16 30 -2C30 12 10 10 0 0Z"/>` +
    `<path d="M-2 2L-12 26L-5 24L0 6L5 24L12 26L2 2Z"/>` +
    `<circle r="6"/></g>`
  );
}

/** Mirrors a left-half drawing onto the right. */
function both(half: string): string {
  return half + `<g transform="${MIRROR}">${half}</g>`;
}

function sheen(c: Ctx, cx: number, cy: number, rx: number, ry: number, rotate = 0): string {
  return (
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${c.id}-sheen)"` +
    (rotate ? ` transform="rotate(${rotate} ${cx} ${cy})"` : '') +
    `/>`
  );
}

function slider(c: Ctx, x: number, y: number, angle: number): string {
  return (
    `<rect x="${x - 13}" y="${y - 8}" width="26" height="16" rx="5" fill="url(#${c.id}-metal)" ` +
    `stroke="${c.p.stroke}" stroke-width="1.5" transform="rotate(${angle} ${x} ${y})"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Garments (local 1000 x 1000 coordinates)
// ---------------------------------------------------------------------------------------------

function braBack(c: Ctx, lace: boolean): string {
  const band = symPath(
    [500, 545],
    [
      [380, 545, 240, 535, 100, 505],
      [98, 595],
      [240, 615, 380, 625, 500, 625],
    ],
  );
  const dome = 'M495 548C480 420 400 335 315 345C235 355 190 440 180 532Z';
  const half =
    strap(
      c,
      'M395 548C385 420 372 260 362 170C352 100 300 95 285 150C278 190 290 290 300 345',
      12,
    ) + slider(c, 372, 250, -4);
  let out =
    both(part(c, dome, c.p.lo, true) + line('M240 430C300 420 380 440 470 500', c.p.deep, 2, 0.5)) +
    both(half);
  out += lace ? lacePart(c, band) : part(c, band);
  out +=
    stitch(c, 'M110 590C240 610 380 618 470 618') +
    stitch(c, `M${1000 - 110} 590C${1000 - 240} 610 ${1000 - 380} 618 ${1000 - 470} 618`);
  // Hook-and-eye closure.
  out += `<rect x="462" y="540" width="76" height="88" rx="6" fill="${c.p.hi}" stroke="${c.p.stroke}" stroke-width="2.5"/>`;
  for (let row = 0; row < 3; row++) {
    const y = 562 + row * 22;
    out +=
      `<path d="M478 ${y}h14" stroke="${c.p.deep}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M508 ${y}h14" stroke="${c.p.deep}" stroke-width="5" stroke-linecap="round"/>`;
  }
  return out;
}

function bra(c: Ctx): GarmentArt {
  if (c.back) {
    return { svg: braBack(c, false), box: [80, 80, 920, 650], focus: [500, 580], tag: [300, 600] };
  }
  const strapD = 'M335 302C325 200 275 110 212 130C150 150 118 320 110 505';
  const cup = 'M490 455C452 400 385 330 335 300C255 320 185 410 165 520C200 640 400 662 492 612Z';
  const laceTop =
    'M490 455C452 400 385 330 335 300C290 312 232 355 200 420C290 410 410 440 490 505Z';
  const band = symPath(
    [500, 612],
    [
      [400, 612, 250, 590, 105, 515],
      [96, 592],
      [250, 650, 400, 668, 500, 668],
    ],
  );
  const half =
    strap(c, strapD, 12) +
    slider(c, 226, 132, 60) +
    scallops(c, [490, 455], [452, 400], [385, 330], [335, 300], 8, 10) +
    part(c, cup) +
    lacePart(c, laceTop) +
    line('M200 420C290 410 410 440 490 505', c.p.stroke, 2.5) +
    line('M170 528C205 632 400 656 488 610', c.p.deep, 5, 0.45) +
    stitch(c, 'M182 470C250 520 380 560 486 560', 0.45) +
    sheen(c, 310, 530, 66, 30, -14);
  const svg =
    part(c, band) +
    stitch(c, 'M110 580C250 636 400 656 500 656C600 656 750 636 890 580') +
    both(half) +
    `<path d="M484 455L516 455L522 615L478 615Z" fill="url(#${c.id}-body)" stroke="${c.p.stroke}" stroke-width="2.5"/>` +
    bow(c, 500, 464, 26);
  return { svg, box: [80, 100, 920, 680], focus: [420, 420], tag: [880, 570] };
}

function bralette(c: Ctx): GarmentArt {
  if (c.back) {
    return { svg: braBack(c, true), box: [80, 80, 920, 650], focus: [500, 580], tag: [300, 600] };
  }
  const band = symPath(
    [500, 548],
    [
      [380, 548, 250, 543, 118, 528],
      [112, 640],
      [250, 650, 380, 656, 500, 656],
    ],
  );
  const cup = 'M496 552C470 450 400 330 340 255C290 330 222 450 180 545Z';
  const half =
    strap(c, 'M340 262C330 180 280 110 220 130C160 150 130 330 122 535', 9) +
    slider(c, 236, 128, 62) +
    scallops(c, [496, 552], [470, 450], [400, 330], [340, 255], 9, 10) +
    scallops(c, [112, 640], [250, 652], [380, 660], [500, 660], 10, 13) +
    lacePart(c, cup) +
    line('M340 262C300 360 260 460 240 545', c.p.stroke, 1.5, 0.5);
  const svg =
    both(half) +
    lacePart(c, band) +
    line('M118 534C250 549 380 554 500 554C620 554 750 549 882 534', c.p.stroke, 3) +
    bow(c, 500, 548, 24);
  return { svg, box: [85, 100, 915, 680], focus: [400, 470], tag: [880, 590] };
}

function sportsBra(c: Ctx): GarmentArt {
  const bottom: Seg = [320, 650, 420, 655, 500, 655];
  const front = symPath(
    [500, 330],
    [
      [440, 330, 395, 260, 386, 130],
      [288, 118],
      [288, 220, 256, 302, 212, 362],
      [215, 450, 212, 560, 215, 640],
      bottom,
    ],
  );
  const band = symPath([500, 575], [[420, 575, 320, 572, 214, 566], [215, 640], bottom]);
  if (c.back) {
    // Racerback: the inside of the front shows through the cut-outs.
    const body = symPath(
      [500, 330],
      [
        [478, 260, 448, 170, 440, 112],
        [372, 112],
        [378, 230, 400, 360, 382, 440],
        [340, 500, 262, 522, 214, 540],
        [215, 600, 215, 620, 215, 640],
        bottom,
      ],
    );
    const svg =
      part(c, front, c.p.deep, false) +
      part(c, body) +
      part(c, band, `url(#${c.id}-trim)`) +
      line('M440 116C448 170 478 260 500 330C522 260 552 170 560 116', c.p.deep, 7, 0.5) +
      stitch(c, 'M382 130C388 240 406 360 390 434M618 130C612 240 594 360 610 434') +
      stitch(c, 'M222 600C320 608 420 612 500 612C580 612 680 608 778 600') +
      sheen(c, 420, 470, 26, 80, 10);
    return { svg, box: [195, 90, 805, 680], focus: [470, 360], tag: [770, 620] };
  }
  const svg =
    part(c, front) +
    line('M386 132C395 262 440 330 500 330C560 330 605 262 614 132', c.p.deep, 9, 0.55) +
    stitch(c, 'M300 170C320 300 380 420 420 560') +
    stitch(c, 'M700 170C680 300 620 420 580 560') +
    part(c, band, `url(#${c.id}-trim)`) +
    `<rect x="420" y="598" width="160" height="14" rx="7" fill="${c.p.contrast}" opacity="0.85"/>` +
    sheen(c, 330, 440, 30, 90, 15) +
    sheen(c, 670, 440, 30, 90, -15);
  return { svg, box: [195, 100, 805, 680], focus: [500, 380], tag: [770, 620] };
}

function panty(c: Ctx): GarmentArt {
  const top: Seg = [400, 385, 300, 380, 215, 365];
  const waist = symPath([500, 385], [top, [220, 410], [300, 422, 400, 428, 500, 428]]);
  if (c.back) {
    const body = symPath([500, 385], [top, [225, 480], [300, 560, 380, 700, 420, 790], [500, 800]]);
    const svg =
      both(scallops(c, [225, 480], [300, 560], [380, 700], [420, 790], 11, 11)) +
      part(c, body) +
      part(c, waist, `url(#${c.id}-trim)`) +
      line('M500 430C505 560 500 700 500 798', c.p.deep, 2, 0.5) +
      `<rect x="480" y="428" width="40" height="28" rx="3" fill="#fbf8f4" stroke="${c.p.stroke}" stroke-width="1.5"/>` +
      sheen(c, 380, 560, 34, 100, 10) +
      sheen(c, 620, 560, 34, 100, -10);
    return { svg, box: [195, 345, 805, 820], focus: [420, 560], tag: [780, 420] };
  }
  const body = symPath([500, 385], [top, [230, 470], [330, 520, 420, 600, 445, 720], [500, 722]]);
  const svg =
    both(scallops(c, [230, 470], [330, 520], [420, 600], [445, 720], 10, 11)) +
    part(c, body) +
    part(c, waist, `url(#${c.id}-trim)`) +
    stitch(c, 'M222 398C300 412 400 418 500 418C600 418 700 412 778 398') +
    line('M445 718C470 690 530 690 555 718', c.p.deep, 2, 0.6) +
    sheen(c, 390, 505, 70, 28, -10) +
    bow(c, 500, 440, 24);
  return { svg, box: [195, 345, 805, 740], focus: [400, 560], tag: [780, 420] };
}

function boyshort(c: Ctx): GarmentArt {
  const top: Seg = [400, 378, 300, 376, 210, 365];
  const waist = symPath([500, 378], [top, [212, 412], [300, 420, 400, 424, 500, 424]]);
  const body = c.back
    ? symPath(
        [500, 378],
        [top, [195, 650], [280, 664, 380, 676, 440, 682], [470, 660, 490, 640, 500, 632]],
      )
    : symPath(
        [500, 378],
        [top, [195, 640], [280, 650, 380, 660, 430, 665], [455, 640, 475, 610, 500, 600]],
      );
  const legTrim = c.back
    ? scallops(c, [195, 650], [280, 664], [380, 676], [440, 682], 9, 11)
    : scallops(c, [195, 640], [280, 650], [380, 660], [430, 665], 9, 11);
  let svg = both(legTrim) + part(c, body) + part(c, waist, `url(#${c.id}-trim)`);
  if (c.back) {
    svg +=
      line('M500 426C500 520 500 580 500 632', c.p.deep, 2, 0.5) +
      line('M330 480C360 540 420 560 470 560M670 480C640 540 580 560 530 560', c.p.deep, 2, 0.35) +
      sheen(c, 380, 540, 36, 80) +
      sheen(c, 620, 540, 36, 80);
  } else {
    svg +=
      stitch(c, 'M214 400C300 408 400 414 500 414C600 414 700 408 786 400') +
      line('M300 430C320 520 330 580 340 650M700 430C680 520 670 580 660 650', c.p.deep, 2, 0.35) +
      sheen(c, 400, 500, 70, 30);
  }
  return { svg, box: [180, 350, 820, 700], focus: [330, 610], tag: [790, 420] };
}

function thong(c: Ctx): GarmentArt {
  const waist = symPath(
    [500, 382],
    [
      [400, 384, 300, 380, 200, 362],
      [200, 390],
      [300, 404, 400, 408, 500, 408],
    ],
  );
  if (c.back) {
    const t = 'M462 400L538 400C530 450 512 520 506 560L494 560C488 520 470 450 462 400Z';
    const svg =
      part(c, waist, `url(#${c.id}-trim)`) +
      line('M500 556C500 610 500 660 500 720', c.p.stroke, 9) +
      line('M500 556C500 610 500 660 500 720', c.p.base, 5) +
      lacePart(c, t) +
      bow(c, 500, 402, 22);
    return { svg, box: [185, 340, 815, 740], focus: [500, 440], tag: [790, 400] };
  }
  const front = symPath(
    [500, 400],
    [
      [440, 400, 380, 398, 330, 402],
      [380, 500, 440, 620, 468, 720],
      [500, 722],
    ],
  );
  const svg =
    both(scallops(c, [330, 402], [380, 500], [440, 620], [468, 720], 9, 10)) +
    lacePart(c, front) +
    part(c, waist, `url(#${c.id}-trim)`) +
    bow(c, 500, 412, 22);
  return { svg, box: [185, 340, 815, 740], focus: [470, 480], tag: [790, 400] };
}

function shapewear(c: Ctx): GarmentArt {
  const top: Seg = [420, 132, 340, 130, 300, 125];
  const body = symPath(
    [500, 130],
    [
      top,
      [290, 250, 282, 360, 252, 480],
      [232, 600, 242, 760, 250, 870],
      [450, 880],
      [460, 800, 480, 720, 500, 700],
    ],
  );
  const topBand = symPath([500, 130], [top, [298, 172], [340, 176, 420, 178, 500, 178]]);
  let svg = part(c, body);
  if (c.back) {
    svg +=
      line('M300 600C360 520 450 540 480 640M700 600C640 520 550 540 520 640', c.p.deep, 3, 0.45) +
      line('M500 180L500 700', c.p.deep, 2, 0.5) +
      sheen(c, 380, 620, 34, 90) +
      sheen(c, 620, 620, 34, 90);
  } else {
    svg +=
      part(
        c,
        'M330 300C360 520 640 520 670 300C600 330 400 330 330 300Z',
        `url(#${c.id}-trim)`,
        true,
        ' opacity="0.8"',
      ) +
      stitch(c, 'M320 180C330 300 300 420 290 560') +
      stitch(c, 'M680 180C670 300 700 420 710 560') +
      sheen(c, 420, 270, 28, 80) +
      sheen(c, 350, 720, 22, 100);
  }
  svg +=
    part(c, topBand, `url(#${c.id}-trim)`) +
    stitch(c, 'M305 162C360 166 430 168 500 168C570 168 640 166 695 162') +
    line('M252 850L448 858M748 850L552 858', c.p.deep, 6, 0.6);
  return { svg, box: [225, 110, 775, 895], focus: [500, 230], tag: [720, 200] };
}

function nightsuit(c: Ctx): GarmentArt {
  const piping = c.p.contrast;
  const pants = symPath(
    [500, 480],
    [
      [300, 480],
      [290, 600, 272, 800, 265, 985],
      [470, 985],
      [475, 800, 490, 640, 500, 620],
    ],
  );
  const topShape = c.back
    ? symPath(
        [500, 78],
        [
          [470, 80, 445, 74, 420, 68],
          [300, 92],
          [170, 235],
          [245, 292],
          [285, 250],
          [282, 350, 286, 450, 290, 545],
          [360, 552, 440, 556, 500, 556],
        ],
      )
    : symPath(
        [500, 230],
        [
          [420, 68],
          [300, 92],
          [170, 235],
          [245, 292],
          [285, 250],
          [282, 350, 286, 450, 290, 545],
          [360, 552, 440, 556, 500, 556],
        ],
      );
  const print = (d: string): string => `<path d="${d}" fill="url(#${c.id}-print)"/>`;
  let svg =
    part(c, pants) +
    print(pants) +
    line('M500 620L500 540', c.p.deep, 2) +
    line('M268 978L468 978M532 978L732 978', piping, 7) +
    part(c, topShape) +
    print(topShape) +
    line('M172 238L246 290M828 238L754 290', piping, 7);
  if (c.back) {
    svg +=
      line('M300 92C380 140 620 140 700 92', piping, 5, 0.9) +
      line('M420 70C460 84 540 84 580 70', piping, 7) +
      line('M500 140L500 550', c.p.deep, 2, 0.35);
    return {
      svg,
      box: [160, 55, 840, 995],
      focus: [500, 150],
      tag: [740, 520],
      hang: { y: 80, half: 200 },
    };
  }
  svg +=
    // Lapels and piping down the V neckline.
    part(c, 'M420 68L500 232L462 200L388 98Z', `url(#${c.id}-trim)`, false) +
    part(c, 'M580 68L500 232L538 200L612 98Z', `url(#${c.id}-trim)`, false) +
    line('M420 68L500 232L580 68', piping, 6) +
    line('M505 232L505 552', piping, 5) +
    // Chest pocket.
    `<path d="M330 300h78v74h-78Z" fill="url(#${c.id}-body)" stroke="${c.p.stroke}" stroke-width="2.5"/>` +
    print('M330 300h78v74h-78Z') +
    line('M330 302h78', piping, 6);
  for (let i = 0; i < 4; i++) {
    svg += `<circle cx="520" cy="${280 + i * 72}" r="9" fill="${piping}" stroke="${c.p.stroke}" stroke-width="1.5"/>`;
  }
  svg += line('M302 488C370 492 430 494 470 494', c.p.deep, 2, 0.35);
  return {
    svg,
    box: [160, 55, 840, 995],
    focus: [420, 320],
    tag: [740, 520],
    hang: { y: 80, half: 200 },
  };
}

function babydoll(c: Ctx): GarmentArt {
  const skirt = symPath(
    [500, 420],
    [
      [420, 420, 330, 420, 280, 415],
      [240, 600, 180, 780, 120, 930],
      [180, 966, 230, 934, 290, 960],
      [360, 990, 420, 955, 500, 972],
    ],
  );
  const band = symPath(
    [500, 410],
    [
      [400, 414, 320, 414, 246, 408],
      [246, 442],
      [320, 448, 400, 448, 500, 444],
    ],
  );
  const hem =
    scallops(c, [120, 930], [180, 966], [230, 934], [290, 960], 6, 12) +
    scallops(c, [290, 960], [360, 990], [420, 955], [500, 972], 7, 12);
  const folds = both(
    line('M420 450C400 600 380 760 370 960M340 450C300 600 250 760 220 940', c.p.deep, 2.5, 0.3),
  );
  let svg = both(hem) + part(c, skirt, undefined, true, ' fill-opacity="0.92"') + folds;
  if (c.back) {
    svg +=
      both(strap(c, 'M336 330C346 220 362 110 374 40', 8)) +
      both(scallops(c, [262, 306], [330, 322], [420, 330], [500, 330], 7, 9)) +
      lacePart(
        c,
        symPath(
          [500, 330],
          [
            [420, 330, 330, 322, 262, 306],
            [250, 412],
            [500, 412],
          ],
        ),
      );
  } else {
    const cup = 'M495 420C470 340 410 262 350 232C292 262 255 335 245 420C330 440 420 440 495 420Z';
    svg += both(
      strap(c, 'M350 236C356 160 366 90 374 40', 8) +
        scallops(c, [495, 420], [470, 340], [410, 262], [350, 232], 7, 9) +
        lacePart(c, cup) +
        sheen(c, 360, 360, 50, 60),
    );
  }
  svg += part(c, band, `url(#${c.id}-trim)`, false) + bow(c, 500, 428, 34);
  return {
    svg,
    box: [100, 30, 900, 1000],
    focus: [430, 380],
    tag: [860, 900],
    hang: { y: 42, half: 150 },
  };
}

function robe(c: Ctx): GarmentArt {
  const body = symPath(
    [500, 95],
    [
      [470, 95, 440, 92, 410, 88],
      [300, 110],
      [95, 370],
      [165, 505],
      [285, 420],
      [280, 600, 268, 800, 255, 965],
      [340, 972, 420, 976, 500, 976],
    ],
  );
  const cuff = 'M95 370L165 505L198 478L128 345Z';
  const hem = symPath(
    [500, 930],
    [
      [420, 930, 340, 926, 258, 920],
      [255, 965],
      [340, 972, 420, 976, 500, 976],
    ],
  );
  let svg =
    part(c, body) +
    both(part(c, cuff, `url(#${c.id}-trim)`, false)) +
    part(c, hem, `url(#${c.id}-trim)`, false);
  svg += both(
    line('M200 300C230 360 260 400 285 420M300 620C300 760 295 860 290 950', c.p.deep, 2.5, 0.3),
  );
  if (c.back) {
    svg +=
      part(
        c,
        'M410 88C440 120 560 120 590 88L600 104C560 140 440 140 400 104Z',
        `url(#${c.id}-trim)`,
        false,
      ) +
      part(
        c,
        'M280 470C400 480 600 480 720 470L722 512C600 522 400 522 278 512Z',
        `url(#${c.id}-trim)`,
      ) +
      `<rect x="270" y="456" width="18" height="70" rx="4" fill="${c.p.lo}" stroke="${c.p.stroke}" stroke-width="2"/>` +
      `<rect x="712" y="456" width="18" height="70" rx="4" fill="${c.p.lo}" stroke="${c.p.stroke}" stroke-width="2"/>` +
      line('M500 140L500 960', c.p.deep, 2, 0.3) +
      sheen(c, 400, 300, 40, 140, 10);
    return {
      svg,
      box: [80, 70, 920, 995],
      focus: [500, 480],
      tag: [720, 900],
      hang: { y: 95, half: 220 },
    };
  }
  svg +=
    `<path d="M410 88Q500 112 590 88L488 470Z" fill="${c.p.deep}" stroke="${c.p.stroke}" stroke-width="2"/>` +
    // Under panel's collar band, then the overlapping front edge.
    part(
      c,
      'M410 88C430 200 460 340 500 440L530 430C490 330 460 200 446 90Z',
      `url(#${c.id}-trim)`,
      false,
    ) +
    part(
      c,
      'M590 88C560 220 500 360 462 480C448 640 440 820 436 976L478 976C482 820 490 640 504 484C540 360 598 230 628 96Z',
      `url(#${c.id}-trim)`,
    ) +
    sheen(c, 350, 300, 40, 150, 12) +
    // Belt, knot and hanging tails.
    part(
      c,
      'M280 470C400 480 600 480 720 470L722 512C600 522 400 522 278 512Z',
      `url(#${c.id}-trim)`,
    ) +
    part(c, 'M566 500L520 760L556 766L590 508Z', `url(#${c.id}-trim)`) +
    part(c, 'M596 502L650 748L684 738L618 496Z', `url(#${c.id}-trim)`) +
    `<ellipse cx="592" cy="494" rx="34" ry="28" fill="url(#${c.id}-trim)" stroke="${c.p.stroke}" stroke-width="3"/>`;
  return {
    svg,
    box: [80, 70, 920, 995],
    focus: [560, 470],
    tag: [720, 900],
    hang: { y: 95, half: 220 },
  };
}

function slipLike(c: Ctx, hemY: number): GarmentArt {
  const sideBottomX = 240 + (970 - hemY) * 0.06;
  const body = symPath(
    [500, c.back ? 330 : 300],
    [
      c.back ? [430, 330, 380, 260, 360, 160] : [450, 250, 400, 200, 360, 160],
      [330, 200, 300, 230, 280, 270],
      [290, 450, 272, 450 + (hemY - 450) * 0.5, sideBottomX, hemY],
      [330, hemY + 10, 420, hemY + 15, 500, hemY + 15],
    ],
  );
  const hemBand = symPath(
    [500, hemY - 55],
    [
      [420, hemY - 55, 330, hemY - 60, sideBottomX + 5, hemY - 68],
      [sideBottomX, hemY],
      [330, hemY + 10, 420, hemY + 15, 500, hemY + 15],
    ],
  );
  const hemScallops = both(
    scallops(c, [sideBottomX, hemY], [330, hemY + 10], [420, hemY + 15], [500, hemY + 15], 9, 12),
  );
  const folds = both(
    line(`M420 380C410 520 400 ${hemY - 200} 380 ${hemY - 70}`, c.p.deep, 2.5, 0.25),
  );
  let svg =
    hemScallops +
    part(c, body) +
    folds +
    sheen(c, 390, (330 + hemY) / 2, 30, (hemY - 330) / 2 - 40, 10);
  if (c.back) {
    svg +=
      line('M380 40L642 164M620 40L358 164', c.p.stroke, 13) +
      line('M380 40L642 164M620 40L358 164', c.p.base, 8) +
      line('M362 162C380 260 430 330 500 330C570 330 620 260 638 162', c.p.deep, 5, 0.6);
  } else {
    const laceV = symPath(
      [500, 300],
      [
        [450, 250, 400, 200, 360, 160],
        [330, 200, 300, 230, 282, 262],
        [360, 300, 440, 345, 500, 372],
      ],
    );
    svg +=
      both(strap(c, 'M362 164C366 120 372 80 376 40', 7)) +
      both(scallops(c, [282, 262], [360, 300], [440, 345], [500, 372], 9, 10)) +
      lacePart(c, laceV) +
      bow(c, 500, 318, 24);
  }
  svg += lacePart(c, hemBand);
  return {
    svg,
    box: [200, 30, 800, hemY + 30],
    focus: [430, 280],
    tag: [700, hemY - 40],
    hang: { y: 42, half: 140 },
  };
}

function leggings(c: Ctx): GarmentArt {
  const body = symPath(
    [500, 80],
    [
      [320, 80],
      [310, 200, 300, 320, 305, 420],
      [310, 600, 350, 800, 370, 960],
      [470, 965],
      [475, 800, 490, 600, 500, 440],
    ],
  );
  const waist = symPath(
    [500, 80],
    [
      [320, 80],
      [316, 175],
      [400, 180, 460, 182, 500, 182],
    ],
  );
  let svg =
    part(c, body) +
    part(c, waist, `url(#${c.id}-trim)`) +
    both(line('M318 300C330 520 360 760 380 958', c.p.deep, 2, 0.35)) +
    both(line('M372 948L466 952', c.p.deep, 2, 0.5)) +
    sheen(c, 380, 560, 40, 220, -4) +
    sheen(c, 620, 560, 40, 220, 4);
  if (c.back) {
    svg +=
      line('M500 182L500 440', c.p.deep, 2.5, 0.5) +
      line('M316 300C380 340 460 330 500 300C540 330 620 340 684 300', c.p.deep, 2.5, 0.45) +
      `<path d="M440 110h120v50h-120Z" fill="${c.p.lo}" stroke="${c.p.stroke}" stroke-width="2"/>`;
  } else {
    svg +=
      line('M500 182C500 300 500 380 500 440', c.p.deep, 2.5, 0.5) +
      stitch(c, 'M320 166C400 172 460 174 500 174C540 174 600 172 680 166');
  }
  return { svg, box: [290, 60, 710, 985], focus: [500, 150], tag: [660, 150] };
}

function tshirt(c: Ctx): GarmentArt {
  const neckY = c.back ? 100 : 140;
  const body = symPath(
    [500, neckY],
    [
      [460, neckY, 420, neckY - 20, 400, 90],
      [280, 115],
      [130, 250],
      [200, 340],
      [270, 290],
      [268, 500, 270, 700, 275, 900],
      [350, 905, 430, 908, 500, 908],
    ],
  );
  let svg =
    part(c, body) +
    both(line('M134 254L202 336', c.p.deep, 3, 0.5) + stitch(c, 'M150 268L212 326')) +
    both(stitch(c, 'M277 880C350 886 430 888 500 888', 0.6)) +
    line(
      `M400 92C420 ${neckY - 10} 460 ${neckY + 4} 500 ${neckY + 4}C540 ${neckY + 4} 580 ${neckY - 10} 600 92`,
      c.p.lo,
      16,
    ) +
    line(
      `M400 92C420 ${neckY - 10} 460 ${neckY + 4} 500 ${neckY + 4}C540 ${neckY + 4} 580 ${neckY - 10} 600 92`,
      c.p.stroke,
      2,
      0.6,
    ) +
    sheen(c, 400, 420, 40, 200, 8) +
    both(line('M300 600C320 700 330 800 330 880', c.p.deep, 2, 0.2));
  if (c.back) {
    svg += `<rect x="482" y="110" width="36" height="26" rx="3" fill="#fbf8f4" stroke="${c.p.stroke}" stroke-width="1.5"/>`;
  }
  return {
    svg,
    box: [120, 70, 880, 925],
    focus: [480, 160],
    tag: [720, 860],
    hang: { y: 95, half: 200 },
  };
}

function beautyBottle(c: Ctx): GarmentArt {
  const p = c.p;
  const bodyD =
    'M360 420C360 360 420 320 450 310L550 310C580 320 640 360 640 420L640 905C640 930 620 950 595 950L405 950C380 950 360 930 360 905Z';
  const labelFill = p.light ? '#3a2a30' : '#fbf7f2';
  const labelInk = p.light ? '#f3e8e0' : mix(p.base, INK, 0.6);
  let svg =
    // Pump: actuator head with nozzle, stem, collar.
    `<path d="M330 140C330 128 340 122 352 122L580 122C592 122 600 130 600 142L600 176L440 176L440 152L352 152C340 152 330 150 330 140Z" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2.5"/>` +
    `<rect x="470" y="176" width="60" height="90" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2"/>` +
    `<rect x="430" y="250" width="140" height="70" rx="10" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2.5"/>` +
    line('M438 270h124M438 290h124', '#5c4e3a', 2, 0.45) +
    `<path d="${bodyD}" fill="url(#${c.id}-side)" stroke="${p.stroke}" stroke-width="3"/>` +
    `<path d="M395 420C395 390 410 372 430 360L430 900L395 900Z" fill="#ffffff" opacity="0.28"/>` +
    `<rect x="600" y="420" width="14" height="470" rx="7" fill="#ffffff" opacity="0.18"/>`;
  if (c.back) {
    svg += `<rect x="392" y="540" width="216" height="320" rx="8" fill="${labelFill}" stroke="${p.stroke}" stroke-width="2"/>`;
    for (let i = 0; i < 9; i++) {
      const w = i % 3 === 2 ? 110 : 170;
      svg += `<rect x="412" y="${568 + i * 22}" width="${w}" height="7" rx="3" fill="${labelInk}" opacity="0.55"/>`;
    }
    for (let i = 0; i < 14; i++) {
      svg += `<rect x="${440 + i * 9}" y="780" width="${i % 3 === 0 ? 5 : 3}" height="50" fill="${labelInk}"/>`;
    }
  } else {
    svg +=
      `<rect x="392" y="560" width="216" height="270" rx="8" fill="${labelFill}" stroke="${p.stroke}" stroke-width="2"/>` +
      `<g fill="${p.light ? lighten(p.base, 0.1) : p.base}" stroke="${labelInk}" stroke-width="1.5">` +
      [0, 72, 144, 216, 288]
        .map((a) => `<ellipse cx="500" cy="614" rx="10" ry="20" transform="rotate(${a} 500 634)"/>`)
        .join('') +
      `</g><circle cx="500" cy="634" r="7" fill="${labelInk}"/>` +
      `<rect x="430" y="682" width="140" height="12" rx="6" fill="${labelInk}"/>` +
      `<rect x="450" y="708" width="100" height="7" rx="3" fill="${labelInk}" opacity="0.6"/>` +
      `<rect x="462" y="726" width="76" height="7" rx="3" fill="${labelInk}" opacity="0.6"/>` +
      `<text x="500" y="800" text-anchor="middle" font-family="${SANS}" font-size="20" letter-spacing="2" fill="${labelInk}">200 ml</text>`;
  }
  return { svg, box: [320, 110, 680, 960], focus: [480, 300], tag: [620, 330] };
}

function beautyJar(c: Ctx): GarmentArt {
  const p = c.p;
  const jar =
    'M290 560C290 540 300 530 320 530L680 530C700 530 710 540 710 560L710 840C710 880 680 900 640 900L360 900C320 900 290 880 290 840Z';
  const labelFill = p.light ? '#3a2a30' : '#fbf7f2';
  const labelInk = p.light ? '#f3e8e0' : mix(p.base, INK, 0.6);
  let svg =
    `<ellipse cx="500" cy="905" rx="230" ry="18" fill="#000000" opacity="0.08"/>` +
    `<path d="${jar}" fill="url(#${c.id}-side)" stroke="${p.stroke}" stroke-width="3"/>` +
    `<rect x="292" y="650" width="416" height="150" fill="${labelFill}" stroke="${p.stroke}" stroke-width="2"/>` +
    `<rect x="420" y="694" width="160" height="12" rx="6" fill="${labelInk}"/>` +
    `<rect x="445" y="722" width="110" height="7" rx="3" fill="${labelInk}" opacity="0.6"/>` +
    `<rect x="460" y="742" width="80" height="7" rx="3" fill="${labelInk}" opacity="0.6"/>` +
    `<rect x="320" y="560" width="26" height="320" rx="13" fill="#ffffff" opacity="0.25"/>`;
  const lidSide = `<path d="M275 450L725 450L725 530C725 540 715 548 700 548L300 548C285 548 275 540 275 530Z" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2.5"/>`;
  let ridges = '';
  for (let x = 295; x <= 705; x += 20) ridges += `M${x} 458L${x} 540`;
  if (c.back) {
    // Open jar: cream surface with a swirl, lid leaning at the side.
    const cream = lighten(p.base, p.light ? 0.4 : 0.7);
    svg +=
      `<ellipse cx="500" cy="532" rx="210" ry="36" fill="${cream}" stroke="${p.stroke}" stroke-width="2.5"/>` +
      line(
        'M420 530C440 505 560 505 580 528C560 548 460 548 470 528C480 515 530 515 535 526',
        darken(cream, 0.15),
        6,
      ) +
      // The lid lies upside down in front of the open jar.
      `<ellipse cx="230" cy="905" rx="125" ry="16" fill="#000000" opacity="0.1"/>` +
      `<path d="M110 830L350 830L350 880C350 895 300 905 230 905C160 905 110 895 110 880Z" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2.5"/>` +
      `<ellipse cx="230" cy="830" rx="120" ry="24" fill="#8d7a5c" stroke="#5c4e3a" stroke-width="2.5"/>` +
      `<ellipse cx="230" cy="832" rx="100" ry="17" fill="#f4efe8"/>`;
    return { svg, box: [100, 480, 720, 925], focus: [470, 560], tag: [700, 600] };
  }
  svg +=
    lidSide +
    line(ridges, '#5c4e3a', 2, 0.35) +
    `<ellipse cx="500" cy="450" rx="225" ry="30" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2.5"/>` +
    `<ellipse cx="470" cy="444" rx="120" ry="10" fill="#ffffff" opacity="0.35"/>`;
  return { svg, box: [265, 410, 735, 925], focus: [500, 560], tag: [700, 600] };
}

function accessory(c: Ctx): GarmentArt {
  const p = c.p;
  const bag =
    'M200 380C200 362 212 350 230 350L770 350C788 350 800 362 800 380L800 840C800 858 788 870 770 870L230 870C212 870 200 858 200 840Z';
  const meshBase = p.light ? lighten(p.base, 0.2) : lighten(p.base, 0.7);
  let svg =
    `<path d="${bag}" fill="${meshBase}" stroke="${p.stroke}" stroke-width="3"/>` +
    `<path d="${bag}" fill="url(#${c.id}-mesh)"/>` +
    `<path d="${bag}" fill="none" stroke="${p.base}" stroke-width="22"/>` +
    `<path d="${bag}" fill="none" stroke="${p.stroke}" stroke-width="2"/>`;
  if (c.back) {
    svg +=
      // A folded bra resting inside the mesh.
      `<g opacity="0.35" fill="${p.deep}">` +
      `<path d="M330 640C330 560 400 520 470 560C480 600 480 640 470 680C420 700 350 690 330 640Z"/>` +
      `<path d="M670 640C670 560 600 520 530 560C520 600 520 640 530 680C580 700 650 690 670 640Z"/>` +
      `<path d="M300 690C400 720 600 720 700 690L700 712C600 742 400 742 300 712Z"/>` +
      `</g>` +
      line('M360 570C330 480 300 470 280 520M640 570C670 480 700 470 720 520', p.deep, 6, 0.35) +
      `<path d="M460 350L460 300C460 270 540 270 540 300L540 350" fill="none" stroke="${p.base}" stroke-width="16"/>` +
      `<rect x="560" y="760" width="150" height="60" rx="6" fill="#fbf8f4" stroke="${p.stroke}" stroke-width="2"/>` +
      `<text x="635" y="798" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="2" fill="${INK}">DELICATES</text>`;
    return { svg, box: [185, 260, 815, 885], focus: [500, 620], tag: [760, 380] };
  }
  // Zip along the top edge with a pull tab.
  svg +=
    `<rect x="215" y="360" width="570" height="30" fill="${p.lo}"/>` +
    `<path d="M220 375h560" stroke="url(#${c.id}-metal)" stroke-width="12" stroke-dasharray="6 4"/>` +
    `<rect x="640" y="362" width="40" height="26" rx="5" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2"/>` +
    `<path d="M648 388L644 450C644 462 676 462 676 450L672 388Z" fill="url(#${c.id}-metal)" stroke="#5c4e3a" stroke-width="2"/>` +
    `<circle cx="660" cy="440" r="7" fill="${p.base}"/>` +
    `<rect x="250" y="760" width="150" height="60" rx="6" fill="#fbf8f4" stroke="${p.stroke}" stroke-width="2"/>` +
    `<text x="325" y="798" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="2" fill="${INK}">DELICATES</text>`;
  return { svg, box: [185, 340, 815, 885], focus: [640, 420], tag: [760, 380] };
}

const GARMENTS: Record<GarmentKind, (c: Ctx) => GarmentArt> = {
  bra,
  'sports-bra': sportsBra,
  bralette,
  panty,
  boyshort,
  thong,
  shapewear,
  nightsuit,
  babydoll,
  robe,
  slip: (c) => slipLike(c, 970),
  camisole: (c) => slipLike(c, 660),
  leggings,
  tshirt,
  'beauty-bottle': beautyBottle,
  'beauty-jar': beautyJar,
  accessory,
};

const ON_HANGER: ReadonlySet<GarmentKind> = new Set<GarmentKind>([
  'nightsuit',
  'babydoll',
  'robe',
  'slip',
  'camisole',
  'tshirt',
]);

function garmentArt(garment: GarmentKind, p: Palette, back: boolean, texture = true): GarmentArt {
  const draw = GARMENTS[garment] ?? GARMENTS.accessory;
  return draw({ p, id: 'g', back, texture });
}

// ---------------------------------------------------------------------------------------------
// Decorations
// ---------------------------------------------------------------------------------------------

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${r2(cx)}" cy="${r2(cy)}" rx="${r2(rx)}" ry="${r2(ry)}" fill="url(#floor-shadow)"/>`;
}

const FLOOR_SHADOW_DEF =
  `<radialGradient id="floor-shadow" cx="0.5" cy="0.5" r="0.5">` +
  `<stop offset="0" stop-color="#000000" stop-opacity="0.3"/>` +
  `<stop offset="0.6" stop-color="#000000" stop-opacity="0.1"/>` +
  `<stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`;

/**
 * The garment as a flat dark shape: every painted fill and stroke turned black, gradients,
 * patterns and partial opacities dropped. Used for cheap drop shadows (a blur filter on a picture
 * this size costs more than the whole drawing).
 */
function silhouette(svg: string): string {
  return svg
    .replace(/ (?:fill-|stroke-)?opacity="[^"]*"/g, '')
    .replace(/fill="(?!none")[^"]*"/g, 'fill="#000000"')
    .replace(/stroke="(?!none")[^"]*"/g, 'stroke="#000000"');
}

/** A soft-edged shadow: the silhouette stacked at three offsets with low opacity. */
function dropShadow(art: GarmentArt, f: Fit, dx: number, dy: number): string {
  const shape = `<g transform="${fitTransform(f)}">${silhouette(art.svg)}</g>`;
  return [0.35, 0.7, 1]
    .map(
      (k) =>
        `<g transform="translate(${Math.round(dx * k)} ${Math.round(dy * k)})" opacity="0.07">${shape}</g>`,
    )
    .join('');
}

/** A sprig of leaves, drawn from (0,0) growing up; place it with a transform. */
function sprig(color: string): string {
  let leaves = '';
  for (let i = 0; i < 5; i++) {
    const y = -40 - i * 46;
    const side = i % 2 === 0 ? 1 : -1;
    leaves += `<ellipse cx="${side * 26}" cy="${y}" rx="30" ry="14" transform="rotate(${side * -30} ${side * 26} ${y})"/>`;
  }
  return (
    `<path d="M0 0C4 -80 -4 -160 6 -250" fill="none" stroke="${darken(color, 0.2)}" stroke-width="4"/>` +
    `<g fill="${color}" stroke="${darken(color, 0.2)}" stroke-width="2">${leaves}` +
    `<ellipse cx="6" cy="-262" rx="14" ry="26"/></g>`
  );
}

function swingTag(x: number, y: number, angle: number): string {
  return (
    `<g transform="translate(${r2(x)} ${r2(y)}) rotate(${angle})">` +
    `<path d="M-55 -80L-30 -105L30 -105L55 -80L55 105L-55 105Z" fill="url(#kraft)" stroke="#8a6a48" stroke-width="2"/>` +
    `<circle cx="0" cy="-78" r="9" fill="#f6efe6" stroke="#8a6a48" stroke-width="3"/>` +
    `<g fill="#6d4c35">` +
    [0, 72, 144, 216, 288]
      .map((a) => `<ellipse cx="0" cy="-22" rx="6" ry="12" transform="rotate(${a} 0 -10)"/>`)
      .join('') +
    `</g><circle cx="0" cy="-10" r="4" fill="#f6efe6"/>` +
    `<rect x="-34" y="26" width="68" height="7" rx="3" fill="#6d4c35"/>` +
    `<rect x="-26" y="44" width="52" height="5" rx="2" fill="#6d4c35" opacity="0.6"/>` +
    `<rect x="-30" y="70" width="60" height="14" rx="3" fill="none" stroke="#6d4c35" stroke-width="2"/>` +
    `</g>`
  );
}

/** A woven care label as sewn into a seam: emblem, wording and the usual care symbols. */
function careLabel(x: number, y: number, angle: number): string {
  const ink = '#5b4a50';
  const petals = [0, 72, 144, 216, 288]
    .map((a) => `<ellipse cx="0" cy="-44" rx="6" ry="11" transform="rotate(${a} 0 -34)"/>`)
    .join('');
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(1.3)">` +
    `<rect x="-124" y="-72" width="260" height="160" rx="8" fill="#000000" opacity="0.12"/>` +
    `<rect x="-130" y="-80" width="260" height="160" rx="8" fill="#fbf8f3" stroke="#d8cfc6" stroke-width="2"/>` +
    `<rect x="-118" y="-68" width="236" height="136" rx="4" fill="none" stroke="#cfc4ba" stroke-width="2" stroke-dasharray="6 5"/>` +
    `<g fill="${ink}">${petals}</g><circle cx="0" cy="-34" r="4" fill="#fbf8f3"/>` +
    `<text x="0" y="4" text-anchor="middle" font-family="${SANS}" font-size="15" letter-spacing="3" fill="${ink}">HAND WASH COLD</text>` +
    `<g fill="none" stroke="${ink}" stroke-width="3" stroke-linejoin="round">` +
    `<path d="M-96 26L-90 50L-62 50L-56 26M-94 34Q-89 29 -84 34T-74 34T-64 34T-57 34"/>` +
    `<path d="M-40 50L-25 24L-10 50ZM-38 26L-12 50M-12 26L-38 50"/>` +
    `<path d="M10 50L44 50C44 38 38 32 26 32L14 32Z"/>` +
    `<path d="M60 24h30v30h-30ZM60 24L90 54M90 24L60 54"/><circle cx="75" cy="39" r="10"/>` +
    `</g><circle cx="27" cy="42" r="2.5" fill="${ink}"/></g>`
  );
}

/** Close-ups that show a care label (the others have lace, a print or packaging to look at). */
const CLOSE_UP_LABEL: ReadonlySet<GarmentKind> = new Set<GarmentKind>([
  'sports-bra',
  'boyshort',
  'shapewear',
  'robe',
  'leggings',
  'tshirt',
]);

const KRAFT_DEF =
  `<linearGradient id="kraft" x1="0" y1="0" x2="1" y2="1">` +
  `<stop offset="0" stop-color="#dcbf98"/><stop offset="1" stop-color="#bf9c72"/></linearGradient>`;

function hanger(hang: { y: number; half: number }): string {
  const y = hang.y;
  const h = hang.half;
  const bar = `M${500 - h} ${y + 14}Q500 ${y - 70} ${500 + h} ${y + 14}`;
  return (
    `<path d="M500 ${y - 42}L500 ${y - 96}C500 ${y - 140} 548 ${y - 146} 552 ${y - 112}" fill="none" stroke="url(#g-metal)" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="#7b5535" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="#b98a5e" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M${500 - h + 20} ${y + 4}Q500 ${y - 72} ${500 + h - 20} ${y + 4}" fill="none" stroke="#e2c29c" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Product images (1200 x 1600)
// ---------------------------------------------------------------------------------------------

/** Backdrop of the second sitting: a cool grey-green that sets off pinks, nudes and darks alike. */
const SECOND_SITTING_BACKDROP = '#c9d3cc';
/** The second sitting is framed this much closer. */
const SECOND_SITTING_ZOOM = 1.14;

/** The studio of the second sitting: the same light, another backdrop. */
function secondSittingStage(stage: Stage): Stage {
  const toward = (hex: string) => mix(hex, SECOND_SITTING_BACKDROP, 0.55);
  return {
    ...stage,
    bgHi: toward(stage.bgHi),
    bgLo: toward(stage.bgLo),
    arch: toward(stage.arch),
    floor: toward(stage.floor),
    flat: toward(stage.flat),
  };
}

/**
 * One product picture. Views 0 to 3 are the first sitting: front, back, close-up, flat-lay (or
 * hanger). Views 4 to 7 retake those four in a second sitting, on another backdrop and framed
 * closer, so a colour can have up to 8 different pictures.
 */
export function drawProductImage(garment: GarmentKind, colorHex: string, view: number): string {
  const W = 1200;
  const H = 1600;
  const whole = Number.isFinite(view) ? Math.max(0, Math.trunc(view)) : 0;
  const v = whole % 4;
  const secondSitting = Math.floor(whole / 4) % 2 === 1;
  const p = makePalette(colorHex);
  const st = secondSitting ? secondSittingStage(makeStage(p)) : makeStage(p);
  // The close-up gets one weave overlay over the whole frame instead of one per panel: at that
  // zoom the per-panel texture is the most expensive thing in the picture.
  const art = garmentArt(garment, p, v === 1, v !== 2);
  let defs = FLOOR_SHADOW_DEF;
  let body = '';
  let f: Fit;

  if (v === 0) {
    // Front view in a soft studio sweep.
    f = fitBox(art.box, 100, 200, 1000, 1120);
    const bottom = f.dy + art.box[3] * f.s;
    const width = (art.box[2] - art.box[0]) * f.s;
    defs +=
      `<radialGradient id="bg" cx="0.5" cy="0.42" r="0.75">` +
      `<stop offset="0" stop-color="${st.bgHi}"/><stop offset="1" stop-color="${st.bgLo}"/></radialGradient>` +
      `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${st.floor}" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="${st.floor}" stop-opacity="0.8"/></linearGradient>`;
    body =
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<rect y="1150" width="${W}" height="450" fill="url(#floor)"/>` +
      floorShadow(600, Math.min(bottom + 40, 1520), Math.max(width * 0.45, 200), 46) +
      dropShadow(art, f, 10, 18) +
      `<g transform="${fitTransform(f)}">${art.svg}</g>`;
  } else if (v === 1) {
    // Back view in front of an arch.
    f = fitBox(art.box, 210, 300, 780, 1020);
    const bottom = f.dy + art.box[3] * f.s;
    const width = (art.box[2] - art.box[0]) * f.s;
    body =
      `<rect width="${W}" height="${H}" fill="${st.bgHi}"/>` +
      `<path d="M150 1420L150 600A450 450 0 0 1 1050 600L1050 1420Z" fill="${st.arch}"/>` +
      `<rect y="1420" width="${W}" height="180" fill="${st.floor}"/>` +
      `<rect y="1418" width="${W}" height="4" fill="${darken(st.floor, 0.08)}"/>` +
      floorShadow(600, Math.min(bottom + 36, 1440), Math.max(width * 0.42, 180), 38) +
      `<g transform="${fitTransform(f)}">${art.svg}</g>`;
  } else if (v === 2) {
    // Close-up: the garment enlarged around its detail point, fabric weave visible.
    const base = fitBox(art.box, 150, 200, 900, 1120);
    const s = Math.floor(base.s * 2300) / 1000;
    f = snapFit(s, 600 - art.focus[0] * s, 800 - art.focus[1] * s);
    defs +=
      `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#000000" stop-opacity="0.2"/>` +
      `<stop offset="1" stop-color="#000000" stop-opacity="0"/></linearGradient>` +
      `<pattern id="weave" width="12" height="12" patternUnits="userSpaceOnUse">` +
      `<path d="M0 12L12 0M-3 3L3 -3M9 15L15 9" stroke="#ffffff" stroke-width="1.4" opacity="0.13"/>` +
      `<path d="M0 6L6 0M6 12L12 6" stroke="#000000" stroke-width="1" opacity="0.08"/></pattern>`;
    body =
      `<rect width="${W}" height="${H}" fill="${st.bgLo}"/>` +
      `<g transform="${fitTransform(f)}">${art.svg}</g>` +
      (CLOSE_UP_LABEL.has(garment) ? careLabel(860, 1230, -7) : '') +
      `<rect width="${W}" height="${H}" fill="url(#weave)"/>` +
      `<rect width="${W}" height="240" fill="url(#fade)"/>` +
      `<rect y="1360" width="${W}" height="240" fill="url(#fade)" transform="rotate(180 600 1480)"/>`;
  } else {
    // Flat-lay on tissue with a swing tag, or on a hanger for dresses, robes and tops.
    defs +=
      KRAFT_DEF +
      `<pattern id="linen" width="8" height="8" patternUnits="userSpaceOnUse">` +
      `<path d="M0 2h8M0 6h8" stroke="${darken(st.flat, 0.05)}" stroke-width="1.2"/>` +
      `<path d="M3 0v8" stroke="${lighten(st.flat, 0.12)}" stroke-width="1"/></pattern>`;
    const hang = ON_HANGER.has(garment) ? art.hang : undefined;
    if (hang) {
      f = fitBox(art.box, 200, 330, 800, 1140);
      const hookTop = f.dy + (hang.y - 150) * f.s;
      body =
        `<rect width="${W}" height="${H}" fill="${st.bgHi}"/>` +
        `<rect width="${W}" height="${H}" fill="url(#linen)" opacity="0.6"/>` +
        `<rect x="0" y="${r2(hookTop - 14)}" width="${W}" height="22" rx="11" fill="url(#rail)"/>` +
        `<rect y="1480" width="${W}" height="120" fill="${st.floor}"/>` +
        dropShadow(art, f, 12, 14) +
        `<g transform="${fitTransform(f)}">${hanger(hang)}${art.svg}</g>`;
      defs +=
        `<linearGradient id="rail" x1="0" y1="0" x2="0" y2="1">` +
        `<stop offset="0" stop-color="#e9dcc0"/><stop offset="1" stop-color="#8d7a5c"/></linearGradient>`;
    } else {
      f = fitBox(art.box, 230, 300, 740, 940);
      body =
        `<rect width="${W}" height="${H}" fill="${st.flat}"/>` +
        `<rect width="${W}" height="${H}" fill="url(#linen)"/>` +
        `<rect x="170" y="250" width="860" height="1040" fill="${st.tissue}" opacity="0.85" transform="rotate(4 600 770)"/>` +
        `<g transform="translate(1080 380) rotate(-150)">${sprig('#8fa58a')}</g>` +
        `<g transform="translate(110 1480) rotate(28)">${sprig('#9db095')}</g>` +
        dropShadow(art, f, 8, 12) +
        `<g transform="${fitTransform(f)}">${art.svg}</g>`;
    }
    const tagAt = applyFit(f, art.tag);
    const tx = Math.min(Math.max(tagAt[0] + 110, 140), 1060);
    const ty = Math.min(Math.max(tagAt[1] + 190, 200), 1400);
    body +=
      `<path d="M${r2(tagAt[0])} ${r2(tagAt[1])}C${r2(tagAt[0] + 20)} ${r2(tagAt[1] + 120)} ` +
      `${r2(tx - 60)} ${r2(ty - 160)} ${r2(tx + 6)} ${r2(ty - 77)}" fill="none" stroke="#7a5a3c" stroke-width="3"/>` +
      swingTag(tx, ty, 10);
  }
  defs += garmentDefs(p, 'g', f.s);
  if (secondSitting) {
    const z = SECOND_SITTING_ZOOM;
    body = `<g transform="translate(${r2(600 - 600 * z)} ${r2(800 - 800 * z)}) scale(${z})">${body}</g>`;
  }
  return svgDoc(W, H, `<defs>${defs}</defs>${body}`);
}

// ---------------------------------------------------------------------------------------------
// Category card (800 x 800)
// ---------------------------------------------------------------------------------------------

export function drawCategoryImage(garment: GarmentKind, colorHex: string, label: string): string {
  const S = 800;
  const p = makePalette(colorHex);
  const st = makeStage(p);
  const art = garmentArt(garment, p, false);
  const text = label.trim();
  const f = fitBox(art.box, 130, 100, 540, text ? 520 : 600);
  const bottom = f.dy + art.box[3] * f.s;
  const dot = p.light ? darken(st.bgHi, 0.08) : mix(st.bgHi, p.base, 0.22);
  const defs =
    garmentDefs(p, 'g', f.s) +
    FLOOR_SHADOW_DEF +
    `<radialGradient id="bg" cx="0.5" cy="0.45" r="0.7">` +
    `<stop offset="0" stop-color="${st.bgHi}"/><stop offset="1" stop-color="${st.bgLo}"/></radialGradient>` +
    `<pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse">` +
    `<circle cx="9" cy="9" r="2.2" fill="${dot}"/><circle cx="27" cy="27" r="2.2" fill="${dot}"/></pattern>`;
  let body =
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>` +
    `<rect width="${S}" height="${S}" fill="url(#dots)" opacity="0.7"/>` +
    `<circle cx="400" cy="${text ? 370 : 400}" r="290" fill="${p.light ? darken(st.bgLo, 0.05) : lighten(st.bgHi, 0.3)}" opacity="0.85"/>` +
    `<circle cx="400" cy="${text ? 370 : 400}" r="318" fill="none" stroke="${st.accent}" stroke-width="1.5" opacity="0.3"/>` +
    floorShadow(400, Math.min(bottom + 22, text ? 660 : 740), 190, 24) +
    `<g transform="${fitTransform(f)}">${art.svg}</g>`;
  if (text) {
    const size = text.length > 26 ? 24 : 30;
    body +=
      `<rect x="0" y="680" width="${S}" height="120" fill="${lighten(st.bgHi, 0.4)}" opacity="0.75"/>` +
      `<text x="400" y="752" text-anchor="middle" font-family="${SANS}" font-size="${size}" letter-spacing="4" fill="${st.ink}">` +
      `${escapeXml(text.toUpperCase())}</text>`;
  }
  return svgDoc(S, S, `<defs>${defs}</defs>${body}`);
}

// ---------------------------------------------------------------------------------------------
// Banners (desktop 1920 x 680, mobile 800 x 1000)
// ---------------------------------------------------------------------------------------------

export function drawBanner(opts: {
  headline: string;
  subline: string;
  colorHex: string;
  garment: GarmentKind;
  layout: 'desktop' | 'mobile';
}): string {
  const p = makePalette(opts.colorHex);
  const st = makeStage(p);
  const art = garmentArt(opts.garment, p, false);
  const desktop = opts.layout !== 'mobile';
  const W = desktop ? 1920 : 800;
  const H = desktop ? 680 : 1000;
  const pill = luminance(st.accent) < 0.25 ? st.accent : INK;
  const blob = p.light ? darken(st.bgLo, 0.08) : mix(st.bgHi, p.base, 0.28);
  // Desktop banners keep their content inside the central 1200 px (x 360-1560): the storefront
  // shows them 580-680 px high and crops the sides on narrower screens.
  const f = desktop ? fitBox(art.box, 1090, 110, 440, 460) : fitBox(art.box, 170, 560, 460, 380);
  const defs =
    garmentDefs(p, 'g', f.s) +
    FLOOR_SHADOW_DEF +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${st.bgHi}"/><stop offset="1" stop-color="${st.bgLo}"/></linearGradient>` +
    `<pattern id="dots" width="26" height="26" patternUnits="userSpaceOnUse">` +
    `<circle cx="13" cy="13" r="3" fill="${st.accent}" opacity="0.35"/></pattern>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;

  if (desktop) {
    const bottom = f.dy + art.box[3] * f.s;
    const head = fitWrap(opts.headline, 640, [88, 76, 64, 54], 2, 0.56);
    const sub = wrapWords(opts.subline, 42, 2);
    const lh = head.size * 1.12;
    const blockH = head.lines.length * lh + 30 + sub.length * 40 + 50 + 68;
    let y = (H - blockH) / 2 + head.size * 0.8;
    body +=
      `<circle cx="1310" cy="340" r="260" fill="${blob}"/>` +
      `<circle cx="1310" cy="340" r="288" fill="none" stroke="${st.accent}" stroke-width="2" opacity="0.35"/>` +
      `<rect x="990" y="440" width="156" height="156" fill="url(#dots)"/>` +
      `<circle cx="1520" cy="110" r="40" fill="${st.accent}" opacity="0.18"/>` +
      `<path d="M300 640C520 560 700 700 940 620" fill="none" stroke="${st.accent}" stroke-width="3" opacity="0.25"/>` +
      `<rect x="400" y="${r2(y - head.size * 0.8 - 44)}" width="64" height="4" fill="${st.accent}"/>` +
      floorShadow(1310, Math.min(bottom + 20, 640), 200, 24) +
      `<g transform="${fitTransform(f)}">${art.svg}</g>`;
    body += textLines(
      head.lines,
      400,
      y,
      lh,
      `font-family="${SERIF}" font-size="${head.size}" fill="${st.ink}"`,
    );
    y += (head.lines.length - 1) * lh + 30 + 40;
    body += textLines(
      sub,
      402,
      y,
      40,
      `font-family="${SANS}" font-size="28" fill="${mix(st.ink, st.bgHi, 0.25)}"`,
    );
    y += (sub.length - 1) * 40 + 50;
    body +=
      `<rect x="400" y="${r2(y)}" width="250" height="68" rx="34" fill="${pill}"/>` +
      `<text x="525" y="${r2(y + 43)}" text-anchor="middle" font-family="${SANS}" font-size="22" font-weight="bold" letter-spacing="4" fill="#ffffff">SHOP NOW</text>`;
  } else {
    const bottom = f.dy + art.box[3] * f.s;
    const head = fitWrap(opts.headline, 672, [72, 62, 54, 46], 3, 0.56);
    const sub = wrapWords(opts.subline, 44, 2);
    const lh = head.size * 1.12;
    let y = 110 + head.size * 0.8;
    body +=
      `<circle cx="400" cy="760" r="250" fill="${blob}"/>` +
      `<circle cx="400" cy="760" r="276" fill="none" stroke="${st.accent}" stroke-width="2" opacity="0.35"/>` +
      `<rect x="620" y="500" width="130" height="130" fill="url(#dots)"/>` +
      `<circle cx="90" cy="930" r="40" fill="${st.accent}" opacity="0.18"/>` +
      `<rect x="64" y="60" width="56" height="4" fill="${st.accent}"/>` +
      floorShadow(400, Math.min(bottom + 16, 975), 180, 22) +
      `<g transform="${fitTransform(f)}">${art.svg}</g>`;
    body += textLines(
      head.lines,
      64,
      y,
      lh,
      `font-family="${SERIF}" font-size="${head.size}" fill="${st.ink}"`,
    );
    y += (head.lines.length - 1) * lh + 26 + 32;
    body += textLines(
      sub,
      66,
      y,
      36,
      `font-family="${SANS}" font-size="25" fill="${mix(st.ink, st.bgHi, 0.25)}"`,
    );
    y += (sub.length - 1) * 36 + 38;
    body +=
      `<rect x="64" y="${r2(y)}" width="220" height="60" rx="30" fill="${pill}"/>` +
      `<text x="174" y="${r2(y + 38)}" text-anchor="middle" font-family="${SANS}" font-size="20" font-weight="bold" letter-spacing="4" fill="#ffffff">SHOP NOW</text>`;
  }
  return svgDoc(W, H, `<defs>${defs}</defs>${body}`);
}

// ---------------------------------------------------------------------------------------------
// Blog cover (1200 x 800)
// ---------------------------------------------------------------------------------------------

export function drawBlogCover(garment: GarmentKind, colorHex: string, title: string): string {
  const W = 1200;
  const H = 800;
  const p = makePalette(colorHex);
  const st = makeStage(p);
  const art = garmentArt(garment, p, false);
  const lum = luminance(p.base);
  const panel = lum < 0.3 ? darken(p.base, 0.15) : mix(darken(p.base, 0.6), INK, 0.4);
  const f = fitBox(art.box, 720, 130, 400, 540);
  const bottom = f.dy + art.box[3] * f.s;
  const head = fitWrap(title, 500, [62, 54, 46, 40], 3, 0.55);
  const lh = head.size * 1.18;
  const blockH = 40 + head.lines.length * lh + 60;
  let y = (H - blockH) / 2;
  const defs =
    garmentDefs(p, 'g', f.s) +
    FLOOR_SHADOW_DEF +
    `<radialGradient id="bg" cx="0.5" cy="0.45" r="0.75">` +
    `<stop offset="0" stop-color="${st.bgHi}"/><stop offset="1" stop-color="${st.bgLo}"/></radialGradient>`;
  let body =
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="920" cy="390" r="270" fill="${p.light ? darken(st.bgLo, 0.06) : lighten(st.bgHi, 0.3)}"/>` +
    `<rect x="0" y="0" width="640" height="${H}" fill="${panel}"/>` +
    `<rect x="36" y="36" width="${W - 72}" height="${H - 72}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.55"/>` +
    floorShadow(920, Math.min(bottom + 18, 720), 170, 22) +
    `<g transform="${fitTransform(f)}">${art.svg}</g>` +
    `<text x="90" y="${r2(y + 18)}" font-family="${SANS}" font-size="18" letter-spacing="6" fill="#ffffff" opacity="0.8">THE JOURNAL</text>` +
    `<rect x="90" y="${r2(y + 36)}" width="48" height="3" fill="#ffffff" opacity="0.8"/>`;
  y += 40 + head.size * 0.95 + 20;
  body += textLines(
    head.lines,
    90,
    y,
    lh,
    `font-family="${SERIF}" font-size="${head.size}" fill="#ffffff"`,
  );
  y += (head.lines.length - 1) * lh + 64;
  body += `<text x="90" y="${r2(y)}" font-family="${SANS}" font-size="17" letter-spacing="4" fill="#ffffff" opacity="0.75">READ THE STORY  —</text>`;
  return svgDoc(W, H, `<defs>${defs}</defs>${body}`);
}

// ---------------------------------------------------------------------------------------------
// Size charts (1200 x 900)
// ---------------------------------------------------------------------------------------------

function table(
  x: number,
  y: number,
  widths: readonly number[],
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rowH: number,
): string {
  const total = widths.reduce((a, b) => a + b, 0);
  let out = `<rect x="${x}" y="${y}" width="${total}" height="${rowH}" rx="6" fill="#3a2a30"/>`;
  const cell = (texts: readonly string[], top: number, attrs: string): string => {
    let cx = x;
    let s = '';
    texts.forEach((t, i) => {
      const w = widths[i] ?? 0;
      s += `<text x="${r2(cx + w / 2)}" y="${r2(top + rowH / 2 + 8)}" text-anchor="middle" ${attrs}>${escapeXml(t)}</text>`;
      cx += w;
    });
    return s;
  };
  out += cell(header, y, `font-family="${SANS}" font-size="21" font-weight="bold" fill="#ffffff"`);
  rows.forEach((row, i) => {
    const top = y + rowH * (i + 1);
    out += `<rect x="${x}" y="${top}" width="${total}" height="${rowH}" fill="${i % 2 === 0 ? '#f4e9e4' : '#fffdfb'}"/>`;
    out += cell(
      row.slice(0, 1),
      top,
      `font-family="${SERIF}" font-size="24" font-weight="bold" fill="${INK}"`,
    );
    out += cell(['', ...row.slice(1)], top, `font-family="${SANS}" font-size="21" fill="#4a3a40"`);
  });
  out += `<rect x="${x}" y="${y}" width="${total}" height="${rowH * (rows.length + 1)}" rx="6" fill="none" stroke="#d9c6bf" stroke-width="2"/>`;
  return out;
}

export function drawSizeChart(kind: 'bra' | 'apparel'): string {
  const W = 1200;
  const H = 900;
  let body =
    `<rect width="${W}" height="${H}" fill="#fbf7f4"/>` +
    `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="#e4d5cf" stroke-width="2"/>` +
    `<text x="60" y="112" font-family="${SERIF}" font-size="58" fill="${INK}">Size Guide</text>`;
  let notes: string[];
  if (kind === 'bra') {
    body +=
      `<text x="62" y="156" font-family="${SANS}" font-size="22" letter-spacing="3" fill="#8a6f78">BRAS · BAND AND CUP · MEASUREMENTS IN CM</text>` +
      `<text x="60" y="222" font-family="${SERIF}" font-size="28" fill="${INK}">Band size</text>` +
      table(
        60,
        244,
        [150, 230, 200],
        ['Band', 'Underbust (cm)', 'Underbust (in)'],
        [
          ['32', '68 – 72', '27 – 28'],
          ['34', '73 – 77', '29 – 30'],
          ['36', '78 – 82', '31 – 32'],
          ['38', '83 – 87', '33 – 34'],
          ['40', '88 – 92', '35 – 36'],
        ],
        58,
      ) +
      `<text x="700" y="222" font-family="${SERIF}" font-size="28" fill="${INK}">Cup size</text>` +
      table(
        700,
        244,
        [140, 300],
        ['Cup', 'Bust − underbust (cm)'],
        [
          ['A', '11 – 13'],
          ['B', '13.5 – 15.5'],
          ['C', '16 – 18'],
          ['D', '18.5 – 20.5'],
          ['DD', '21 – 23'],
        ],
        58,
      );
    notes = [
      'Underbust: measure snugly around your ribcage, right under the bust.',
      'Bust: measure loosely across the fullest part, tape parallel to the floor.',
      'Cup = bust − underbust. Example: underbust 79 cm, bust 94 cm → 36B.',
    ];
  } else {
    body +=
      `<text x="62" y="156" font-family="${SANS}" font-size="22" letter-spacing="3" fill="#8a6f78">PANTIES, NIGHTWEAR AND LOUNGEWEAR · BODY MEASUREMENTS</text>` +
      `<text x="${60 + 140 + 160}" y="226" text-anchor="middle" font-family="${SERIF}" font-size="26" fill="${INK}">Bust</text>` +
      `<text x="${60 + 140 + 320 + 160}" y="226" text-anchor="middle" font-family="${SERIF}" font-size="26" fill="${INK}">Waist</text>` +
      `<text x="${60 + 140 + 640 + 160}" y="226" text-anchor="middle" font-family="${SERIF}" font-size="26" fill="${INK}">Hip</text>` +
      table(
        60,
        244,
        [120, 170, 150, 170, 150, 170, 150],
        ['Size', 'cm', 'in', 'cm', 'in', 'cm', 'in'],
        [
          ['XS', '76 – 81', '30 – 32', '61 – 66', '24 – 26', '84 – 89', '33 – 35'],
          ['S', '81 – 86', '32 – 34', '66 – 71', '26 – 28', '89 – 94', '35 – 37'],
          ['M', '86 – 91', '34 – 36', '71 – 76', '28 – 30', '94 – 99', '37 – 39'],
          ['L', '91 – 97', '36 – 38', '76 – 81', '30 – 32', '99 – 104', '39 – 41'],
          ['XL', '97 – 102', '38 – 40', '81 – 86', '32 – 34', '104 – 109', '41 – 43'],
          ['XXL', '102 – 107', '40 – 42', '86 – 91', '34 – 36', '109 – 114', '43 – 45'],
        ],
        52,
      );
    notes = [
      'Bust: around the fullest part of the chest. Waist: at the natural waistline,',
      'the narrowest part. Hip: around the fullest part, feet together.',
      'Between two sizes? Choose the larger one for a relaxed fit.',
    ];
  }
  // "How to measure" panel with a small tape-measure figure.
  const top = 640;
  body +=
    `<rect x="60" y="${top}" width="1080" height="196" rx="10" fill="#f1e4de"/>` +
    `<g transform="translate(150 ${top + 98})" fill="none" stroke="#6d4c55" stroke-width="4" stroke-linecap="round">` +
    `<path d="M-12 -78L12 -78L14 -66C30 -64 44 -58 46 -46C50 -30 44 -18 36 -6C30 4 30 12 36 22C46 36 50 48 48 60L-48 60C-50 48 -46 36 -36 22C-30 12 -30 4 -36 -6C-44 -18 -50 -30 -46 -46C-44 -58 -30 -64 -14 -66Z" fill="#e2cdc4" stroke="#8a6f78" stroke-width="3"/>` +
    `<path d="M0 60L0 82M-22 84L22 84" stroke="#8a6f78"/>` +
    `<path d="M-50 -34C-20 -26 20 -26 50 -34" stroke-dasharray="7 5"/>` +
    `<path d="M-36 4C-14 10 14 10 36 4" stroke-dasharray="7 5"/>` +
    `<path d="M-50 44C-20 52 20 52 50 44" stroke-dasharray="7 5"/></g>` +
    `<text x="240" y="${top + 50}" font-family="${SERIF}" font-size="28" fill="${INK}">How to measure</text>` +
    textLines(notes, 240, top + 92, 34, `font-family="${SANS}" font-size="20" fill="#4a3a40"`);
  return svgDoc(W, H, body);
}

// ---------------------------------------------------------------------------------------------
// Placeholder (800 x 800)
// ---------------------------------------------------------------------------------------------

export function drawPlaceholder(): string {
  const body =
    `<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.7">` +
    `<stop offset="0" stop-color="#f3f2f0"/><stop offset="1" stop-color="#e2e0dd"/></radialGradient></defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    `<g fill="none" stroke="#b8b5b0" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="M400 330L400 300C400 270 370 256 370 236C370 214 386 200 404 200C422 200 436 212 438 230"/>` +
    `<path d="M400 330L190 470C172 482 180 510 200 510L600 510C620 510 628 482 610 470Z"/></g>`;
  return svgDoc(800, 800, body);
}
