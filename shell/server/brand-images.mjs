#!/usr/bin/env node
// Writes shell/public/og-image.png (Open Graph, 1200×630) and shell/public/logo.png (structured data, 200×60),
// the §9 structured-data sizes. Run once (`pnpm --filter shell brand-images`); the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG whose pixel (x, y) is `color(x, y)` → [r, g, b]. */
function png(width, height, color) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(color(x, y), row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const DEEP = [16, 24, 48];
const BRAND = [46, 108, 230];
const ACCENT = [0, 200, 150];

// A diagonal gradient with two overlapping "exchange" rings.
const og = png(1200, 630, (x, y) => {
  const base = mix(DEEP, BRAND, (x / 1200) * 0.6 + (y / 630) * 0.2);
  const ring = (cx, cy) => Math.abs(Math.hypot(x - cx, y - cy) - 150) < 18;
  if (ring(500, 315)) return ACCENT;
  if (ring(700, 315)) return [255, 255, 255];
  return base;
});
const logo = png(200, 60, (x, y) => {
  const ring = (cx) => Math.abs(Math.hypot(x - cx, y - 30) - 20) < 5;
  if (ring(30)) return ACCENT;
  if (ring(55)) return BRAND;
  return [255, 255, 255];
});

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('og-image.png', out), og);
writeFileSync(new URL('logo.png', out), logo);
