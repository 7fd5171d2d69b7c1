// Drives `gridlock serve`'s page in headless Chromium (Debian's package, never a
// downloaded browser) with playwright-core: the real page, the real server, the real
// solver. Run by scripts/test.sh as `node --test tests/browser/`; GRIDLOCK is the binary
// (default target/release/gridlock), SCREENSHOT where the page's picture is written
// (default target/serve-page.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BIN = process.env.GRIDLOCK ?? 'target/release/gridlock';
const SCREENSHOT = process.env.SCREENSHOT ?? 'target/serve-page.png';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

let server;
let base;
let context;
let profile;
const consoleErrors = [];

before(async () => {
  server = spawn(BIN, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/(http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`gridlock serve exited with ${code}`)));
  });
  profile = mkdtempSync(join(tmpdir(), 'gridlock-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 1000 },
    acceptDownloads: true,
  });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A new page at `path`, its console errors collected, once its script has started. */
async function open(path = '/') {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${path}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${path}: ${e.message}`));
  await page.goto(base.replace(/\/$/, '') + path);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** The text of #answer once it is not empty. */
async function answer(page, timeout = 60000) {
  await page.waitForFunction(() => document.getElementById('answer').textContent !== '', null, { timeout });
  return page.textContent('#answer');
}

/** The CLI's count for `args`, an independent run of the binary. */
function cliCount(args) {
  return execFileSync(BIN, ['pack', ...args, '--count'], { encoding: 'utf8' }).trim();
}

test('a board drawn by clicking is counted', async () => {
  const page = await open();
  await page.fill('#rows', '3');
  await page.fill('#cols', '5');
  await page.click('#new-board');
  // Take the last column out, cell by cell: the 3x4 rectangle is left.
  for (let r = 0; r < 3; r++) await page.click(`#grid .cell[data-row="${r}"][data-col="4"]`);
  assert.equal(await page.inputValue('#board-text'), '....#\n....#\n....#\n');
  await page.selectOption('#set', 'dominoes');
  await page.fill('#copies', '*');
  await page.click('#count');
  // 3x4 has 11 domino tilings (OEIS A099390).
  assert.equal(await answer(page), 'count: 11');
  // The mutilated chessboard: 8x8 without two opposite corners has none.
  await page.fill('#rows', '8');
  await page.fill('#cols', '8');
  await page.click('#new-board');
  await page.click('#grid .cell[data-row="0"][data-col="0"]');
  await page.click('#grid .cell[data-row="7"][data-col="7"]');
  await page.click('#count');
  await page.waitForFunction(() => document.getElementById('answer').textContent === 'count: 0');
  await page.close();
});

test('pentominoes: Count shows 9356, and 2339 up to symmetry', async () => {
  const page = await open();
  await page.selectOption('#preset', { label: '6x10 rectangle' });
  await page.selectOption('#set', 'pentominoes');
  await page.click('#count');
  assert.equal(await answer(page), 'count: 9356');
  assert.equal(cliCount(['--rect', '6x10', '--pieces', 'pentominoes']), '9356');
  await page.check('#unique');
  await page.click('#count');
  await page.waitForFunction(() => document.getElementById('answer').textContent === 'count: 2339');
  await page.close();
});

test('Solve draws a tiling whose cells all belong to pieces', async () => {
  const page = await open();
  await page.selectOption('#preset', { label: "Scott's 8x8 with the hole" });
  await page.click('#solve');
  assert.equal(await answer(page), 'solved');
  await page.waitForSelector('#drawing svg');
  const fills = await page.$$eval('#drawing svg polygon[stroke="#0003"]', (ps) => ps.map((p) => p.getAttribute('fill')));
  assert.equal(fills.length, 60, 'every cell of the board is drawn');
  assert.ok(fills.every((f) => f !== '#f4f4f4'), 'no cell is left empty');
  assert.equal(new Set(fills).size, 12, 'twelve pieces, twelve colours');
  // The downloads: the picture and the answer.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
  assert.match(readFileSync(await svg.path(), 'utf8'), /^<svg/);
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('#download-json')]);
  const saved = JSON.parse(readFileSync(await json.path(), 'utf8'));
  assert.equal(saved.schema, 'gridlock-answer/1');
  assert.equal(saved.verdict, 'solved');
  const [dlx] = await Promise.all([page.waitForEvent('download'), page.click('#download-dlx')]);
  assert.match(readFileSync(await dlx.path(), 'utf8'), /written by gridlock pack --emit-knuth/);
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  await page.close();
});

