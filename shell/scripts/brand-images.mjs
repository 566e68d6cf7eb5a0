#!/usr/bin/env node
// Writes shell/public/og-image.png (Open Graph, 1200×630) and shell/public/logo.png (structured data, 200×60),
// the §9 structured-data sizes, from the mark in shell/public/favicon.svg (the same drawing as
// src/components/Logo.tsx), the product name and the tagline. Each image is an HTML page screenshotted by headless
// Chromium (CHROMIUM, else /usr/bin/chromium). Run it after changing the mark (`pnpm --filter shell brand-images`);
// the PNGs are committed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'Coinferry';
const TAGLINE = 'Instant crypto exchange';
const BRAND = '#3b5bfd';
const DEEP = '#0f1736';
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').replace(/<title>.*?<\/title>\s*/s, '');
const sized = (px) => mark.replace(/width="\d+" height="\d+"/, `width="${px}" height="${px}"`);

const page = (width, height, body, background) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; background: ${background}; }
  body { font-family: ${FONT}; -webkit-font-smoothing: antialiased; }
  svg { display: block; flex: none; }
</style></head><body>${body}</body></html>`;

const og = page(
  1200,
  630,
  `<div style="position:absolute;inset:0;background:radial-gradient(circle at 85% 15%, rgba(124,147,255,.45), transparent 45%),
      radial-gradient(circle at 10% 110%, rgba(59,91,253,.55), transparent 50%)"></div>
   <svg style="position:absolute;left:0;right:0;bottom:0" width="1200" height="150" viewBox="0 0 1200 150" fill="none"
        stroke="rgba(255,255,255,.12)" stroke-width="6" stroke-linecap="round">
     <path d="M-20 60q75-50 150 0t150 0t150 0t150 0t150 0t150 0t150 0t150 0t150 0"/>
     <path d="M-95 115q75-50 150 0t150 0t150 0t150 0t150 0t150 0t150 0t150 0t150 0"/>
   </svg>
   <div style="position:absolute;left:110px;top:150px;display:flex;align-items:center;gap:48px">
     <div style="border-radius:56px;box-shadow:0 24px 60px rgba(0,0,0,.35)">${sized(220)}</div>
     <div style="color:#fff">
       <div style="font-size:116px;font-weight:700;letter-spacing:-3px;line-height:1">${NAME}</div>
       <div style="margin-top:22px;font-size:46px;color:#dfe5ff;line-height:1.1">${TAGLINE}</div>
     </div>
   </div>
   <div style="position:absolute;left:110px;bottom:72px;color:#c9d2ff;font-size:30px;letter-spacing:.5px">
     BTC · ETH · USDT · 20+ coins · fixed or floating rate
   </div>`,
  `linear-gradient(135deg, ${DEEP} 0%, #1b2a6b 55%, ${BRAND} 130%)`,
);

const logo = page(
  200,
  60,
  `<div style="display:flex;align-items:center;gap:10px;height:60px;padding-left:8px">
     ${sized(44)}
     <span style="font-size:29px;font-weight:700;letter-spacing:-.6px;color:#141824">${NAME}</span>
   </div>`,
  '#ffffff',
);

// Issue 24: the app icons (web app manifest, apple-touch-icon, favicon.ico): the mark edge to edge (the platforms
// round or mask the corners themselves), its drawing kept inside the maskable safe zone.
const square = (px) => sized(px).replace(/rx="\d+"/, 'rx="0"');
const icon = (px) => page(px, px, square(px), '#3b5bfd');

const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const work = mkdtempSync(path.join(tmpdir(), 'brand-images-'));
try {
  for (const [file, html, width, height] of [
    ['og-image.png', og, 1200, 630],
    ['logo.png', logo, 200, 60],
    ['apple-touch-icon.png', icon(180), 180, 180],
    ['icon-192.png', icon(192), 192, 192],
    ['icon-512.png', icon(512), 512, 512],
    ['favicon-32.png', icon(32), 32, 32],
  ]) {
    const htmlFile = path.join(work, file.replace(/\.png$/, '.html'));
    writeFileSync(htmlFile, html);
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--force-device-scale-factor=1',
        `--window-size=${width},${height}`,
        `--screenshot=${path.join(publicDir, file)}`,
        `file://${htmlFile}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const png = readFileSync(path.join(publicDir, file));
    const size = [png.readUInt32BE(16), png.readUInt32BE(20)];
    if (size[0] !== width || size[1] !== height) throw new Error(`${file} is ${size.join('×')}, expected ${width}×${height}`);
    console.log(`${file}: ${width}×${height}, ${png.length} bytes`);
  }
  // favicon.ico: one 32×32 PNG entry (an ICO may hold PNG data: a 6-byte header, a 16-byte directory entry, the PNG)
  const png = readFileSync(path.join(publicDir, 'favicon-32.png'));
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // data size
  header.writeUInt32LE(22, 18); // data offset
  writeFileSync(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, png]));
  rmSync(path.join(publicDir, 'favicon-32.png'));
  console.log(`favicon.ico: 32×32, ${22 + png.length} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
