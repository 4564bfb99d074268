// The online study end to end in headless Chromium (docs/web.md "The online study test"):
// sawtooth-server on loopback with a real PostgreSQL (tools/web/test_online.sh starts both)
// serves the web build and the study `e2e`. A declined consent sends and keeps nothing; a
// participant opens the study link with recruiter ids, agrees, plays the first level by key
// events, reloads the page and resumes, plays the second level, answers the questionnaire and
// sees the completion code; `sawtooth-lab pull` brings both sessions back and every one
// replay-verifies natively; a second browser profile with the same recruiter id is refused;
// the participant withdraws on the page and their rows are gone from the server and from the
// browser. Screenshots of each state in OUT_DIR.
// Usage: node test_online.mjs BASE_URL TOKEN OUT_DIR, with SAWTOOTH_LAB (the native
// sawtooth-lab), SAWTOOTH_PULL_URL (an analyst's postgresql:// URL) and PGHOST, PGPORT,
// PGUSER, PGDATABASE for psql as the database's owner. Exits 1 with one line on the first failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Page, launchChromium, sleep, stopChromium } from './cdp.mjs';

const [base, token, outDir] = process.argv.slice(2);
const lab = process.env.SAWTOOTH_LAB;
const link = (pid) => `${base}/index.html?study=e2e&token=${token}&PROLIFIC_PID=${pid}&STUDY_ID=ST1&SESSION_ID=SE1&utm_source=mail`;

function die(message) {
  throw new Error(message);
}

// One value from the study database, as its owner.
function sql(query) {
  return execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-tA', '-c', query], { encoding: 'utf8' }).trim();
}

// The rows the server holds, every table of the participant path.
function serverRows() {
  return ['online_participants', 'online_recruiter_ids', 'online_uploads', 'study_sessions']
    .map((t) => t + ' ' + sql(`SELECT count(*) FROM ${t}`)).join(', ');
}

