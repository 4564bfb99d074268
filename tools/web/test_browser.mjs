// The browser test (docs/web.md "The browser test"): serves build-web/site on loopback, opens
// it in headless Chromium over the DevTools protocol, clicks "click to start", plays
// assets/levels/test.txt by an input script in the format of the native `--script`
// (`TICKS KEYS` lines; keys pressed and released as real key events, held TICKS/60 s), quits
// the level through the pause menu, takes a screenshot, reloads the page to check that the
// database came back from IndexedDB, and downloads the database through the page's link.
// Usage: node test_browser.mjs SITE_DIR SCRIPT OUT_DIR; writes OUT_DIR/screenshot.png and
// OUT_DIR/download/sawtooth-session.db. Exits 1 with one line on the first failure.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Flows } from './browser_flows.mjs';
import { Page, launchChromium, serve, sleep, stopChromium } from './cdp.mjs';

const [siteDir, scriptFile, outDir] = process.argv.slice(2);

// A failure: thrown, so that main's `finally` stops Chromium before the one line is printed.
function die(message) {
  throw new Error(message);
}

// Distinct colours in the middle of an 8-bit RGB(A) PNG (Chromium's screenshots: the canvas,
// not the page's text below it), after undoing its filters.
function pngColours(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = { 2: 3, 6: 4 }[data[9]];
      if (data[8] !== 8 || !channels) die('screenshot: not an 8-bit RGB(A) PNG');
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, prev = Buffer.alloc(stride), cur = Buffer.alloc(stride), colours = new Set();
  for (let y = 0; y < height; ++y) {
    const f = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; ++i) {
      const a = i >= channels ? cur[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][f];
      cur[i] = (line[i] + pred) & 255;
    }
    if (y > height * 0.1 && y < height * 0.8)
      for (let x = Math.floor(width * 0.2); x < width * 0.8; ++x) colours.add(cur.readUIntBE(x * channels, 3));
    cur.copy(prev);
  }
  return colours.size;
}

// The native --script format: `TICKS KEYS` lines, KEYS `none` or names joined by `+`.
function readScript(file) {
  const steps = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [ticks, keys] = line.split(/\s+/);
    if (!/^\d+$/.test(ticks) || !keys) die(`${file}: expected \`TICKS KEYS\`, got '${line}'`);
    steps.push({ ticks: Number(ticks), keys: keys === 'none' ? [] : keys.split('+') });
  }
  return steps;
}

// Holds each step's keys for its ticks at 60 ticks a second.
async function play(page, steps) {
  let held = new Set();
  const start = performance.now();
  let tick = 0;
  for (const step of steps) {
    const want = new Set(step.keys);
    for (const k of held) if (!want.has(k)) await page.key('keyUp', k);
    for (const k of want) if (!held.has(k)) await page.key('keyDown', k);
    held = want;
    tick += step.ticks;
    const until = start + (tick * 1000) / 60;
    while (performance.now() < until) await sleep(5);
  }
  for (const k of held) await page.key('keyUp', k);
}

async function waitFor(page, expression, what) {
  if (!(await page.waitFor(expression)))
    die('timed out waiting for ' + what + '; page says: ' + (await page.eval("document.getElementById('message').textContent")));
}

