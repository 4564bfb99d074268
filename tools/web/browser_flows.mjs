// The browser test's game flows (docs/web.md "The browser test", steps 8-12): Elimination,
// the thesis session with its rating screen, a protocol run with its questionnaire that
// resumes after a reload, a scripted gamepad, and storage that is full. Each is driven by key
// events (or the gamepad) in the real page and checked in the recorded database, read from
// the page's file system and queried with Debian's sqlite3.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './cdp.mjs';

// A standard-mapping gamepad behind navigator.getGamepads, pressed by window.sawtoothPad(b, down)
// (b: the Gamepad API's standard button number; SDL maps 0 to A, 15 to d-pad right).
const kScriptedPad = `(() => {
  const buttons = Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 }));
  const pad = { id: 'Sawtooth scripted pad (STANDARD GAMEPAD)', index: 0, connected: true, mapping: 'standard',
                axes: [0, 0, 0, 0], buttons, timestamp: 1 };
  Object.defineProperty(navigator, 'getGamepads', { value: () => [pad, null, null, null] });
  window.sawtoothPad = (b, down) => {
    buttons[b] = { pressed: down, touched: down, value: down ? 1 : 0 };
    pad.timestamp += 1;
  };
})();`;

export class Flows {
  constructor(page, base, outDir, fail) {
    this.page = page;
    this.base = base;  // http://127.0.0.1:PORT/
    this.outDir = outDir;
    this.fail = fail;
    this.notes = [];
  }

  // Like Page.waitFor, but an expression that throws (a page being replaced) is tried again.
  async waitFor(expression, what, seconds = 60) {
    const guarded = `(() => { try { return ${expression}; } catch (e) { return false; } })()`;
    if (!(await this.page.waitFor(guarded, seconds)))
      this.fail('timed out waiting for ' + what + '; page says: ' +
                (await this.page.eval("document.getElementById('message').textContent")));
  }

  // Opens the page with `query`, clicks "click to start" and waits for the game's frames.
  async open(query) {
    await this.page.send('Page.navigate', { url: this.base + query });
    await this.waitFor('sawtoothPage.ready && !sawtoothPage.started', 'the page ' + query);
    await this.page.click(640, 300);
    await this.waitFor('sawtoothPage.frameMs.length > 30', 'the game of ' + query);
    await sleep(500);
  }

  // Taps keys in order, `gap` ms apart (screens change between them).
  async keys(list, gap = 350) {
    for (const k of list) {
      await this.page.tap(k);
      await sleep(gap);
    }
  }