class StudyPage {
  constructor(page, name) {
    this.page = page;
    this.name = name;
  }
  static async launch(name) {
    const profile = fs.mkdtempSync(path.join(outDir, 'profile-'));
    const { proc, port } = await launchChromium(profile);
    const sp = new StudyPage(await Page.open(port), name);
    sp.proc = proc;
    sp.profile = profile;
    return sp;
  }
  async close() {
    await stopChromium(this.proc);
    fs.rmSync(this.profile, { recursive: true, force: true, maxRetries: 5 });
  }
  eval(expression) {
    return this.page.eval(expression);
  }
  async waitFor(expression, what, seconds = 60) {
    const guarded = `(() => { try { return ${expression}; } catch (e) { return false; } })()`;
    if (!(await this.page.waitFor(guarded, seconds)))
      die(`${this.name}: timed out waiting for ${what}; page says: ` +
          (await this.eval("location.href + ': ' + document.getElementById('message')?.textContent + ' | ' + document.getElementById('panel')?.innerText")));
  }
  async phase(phase, what) {
    await this.waitFor(`sawtoothStudy.phase === '${phase}'`, what || 'the page to reach ' + phase);
  }
  // A real click in the middle of the element (a user gesture, as a participant's).
  async click(selector) {
    const [x, y] = await this.eval(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
    await this.page.click(x, y);
  }
  async button(label) {
    const index = await this.eval(`[...document.querySelectorAll('#panel button')].findIndex((b) => b.textContent === ${JSON.stringify(label)})`);
    if (index < 0) die(`${this.name}: no button '${label}' on the page`);
    await this.click(`#panel button:nth-of-type(${index + 1})`);
  }
  async navigate(url) {
    await this.page.send('Page.navigate', { url });
    await this.waitFor("window.sawtoothStudy && sawtoothStudy.phase !== 'loading'", 'the study page');
  }
  async screenshot(name) {
    const shot = await this.page.send('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(path.join(outDir, name), Buffer.from(shot.data, 'base64'));
  }
  async keys(list, gap = 900) {
    for (const k of list) {
      await this.page.tap(k);
      await sleep(gap);
    }
  }
  // A level by key events: Enter on its card, run right and jump, then skip the rest (Tab).
  async playLevel() {
    await this.keys(['Enter'], 1200);
    await this.page.key('keyDown', 'right');
    for (let i = 0; i < 3; ++i) {  // three jumps: at least one leaves the ground
      await sleep(500);
      await this.page.key('keyDown', 'up');
      await sleep(250);
      await this.page.key('keyUp', 'up');
    }
    await sleep(300);
    await this.page.key('keyUp', 'right');
    await this.keys(['Tab'], 900);
  }
  // The upload after `levels` ended levels acknowledged (the page's own state).
  async uploaded(levels, what) {
    await this.waitFor('!sawtoothStudy.syncing && Object.values(sawtoothStudy.saved.sessions).some((s) => ' +
      `s.milestone.startsWith('${levels}/') && s.acked === s.sent)`, what, 60);
  }
  panelText() {
    return this.eval("document.getElementById('panel').innerText");
  }
  storageLeft() {
    return this.eval('indexedDB.databases().then((d) => localStorage.length + d.length)');
  }
}

// Declined consent: the page shows the protocol's consent; "I do not agree" sends nothing and
// keeps nothing in the browser.
async function declined(p) {
  await p.navigate(link('DECLINER'));
  await p.phase('consent');
  const consent = await p.panelText();
  if (!consent.includes('Do you agree to take part in the end-to-end study?')) die(`the consent panel shows '${consent}'`);
  await p.screenshot('consent.png');
  await p.button('I do not agree');
  await p.phase('declined');
  await sleep(1000);
  const rows = serverRows();
  if (rows !== 'online_participants 0, online_recruiter_ids 0, online_uploads 0, study_sessions 0')
    die(`after a declined consent the server holds ${rows}`);
  const left = await p.storageLeft();
  if (left !== 0) die(`after a declined consent the browser keeps ${left} items`);
}

// Agrees, plays level 1, reloads, resumes and plays level 2, answers, and gets the code.
async function participate(p) {
  await p.navigate(link('RECRUIT-1'));
  await p.phase('consent');
  await p.button('I agree');
  await p.phase('playing', 'the game to start after consent');
  await p.waitFor('sawtoothPage.frameMs.length > 30', 'the game to draw');
  await sleep(800);
  const participant = await p.eval('sawtoothStudy.saved.participant');
  await p.playLevel();
  await p.uploaded(1, 'the first level to be acknowledged');
  await p.screenshot('uploaded.png');
  const state = await p.eval("document.getElementById('upload').textContent");
  if (state !== `Participant ${participant} · saved on the study server`) die(`the upload state reads '${state}'`);
  const seqs = await p.eval('JSON.stringify(Object.values(sawtoothStudy.saved.sessions).map((s) => s.acked))');

  await p.page.send('Page.reload');  // the tab is reloaded midway: the study resumes
  await p.waitFor("window.sawtoothStudy && sawtoothStudy.phase === 'welcome'", 'the welcome back');
  await p.button('Continue');
  await p.phase('playing', 'the resumed game');
  await p.waitFor('sawtoothPage.frameMs.length > 30', 'the resumed game to draw');
  await sleep(800);
  // The connection drops: level 2's upload waits, and is sent again once it is back.
  await p.page.send('Network.enable');
  await p.page.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await p.playLevel();
  await p.waitFor("document.getElementById('upload').textContent.includes('trying again')", 'the upload to wait for the connection');
  await p.screenshot('retrying.png');
  await p.page.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await p.waitFor("Object.values(sawtoothStudy.saved.sessions).length === 2 && Object.values(sawtoothStudy.saved.sessions)" +
    ".every((s) => s.milestone.startsWith('1/') && s.acked === s.sent)", 'level 2 to be acknowledged once the connection is back');
  await p.keys(['4'], 1200);  // the questionnaire at the end: 4 of 5
  await p.phase('complete', 'the completion code');
  const code = await p.eval("document.querySelector('#panel .code').textContent");
  await p.screenshot('complete.png');
  if (code !== 'E2ECODE1') die(`the end shows the code '${code}'`);
  // Then the protocol's return URL (the recruiter's site; here a page of the server).
  await p.waitFor(`location.href === ${JSON.stringify(base + '/index.html?returned=E2ECODE1')}`, 'the return URL', 20);
  // The link again: the code and a button back, no second redirect.
  await p.navigate(link('RECRUIT-1'));
  await p.phase('complete');
  const again = await p.panelText();
  if (!again.includes('E2ECODE1') || again.includes('Taking you back') || !again.includes('Back to the study site'))
    die(`a later visit of the link shows '${again}'`);
  return { participant, seqs };
}

// The study as the researcher pulls it: both sessions, each replaying natively hash for hash.
function pullAndVerify(participant) {
  const pulled = path.join(outDir, 'pulled.db');
  execFileSync(lab, ['pull', '--from', process.env.SAWTOOTH_PULL_URL, '--label', 'e2e', '--db', pulled], { stdio: 'pipe' });
  const q = (query) => execFileSync('sqlite3', [pulled, query], { encoding: 'utf8' }).trim();
  const sessions = q(`SELECT group_concat(session_id, ' ') FROM sessions WHERE participant_id = '${participant}'`).split(' ');
  if (sessions.length !== 2) die(`pull brought ${sessions.length} sessions of ${participant}, not 2`);
  const levels = q('SELECT count(*) FROM levels WHERE ended_utc IS NOT NULL');
  const answer = q("SELECT item_id || '=' || value FROM questionnaire_answers");
  const jumped = q("SELECT count(DISTINCT level_id) FROM events WHERE kind = 'jump'");
  if (levels !== '2' || answer !== 'fun=4' || jumped !== '2')
    die(`the pulled study holds ${levels} ended levels, ${jumped} with a jump, and answers '${answer}'`);
  for (const s of sessions) {
    try {
      execFileSync(lab, ['replay', '--db', pulled, '--session', s, '--verify'], { stdio: 'pipe' });
    } catch (e) {
      die(`session ${s} of the pulled study does not replay: ${String(e.stderr).trim()}`);
    }
  }
  return sessions.length;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const first = await StudyPage.launch('first browser');
  let second = null;
  try {
    await declined(first);
    const { participant, seqs } = await participate(first);
    const kept = sql(`SELECT string_agg(name || '=' || value, ' ' ORDER BY name) FROM online_recruiter_ids WHERE participant_id = '${participant}'`);
    if (kept !== 'PROLIFIC_PID=RECRUIT-1 SESSION_ID=SE1 STUDY_ID=ST1') die(`the server keeps the recruiter ids '${kept}'`);
    const sessions = pullAndVerify(participant);

    // The same recruiter id in another browser profile: refused, and nothing kept there.
    second = await StudyPage.launch('second browser');
    await second.navigate(link('RECRUIT-1'));
    await second.phase('consent');
    await second.button('I agree');
    await second.phase('refused', 'the repeat to be refused');
    await second.screenshot('refused.png');
    const refusal = await second.panelText();
    if (!/already/.test(refusal)) die(`the repeat participant sees '${refusal}'`);
    if ((await second.storageLeft()) !== 0) die('the refused browser keeps the participant');
    if (sql('SELECT count(*) FROM online_participants') !== '1') die('the refused repeat was enrolled');
    // Another participant of the same recruiter study (same STUDY_ID, own PROLIFIC_PID) is welcome.
    const other = await fetch(`${base}/api/studies/e2e/enrol`, { method: 'POST',
      headers: { 'X-Sawtooth-Token': token, 'X-Sawtooth-Participant': 'P-0THE-RS00', 'X-Sawtooth-Key': 'k'.repeat(32),
                 'Content-Type': 'application/json' },
      body: JSON.stringify({ recruiter: { PROLIFIC_PID: 'RECRUIT-2', STUDY_ID: 'ST1', SESSION_ID: 'SE2' } }) });
    if (other.status !== 200) die(`a second participant of the same STUDY_ID was refused: ${await other.text()}`);

    // Withdrawal on the page: the participant's rows go, on the server and in the browser.
    await first.click('#withdraw-link');
    const id = await first.eval("document.getElementById('withdraw-id').value");
    if (id !== participant) die(`the withdrawal form holds '${id}', not ${participant}`);
    await first.click('#withdraw button');
    await first.waitFor("window.sawtoothStudy && sawtoothStudy.phase === 'withdrawn' && document.getElementById('panel').innerText.includes('has withdrawn')", 'the withdrawal');
    await first.screenshot('withdrawn.png');
    const rows = serverRows();  // the other participant's enrolment and three ids remain
    if (rows !== 'online_participants 1, online_recruiter_ids 3, online_uploads 0, study_sessions 0')
      die(`after the withdrawal the server holds ${rows}`);
    const withdrawn = sql(`SELECT count(*) FROM online_participants WHERE participant_id = '${participant}'`) + ' ' +
      sql('SELECT count(*) FROM online_withdrawals');
    if (withdrawn !== '0 1') die(`after the withdrawal: enrolled and withdrawals counted: ${withdrawn}`);
    const local = await first.eval(`mountStorage().then(() => FS.analyzePath(DB_PATH).exists ? 'db' : 'none')`);
    const localSessions = local === 'db' ? await first.eval(`Module.ccall('sawtooth_online_sessions', 'string', ['string', 'string'], ['${participant}', sawtoothStudy.info.protocol_hash])`) : '[]';
    if (localSessions !== '[]' || (await first.eval('localStorage.length')) !== 0)
      die(`after the withdrawal the browser keeps ${localSessions} and ${await first.eval('localStorage.length')} items`);
    console.log(`test_online: consent declined kept nothing; participant ${participant} uploaded ${seqs} before a reload, resumed, ` +
                `uploaded level 2 once the connection came back, got the completion code and the return URL; pull: ${sessions} sessions replay-verified; repeat refused; withdrawn: no rows left`);
  } finally {
    await first.close();
    if (second) await second.close();
  }
}

main().catch((e) => {
  console.error('test_online: ' + e.message);
  process.exit(1);
});