async function main() {
  const steps = readScript(scriptFile);
  fs.mkdirSync(path.join(outDir, 'download'), { recursive: true });
  const server = await serve(path.resolve(siteDir));
  const url = `http://127.0.0.1:${server.address().port}/?screen=level`;
  const profile = fs.mkdtempSync(path.join(outDir, 'profile-'));
  const { proc, port } = await launchChromium(profile);
  try {
    const page = await Page.open(port);
    await page.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: path.resolve(outDir, 'download') })
      .catch(() => page.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: path.resolve(outDir, 'download') }));
    await page.send('Page.navigate', { url });
    await waitFor(page, 'window.sawtoothPage && sawtoothPage.ready', 'the page to load');
    await page.click(640, 300);  // "click to start": a real gesture
    await waitFor(page, "sawtoothPage.started && sawtoothPage.storage !== 'off'", 'the game to start');
    await sleep(1500);  // the first frames
    await play(page, steps);
    const shot = await page.send('Page.captureScreenshot', { format: 'png' });
    const png = Buffer.from(shot.data, 'base64');
    fs.writeFileSync(path.join(outDir, 'screenshot.png'), png);
    const colours = pngColours(png);
    if (colours < 40) die(`the screenshot has ${colours} colours: the game drew nothing`);
    await page.tap('Escape');  // pause menu: Resume, Settings, Quit
    await page.tap('down');
    await page.tap('down');
    await page.tap('Enter');
    await waitFor(page, 'sawtoothPage.ended !== null', 'the level to end');
    await waitFor(page, '!sawtoothPage.syncing && sawtoothPage.dbTime === recordedTime()',
      'the database to reach IndexedDB');
    const size = await page.eval('FS.stat("/home/web_user/.local/share/sawtooth/sawtooth.db").size');
    const message = await page.eval("document.getElementById('message').textContent");
    if (!message.startsWith('The game has ended')) die('unexpected message on the page: ' + message);

    // A reload starts from IndexedDB: the database is there again, byte for byte in size.
    await page.send('Page.reload');
    await waitFor(page, 'window.sawtoothPage && sawtoothPage.ready', 'the reloaded page');
    const restored = await page.eval('mountStorage().then((err) => err ? -1 : FS.stat(DB_PATH).size)');
    if (restored !== size) die(`after a reload the database has ${restored} bytes, before ${size}`);

    await page.eval("document.getElementById('download').click()");
    const file = path.join(outDir, 'download', 'sawtooth-session.db');
    for (let t = 0; t < 100 && !(fs.existsSync(file) && fs.statSync(file).size === size); ++t) await sleep(100);
    if (!fs.existsSync(file)) die('the download link gave no file');
    if (fs.statSync(file).size !== size) die(`downloaded ${fs.statSync(file).size} bytes, the page has ${size}`);
    // Bad input: an unknown URL parameter is refused with one line on the page, nothing starts.
    await page.send('Page.navigate', { url: url + '&colour=red' });
    await waitFor(page, 'window.sawtoothPage && sawtoothPage.ready', 'the page with a bad parameter');
    await page.click(640, 300);
    await waitFor(page, 'sawtoothPage.ended !== null', 'the refusal');
    const refusal = await page.eval("document.getElementById('status').textContent");
    if (!refusal.startsWith("unknown URL parameter 'colour'")) die('a bad URL parameter gave: ' + refusal);
    // Storage denied (as in some private windows): one message, the game plays and records in the tab.
    const hide = await page.send('Page.addScriptToEvaluateOnNewDocument',
      { source: "Object.defineProperty(window, 'indexedDB', { get: () => undefined });" });
    await page.send('Page.navigate', { url });
    await waitFor(page, 'window.sawtoothPage && sawtoothPage.ready', 'the page without storage');
    await page.click(640, 300);
    await waitFor(page, "sawtoothPage.frameMs.length > 30 && FS.analyzePath(DB_PATH).exists", 'the game without storage');
    const denied = await page.eval("sawtoothPage.storage + ': ' + document.getElementById('message').textContent");
    if (!denied.startsWith('denied: This browser does not let the page keep data')) die('storage denied gave: ' + denied);
    await page.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: hide.identifier });

    const flows = new Flows(page, `http://127.0.0.1:${server.address().port}/`, outDir, die);
    const only = process.env.SAWTOOTH_BROWSER_FLOWS;  // a comma-separated subset, when debugging one
    for (const name of ['elimination', 'thesisSession', 'protocolRun', 'gamepad', 'quotaExceeded'])
      if (!only || only.split(',').includes(name)) await flows[name]();
    console.log(`test_browser: played ${steps.length} script steps, screenshot ${colours} colours, bad parameter and denied storage refused, database ${size} bytes, restored after reload, downloaded; ${flows.notes.join(', ')}`);
  } finally {
    await stopChromium(proc);
    server.close();
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

main().catch((e) => {
  console.error('test_browser: ' + e.message);
  process.exit(1);
});
