// Headless Chromium over the DevTools protocol, for the browser test and the web benchmark
// (docs/web.md "The browser test"): a loopback server for the site, Chromium with software
// GL, and a page session (evaluate, wait, keys, clicks). Needs only node (a WebSocket: node
// 20's behind --experimental-websocket, else Debian's node-ws) and Debian's chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

const WebSocketImpl = globalThis.WebSocket || createRequire(import.meta.url)('ws');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A static server for the site on 127.0.0.1 (an ephemeral port).
export function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.data': 'application/octet-stream' };
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      const index = path.join(dir, 'index.html');
      if (new URL(req.url, 'http://x').pathname === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(fs.readFileSync(index));
        return;
      }
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Headless Chromium with software GL; resolves with its DevTools endpoint's port.
export function launchChromium(profile) {
  const args = ['--headless=new', '--no-sandbox', '--no-first-run', '--disable-gpu-sandbox', '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader', '--autoplay-policy=user-gesture-required', '--window-size=1280,800',
    '--remote-debugging-port=0', '--user-data-dir=' + profile, 'about:blank'];
  // Its own process group, so that stopChromium ends its helper processes too.
  const proc = spawn(process.env.SAWTOOTH_CHROMIUM || 'chromium', args,
                     { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let text = '';
    proc.stderr.on('data', (d) => {
      text += d;
      const m = text.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.on('exit', (code) => reject(new Error('chromium exited (' + code + '): ' + text.slice(-300))));
  });
}

// Sends a signal to Chromium's whole process group (false when none is left).
function signalGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
    return true;
  } catch {
    return false;
  }
}

// Ends Chromium and every helper process it started (renderers, the GPU and crash handlers,
// which can outlive the browser and still write into the profile), then waits until the
// browser has exited: its profile can then be removed.
export async function stopChromium(proc) {
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    if (!signalGroup(proc, 'SIGTERM')) proc.kill();
    await exited;
  }
  signalGroup(proc, 'SIGKILL');  // helpers that did not follow the browser out
}

// A DevTools protocol session on one page.
export class Page {
  constructor(ws) {
    this.ws = ws;
    this.id = 0;
    this.pending = new Map();
    this.logs = [];
    ws.addEventListener('message', (ev) => {
      const msg = JSON.parse(typeof ev.data === 'string' ? ev.data : ev.data.toString());
      if (msg.id && this.pending.has(msg.id)) {
        const { resolve, reject } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result);
      } else if (msg.method === 'Runtime.consoleAPICalled') {
        this.logs.push(msg.params.args.map((a) => a.value).join(' '));
      } else if (msg.method === 'Runtime.exceptionThrown') {
        const d = msg.params.exceptionDetails;
        this.logs.push('exception: ' + (d.exception ? d.exception.description : d.text));
      }
    });
  }
  static async open(port) {
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    const target = targets.find((t) => t.type === 'page');
    const ws = new WebSocketImpl(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve);
      ws.addEventListener('error', reject);
    });
    const page = new Page(ws);
    await page.send('Runtime.enable');
    await page.send('Page.enable');
    return page;
  }
  send(method, params = {}) {
    const id = ++this.id;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(expression + ': ' + r.exceptionDetails.text);
    return r.result.value;
  }
  // True once `expression` is true, false after `seconds`.
  async waitFor(expression, seconds = 60) {
    for (let t = 0; t < seconds * 10; ++t) {
      if (await this.eval(expression)) return true;
      await sleep(100);
    }
    return false;
  }
  // A key event: a named key (left, right, up, down, Escape, Enter, Tab, Backspace) or one
  // letter or digit, which also types its character (SDL's text input) on keyDown.
  async key(type, key) {
    const codes = { left: ['ArrowLeft', 37], right: ['ArrowRight', 39], up: ['ArrowUp', 38], down: ['ArrowDown', 40],
      Escape: ['Escape', 27], Enter: ['Enter', 13], Tab: ['Tab', 9], Backspace: ['Backspace', 8] };
    if (codes[key]) {
      const [code, keyCode] = codes[key];
      await this.send('Input.dispatchKeyEvent', { type, key: code, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode });
      return;
    }
    if (!/^[a-z0-9]$/.test(key)) throw new Error('no key event for ' + key);
    const code = /\d/.test(key) ? 'Digit' + key : 'Key' + key.toUpperCase();
    const keyCode = key.toUpperCase().charCodeAt(0);
    await this.send('Input.dispatchKeyEvent', { type, key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode,
      ...(type === 'keyDown' ? { text: key } : {}) });
  }
  async tap(key) {
    await this.key('keyDown', key);
    await sleep(100);
    await this.key('keyUp', key);
    await sleep(150);
  }
  async click(x, y) {
    for (const type of ['mousePressed', 'mouseReleased'])
      await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
  }
}

