// The web build's benchmark (docs/performance.md "In the browser"): opens build-web/site in
// headless Chromium (software GL: SwiftShader) RUNS times, each with a fresh profile, and
// measures the time from navigation to "click to start" being ready (download, compile,
// preload), from the click to the first frame, each frame's time in the browser's loop
// (update + render + present of one displayed frame, the player standing in the level of
// seed 42) over FRAMES frames after the first, and the memory (the WebAssembly heap and the
// page's JavaScript heap). Prints the median over the runs with the CPU model and the load,
// and the site's size gzip-compressed. Usage: node web_frame.mjs SITE_DIR [RUNS] [FRAMES] [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Page, launchChromium, serve, sleep, stopChromium } from '../web/cdp.mjs';

const args = process.argv.slice(2).filter((a) => a !== '--json');
const json = process.argv.includes('--json');
const siteDir = path.resolve(args[0] || 'build-web/site');
const runs = Number(args[1] || 5), frames = Number(args[2] || 600);
const progress = process.stderr.isTTY ? (t) => process.stderr.write('\r' + t + '   ') : () => {};

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const p99 = (v) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))];

async function oneRun(url) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sawtooth-bench-'));
  const { proc, port } = await launchChromium(profile);
  try {
    const page = await Page.open(port);
    await page.send('Page.navigate', { url });
    if (!(await page.waitFor('window.sawtoothPage && sawtoothPage.ready', 120))) throw new Error('the page did not load');
    await page.click(640, 300);
    const want = frames + 1;
    if (!(await page.waitFor(`sawtoothPage.frameMs.length >= ${want}`, 600))) throw new Error('too few frames');
    const r = await page.eval(`({ ready: sawtoothPage.readyAt, first: sawtoothPage.firstFrameAt - sawtoothPage.startedAt,
      frames: sawtoothPage.frameMs.slice(1, ${want}), wasm: HEAP8.length,
      js: performance.memory ? performance.memory.usedJSHeapSize : 0 })`);
    return { ready_ms: r.ready, first_frame_ms: r.first, frame_median_ms: median(r.frames), frame_p99_ms: p99(r.frames),
      wasm_heap_mb: r.wasm / 1048576, js_heap_mb: r.js / 1048576 };
  } finally {
    await stopChromium(proc);
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

function siteSize(dir) {
  let raw = 0, gz = 0;
  for (const f of fs.readdirSync(dir)) {
    const bytes = fs.readFileSync(path.join(dir, f));
    raw += bytes.length;
    gz += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { site_mb: raw / 1048576, site_gzip_mb: gz / 1048576 };
}

async function main() {
  const server = await serve(siteDir);
  const url = `http://127.0.0.1:${server.address().port}/?seed=42`;
  const results = [];
  const t0 = Date.now();
  for (let i = 0; i < runs; ++i) {
    const left = i ? ((Date.now() - t0) / i) * (runs - i) / 1000 : NaN;
    progress(`run ${i + 1}/${runs}${i ? `, ~${left.toFixed(0)} s left` : ''}`);
    results.push(await oneRun(url));
  }
  progress('');
  server.close();
  const out = { runs, frames, cpu: os.cpus()[0].model, cores: os.cpus().length, load: os.loadavg()[0], ...siteSize(siteDir) };
  for (const k of Object.keys(results[0])) out[k] = median(results.map((r) => r[k]));
  if (json) {
    console.log(JSON.stringify(out));
    return;
  }
  console.log(`${out.cpu} (${out.cores} cores, load ${out.load.toFixed(1)}), median of ${runs} runs:`);
  console.log(`  page load to ready ${out.ready_ms.toFixed(0)} ms, click to first frame ${out.first_frame_ms.toFixed(0)} ms`);
  console.log(`  frame median ${out.frame_median_ms.toFixed(2)} ms, p99 ${out.frame_p99_ms.toFixed(2)} ms over ${frames} frames`);
  console.log(`  memory: WebAssembly heap ${out.wasm_heap_mb.toFixed(0)} MB, JavaScript heap ${out.js_heap_mb.toFixed(1)} MB`);
  console.log(`  site ${out.site_mb.toFixed(2)} MB, ${out.site_gzip_mb.toFixed(2)} MB gzip-compressed`);
}

main().catch((e) => {
  console.error('web_frame: ' + e.message);
  process.exit(1);
});
