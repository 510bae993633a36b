/// <reference types="node" />
/**
 * Writes the static brand assets (logo, favicon, web clip) into `public/brands/<id>/` from the
 * colours and names in `brands.ts`, so a new or recoloured brand needs no hand-drawn files.
 * The output is committed; rerun after changing a brand:
 *
 *   npx tsx apps/web/scripts/generate-brand-assets.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Brand, defaultBrand, providerBrands } from '@linesight/contract';

const OUTPUT_DIR = join(import.meta.dirname, '..', 'public', 'brands');
const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
const WEB_CLIP_SIZE = 180;

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];

// ---------------------------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------------------------

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** First letters of the first two words: "Red Rock Internet" is "RR", "LineSight" is "L". */
function initials(companyName: string): string {
  return companyName
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * The rounded square with the initials, in a `size` box at the origin. The text is centred with
 * `dy` rather than `dominant-baseline`, which some SVG renderers (and image converters) ignore.
 */
function markSvg(brand: Brand, size: number): string {
  const radius = Math.round(size * 0.2);
  const fontSize = Math.round(size * 0.45);
  return [
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${brand.colors.primary}"/>`,
    `<text x="${size / 2}" y="${size / 2}" dy="0.35em" text-anchor="middle" fill="#ffffff"`,
    `  font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="700">` +
      `${escapeXml(initials(brand.companyName))}</text>`,
  ].join('\n  ');
}

/**
 * An SVG file cannot measure its own text, so the logo's width is estimated per character. The
 * factor fits the widest likely fallback (DejaVu Sans on Linux): spare width on narrower fonts is
 * invisible, but too little clips long names like "Summit Communications".
 */
function estimateTextWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * 0.68);
}

function logoSvg(brand: Brand): string {
  const height = 40;
  const fontSize = 16;
  const textX = height + 10;
  const width = Math.max(200, textX + estimateTextWidth(brand.companyName, fontSize) + 4);
  const name = escapeXml(brand.companyName);
  // No background: the logo sits on the nav bar, whose colour is navBackground.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" \
viewBox="0 0 ${width} ${height}" role="img">
  <title>${name}</title>
  ${markSvg(brand, height)}
  <text x="${textX}" y="${height / 2}" dy="0.35em" fill="${brand.colors.navText}"
    font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="600">${name}</text>
</svg>
`;
}

function faviconSvg(brand: Brand): string {
  const size = 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" \
viewBox="0 0 ${size} ${size}" role="img">
  <title>${escapeXml(brand.companyName)}</title>
  ${markSvg(brand, size)}
</svg>
`;
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

function parseHexColor(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) {
    throw new Error(`Expected a #rrggbb colour, got "${hex}"`);
  }
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG specifies it (ISO 3309, reflected, initial and final XOR of all ones). */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    // The index is masked to 0..255, so the table lookup is always defined.
    crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data, and a CRC over type and data (not the length). */
function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes packed RGB pixels (row by row, 3 bytes each) as an 8-bit truecolour PNG. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // Bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace.
  const rowBytes = width * 3;
  const scanlines = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter type 0 (None) leading each row; deflate alone is small enough for flat colours.
    scanlines[y * (rowBytes + 1)] = 0;
    scanlines.set(rgb.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * How much of the white mark covers the pixel centred at (x, y): a ring around a centre dot,
 * like a signal target. Coverage ramps over one pixel at each edge so the circles are
 * anti-aliased without supersampling.
 */
function markCoverage(x: number, y: number, size: number): number {
  const centre = size / 2;
  const distance = Math.hypot(x - centre, y - centre);
  const inside = (edge: number): number => Math.min(1, Math.max(0, edge - distance + 0.5));
  const ring = inside(size * 0.34) - inside(size * 0.25);
  const dot = inside(size * 0.11);
  return Math.max(ring, dot);
}

function blend(background: number, foreground: number, alpha: number): number {
  return Math.round(background + (foreground - background) * alpha);
}

/** A full-bleed square: iOS rounds the web clip's corners itself. */
function webClipPng(brand: Brand): Buffer {
  const size = WEB_CLIP_SIZE;
  const primary = parseHexColor(brand.colors.primary);
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const alpha = markCoverage(x + 0.5, y + 0.5, size);
      const offset = (y * size + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = blend(primary[channel]!, WHITE[channel]!, alpha);
      }
    }
  }
  return encodePng(size, size, pixels);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function writeBrandAssets(brand: Brand, outputDir: string): string {
  const dir = join(outputDir, brand.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'logo.svg'), logoSvg(brand));
  writeFileSync(join(dir, 'favicon.svg'), faviconSvg(brand));
  writeFileSync(join(dir, 'web-clip.png'), webClipPng(brand));
  return dir;
}

function main(): void {
  for (const brand of [defaultBrand, ...providerBrands]) {
    const dir = writeBrandAssets(brand, OUTPUT_DIR);
    console.log(`${brand.id}: wrote logo.svg, favicon.svg, web-clip.png to ${relative('.', dir)}`);
  }
}

main();