  async screenshot(name) {
    const shot = await this.page.send('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(path.join(this.outDir, name), Buffer.from(shot.data, 'base64'));
  }

  // The page's database as it is now (with its WAL), copied to OUT_DIR/NAME; returns the path.
  async snapshot(name) {
    const file = path.join(this.outDir, name);
    for (const suffix of ['', '-wal']) {
      const b64 = await this.page.eval(`(() => {
        const p = DB_PATH + '${suffix}';
        if (!FS.analyzePath(p).exists) return '';
        const b = FS.readFile(p);
        let s = '';
        for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
        return btoa(s);
      })()`);
      fs.rmSync(file + suffix, { force: true });
      if (b64) fs.writeFileSync(file + suffix, Buffer.from(b64, 'base64'));
    }
    return file;
  }

  sql(file, query) {
    return execFileSync('sqlite3', [file, query], { encoding: 'utf8' }).trim();
  }

  // Waits until two writes to IndexedDB began after now (so one holds everything before).
  async persisted() {
    const syncs = await this.page.eval('sawtoothPage.syncs');
    await this.waitFor(`sawtoothPage.syncs >= ${syncs + 2}`, 'the page to write IndexedDB', 30);
  }

  // Elimination from its menu (?screen=words): "Play level 1", then words chosen by the
  // cursor and by typing.
  async elimination() {
    await this.open('?screen=words');
    await this.keys(['Enter'], 1000);
    await this.keys(['Enter', 'right', 'Enter', 'e', 'a', 'right', 'Enter', 's', 't']);
    await sleep(600);
    await this.screenshot('elimination.png');
    const db = await this.snapshot('elimination.db');
    const actions = Number(this.sql(db, 'SELECT count(*) FROM word_actions WHERE word_level_id = (SELECT max(word_level_id) FROM word_levels)'));
    if (!(actions >= 3)) this.fail(`Elimination recorded ${actions} word actions for 4 choices and 4 letters`);
    this.notes.push(`Elimination ${actions} actions`);
  }

  // The thesis session (?thesis-session): two tutorials and the first level, each skipped
  // (Tab), then the first level's rating screen answered by digits (7, 4) and Enter.
  async thesisSession() {
    await this.open('?thesis-session');
    for (let i = 0; i < 3; ++i) await this.keys(['Enter', 'Tab'], 900);
    await this.keys(['7', '4'], 400);
    await this.screenshot('rating.png');
    await this.keys(['Enter'], 800);
    const db = await this.snapshot('thesis.db');
    const row = this.sql(db, "SELECT s.mode || ' ' || r.enjoyment || ' ' || r.difficulty FROM ratings r JOIN sessions s USING (session_id) ORDER BY r.rating_id DESC LIMIT 1");
    if (row !== 'study 7 4') this.fail(`the thesis session's rating screen stored '${row}', not 'study 7 4'`);
    this.notes.push('thesis session rated');
  }

  // A protocol run (?protocol=pack_vs_seeds): consent, a new participant id (Tab), the two
  // tutorials and levels 1-3 skipped, the questionnaire after level 3 answered (5, then 2);
  // then a reload, consent again, and Enter on the remembered id resumes at level 4.
  async protocolRun() {
    const query = '?protocol=pack_vs_seeds';
    await this.open(query);
    await this.keys(['Enter'], 800);  // I agree
    await this.keys(['Tab'], 500);
    await this.screenshot('participant.png');
    await this.keys(['Enter'], 900);
    for (let i = 0; i < 5; ++i) await this.keys(['Enter', 'Tab'], 900);
    await this.screenshot('questionnaire.png');
    await this.keys(['5'], 800);
    await this.keys(['2'], 800);
    await this.persisted();
    const before = await this.snapshot('protocol-before.db');
    const participant = this.sql(before, "SELECT participant_id FROM sessions WHERE protocol_hash IS NOT NULL ORDER BY session_id DESC LIMIT 1");
    const first = this.sql(before, `SELECT max(session_id) FROM sessions WHERE participant_id = '${participant}'`);
    const answers = this.sql(before, `SELECT group_concat(item_id || '=' || value, ' ') FROM questionnaire_answers WHERE session_id = ${first}`);
    if (answers !== 'fun=5 strategy=2') this.fail(`the questionnaire stored '${answers}', not 'fun=5 strategy=2'`);
    const ended = this.sql(before, `SELECT group_concat(name, '|') FROM levels WHERE session_id = ${first} AND kind != 'tutorial'`).split('|');
    if (ended.length !== 3) this.fail(`the protocol run recorded ${ended.length} levels before the reload, not 3`);

    await this.page.send('Page.reload');
    await this.waitFor('sawtoothPage.ready && !sawtoothPage.started', 'the reloaded protocol page');
    await this.page.click(640, 300);
    await this.waitFor('sawtoothPage.frameMs.length > 30', 'the reloaded protocol run');
    await sleep(500);
    await this.keys(['Enter'], 800);  // I agree; the id is filled in
    await this.screenshot('participant-remembered.png');
    await this.keys(['Enter'], 900);
    await this.screenshot('resumed.png');
    await this.keys(['Enter', 'Tab'], 900);
    const after = await this.snapshot('protocol-after.db');
    const sessions = this.sql(after, `SELECT count(*) FROM sessions WHERE participant_id = '${participant}'`);
    if (sessions !== '2') this.fail(`after the reload participant ${participant} has ${sessions} sessions, not 2`);
    const next = this.sql(after, `SELECT group_concat(kind || ':' || name, '|') FROM levels WHERE session_id = (SELECT max(session_id) FROM sessions WHERE participant_id = '${participant}')`);
    if (!next || next.includes('|') || next.startsWith('tutorial') || ended.includes(next.slice(next.indexOf(':') + 1)))
      this.fail(`the resumed run played '${next}': not a fourth level after ${ended.join(', ')}`);
    this.notes.push(`protocol resumed at ${next}`);
  }

  // A scripted gamepad: the player jumps (button A) and runs right (d-pad) in a level.
  async gamepad() {
    const added = await this.page.send('Page.addScriptToEvaluateOnNewDocument', { source: kScriptedPad });
    await this.open('?screen=level');
    const press = async (b, ms) => {
      await this.page.eval(`sawtoothPad(${b}, true)`);
      await sleep(ms);
      await this.page.eval(`sawtoothPad(${b}, false)`);
      await sleep(300);
    };
    await press(15, 800);
    for (let i = 0; i < 3; ++i) await press(0, 300);
    await this.screenshot('gamepad.png');
    await sleep(700);  // a flush
    const db = await this.snapshot('gamepad.db');
    const level = 'SELECT max(level_id) FROM levels';
    const jumps = Number(this.sql(db, `SELECT count(*) FROM events WHERE level_id = (${level}) AND kind = 'jump'`));
    const moved = Number(this.sql(db, `SELECT max(x) - min(x) FROM events WHERE level_id = (${level})`));
    if (!(jumps >= 1) || !(moved > 0.5)) this.fail(`the gamepad gave ${jumps} jumps and ${moved} cells of running`);
    await this.page.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: added.identifier });
    this.notes.push(`gamepad ${jumps} jumps`);
  }

  // What IndexedDB holds now, as the page loads it: the database's bytes (base64).
  async storedDatabase() {
    await this.page.send('Page.navigate', { url: this.base + '?screen=level' });
    await this.waitFor('sawtoothPage.ready && !sawtoothPage.started', 'the page');
    return this.page.eval(`mountStorage().then((err) => {
      if (err) return 'error ' + err;
      return ['', '-wal'].map((suffix) => {
        if (!FS.analyzePath(DB_PATH + suffix).exists) return 'none';
        let h = 0;
        const b = FS.readFile(DB_PATH + suffix);
        for (let i = 0; i < b.length; ++i) h = (h * 31 + b[i]) >>> 0;
        return b.length + ':' + h;
      }).join(' ');
    })`);
  }

  // Storage full: the page on another origin (localhost, its storage empty) with a quota of
  // 64 KiB, less than the first write of a recording. The write fails, the page says so in one
  // line, the game plays on and records in the tab, and IndexedDB holds nothing of it (the
  // failed write is one transaction).
  async quotaExceeded() {
    const base = this.base;
    this.base = base.replace('127.0.0.1', 'localhost');
    const origin = new URL(this.base).origin;
    await this.page.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 65536 });
    await this.open('?screen=level');
    await this.page.key('keyDown', 'right');
    await this.waitFor("sawtoothPage.storage === 'failed'", 'the write over the quota to fail', 30);
    const frames = await this.page.eval('sawtoothPage.frameMs.length'), recorded = await this.page.eval('recordedTime()');
    await sleep(1500);
    await this.page.key('keyUp', 'right');
    await this.screenshot('quota.png');
    const message = await this.page.eval("document.getElementById('message').textContent");
    if (!message.startsWith('Browser storage is full or was refused')) this.fail('storage full gave: ' + message);
    const more = await this.page.eval(`[sawtoothPage.frameMs.length - ${frames}, recordedTime() > ${recorded}, sawtoothPage.ended]`);
    if (!(more[0] > 10 && more[1] && more[2] === null))
      this.fail(`when storage was full the game drew ${more[0]} frames in 1.5 s, recorded: ${more[1]}, ended: ${more[2]}`);
    const synced = await this.page.eval('sawtoothPage.syncs');
    await this.page.send('Storage.overrideQuotaForOrigin', { origin });
    const after = await this.storedDatabase();
    // IndexedDB holds the last write that fitted (a whole database) or, when none did, nothing.
    if (synced === 0 && after !== 'none none') this.fail(`nothing fitted, yet IndexedDB holds ${after}`);
    if (synced > 0) {
      const check = this.sql(await this.snapshot('quota-stored.db'), 'PRAGMA integrity_check; SELECT count(*) FROM sessions;');
      if (check !== 'ok\n1') this.fail(`after the failed write IndexedDB holds a database that reads '${check}'`);
    }
    this.base = base;
    this.notes.push(`storage full refused after ${synced} writes, IndexedDB whole`);
  }
}