test('other lattices: hexiamonds, tetrahexes and the Soma cube', async () => {
  const page = await open();
  for (const [lattice, preset, set, cells] of [
    ['triangular', '6x6 rhombus', 'hexiamonds', 72],
    ['hexagonal', '4x7 rhombus', 'tetrahexes', 28],
    ['cubic', '3x3x3 cube', 'soma', 27],
  ]) {
    await page.selectOption('#lattice', lattice);
    await page.selectOption('#preset', { label: preset });
    assert.equal(await page.inputValue('#set'), set);
    await page.waitForSelector('#board-preview svg');
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('answer').textContent === 'solved');
    await page.waitForFunction((n) => document.querySelectorAll('#drawing svg polygon[stroke="#0003"]').length === n, cells);
    const fills = await page.$$eval('#drawing svg polygon[stroke="#0003"]', (ps) => ps.map((p) => p.getAttribute('fill')));
    assert.ok(fills.every((f) => f !== '#f4f4f4'), `${lattice}: no cell is left empty`);
  }
  await page.close();
});

test('All lists the solutions, next and previous', async () => {
  const page = await open();
  await page.fill('#rows', '3');
  await page.fill('#cols', '20');
  await page.click('#new-board');
  await page.selectOption('#set', 'pentominoes');
  await page.click('#all');
  assert.equal(await answer(page), 'solved: 8 listed');
  await page.waitForFunction(() => document.getElementById('position').textContent === '1 of 8');
  await page.click('#next');
  await page.waitForFunction(() => document.getElementById('position').textContent === '2 of 8');
  await page.click('#prev');
  await page.waitForFunction(() => document.getElementById('position').textContent === '1 of 8');
  await page.close();
});

test('Stop stops a long count', async () => {
  const page = await open();
  await page.selectOption('#lattice', 'cubic');
  await page.selectOption('#preset', { label: '4x4x4 cube' });
  assert.equal(await page.inputValue('#set'), 'tetris-cube');
  await page.click('#count');
  // The Tetris cube's count takes about 20 s: wait for its progress line, then stop.
  await page.waitForFunction(() => /^\d+\.\d s/.test(document.getElementById('progress').textContent));
  const jobs = async () => (await (await fetch(`${base}api/jobs`)).json()).running;
  assert.equal(await jobs(), 1);
  await page.click('#stop');
  assert.equal(await answer(page), 'stopped');
  const stopped = Date.now();
  while ((await jobs()) !== 0) {
    assert.ok(Date.now() - stopped < 1000, 'the job still runs a second after Stop');
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(await page.isEnabled('#count'), true);
  await page.close();
});

test('a bad piece shows its error inline', async () => {
  const page = await open();
  await page.check('#custom');
  await page.fill('#pieces-text', 'T\n###\n.%.\n');
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('pieces-error').textContent !== '');
  const message = await page.textContent('#pieces-error');
  assert.match(message, /^pieces: line 3, column 2: /);
  assert.equal(await page.textContent('#answer'), '');
  await page.close();
});

test('a shared link reproduces the answer', async () => {
  const page = await open('/?rect=6x10&pieces=pentominoes&count=true&unique=true');
  assert.equal(await answer(page), 'count: 2339');
  await page.close();
  // The page's own link to what it shows.
  const first = await open();
  await first.fill('#rows', '4');
  await first.fill('#cols', '5');
  await first.click('#new-board');
  await first.selectOption('#set', 'dominoes');
  await first.fill('#copies', '*');
  await first.click('#count');
  const shown = await answer(first);
  assert.equal(shown, 'count: 95');
  const href = await first.getAttribute('#share', 'href');
  await first.close();
  const again = await open(href.replace(/&?count=true/, '') + '&count=true');
  assert.equal(await answer(again), shown);
  await again.close();
});

test('the second tab runs any command on its text', async () => {
  const page = await open();
  await page.click('#tab-any');
  await page.selectOption('#any-command', 'xc');
  await page.fill('#any-flags', '{"count": true}');
  await page.fill('#any-input', 'r0 r1 c0 c1\nr0 c0\nr0 c1\nr1 c0\nr1 c1\n');
  await page.click('#any-run');
  await page.waitForFunction(() => document.getElementById('any-answer').textContent !== '');
  assert.equal(await page.textContent('#any-answer'), 'count: 2');
  await page.close();
});

test('no error reached the browser console', () => {
  assert.deepEqual(consoleErrors, []);
});
