// End-to-end test of `redfool serve` in a real browser (Debian's Chromium
// driven by playwright-core). Run by tests/web_board.rs, which starts the
// server and checks what this script writes to OUT_DIR:
//   REDFOOL_URL  the board's address      REDFOOL_BIN  the engine binary
//   OUT_DIR      where game.pgn and game.fen go
//   SCREENSHOT_DIR  if set, where the README's screenshots are written
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

const { REDFOOL_URL: url, REDFOOL_BIN: bin, OUT_DIR: out, SCREENSHOT_DIR: shots } = process.env;
assert.ok(url && bin && out, 'REDFOOL_URL, REDFOOL_BIN and OUT_DIR must be set');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const WAIT = { timeout: 20000 };

// The engine's own list of the pieces menacing the Fool (UCI `d`).
function engineMenacers(variant, fen) {
  const input = `setoption name UCI_Variant value ${variant}\nposition fen ${fen}\nd\nquit\n`;
  const run = spawnSync(bin, [], { input, encoding: 'utf8', timeout: 20000 });
  const match = /Fool: \S+ \(menaced by ([^)]*)\)/.exec(run.stdout);
  assert.ok(match, `the engine's d prints the Fool's menacers for ${fen}:\n${run.stdout}${run.stderr}`);
  return match[1] === 'nobody' ? [] : match[1].split(' ').sort();
}

async function outlined(page) {
  return (await page.$$eval('rect.menacer', (rects) => rects.map((r) => r.dataset.square))).sort();
}

async function checkMenacers(page, variant) {
  const fen = await page.inputValue('#fen');
  const shown = await outlined(page);
  assert.deepEqual(shown, engineMenacers(variant, fen), `dashed red outlines in ${fen}`);
  // Dashed and red, as the rules' board draws them.
  if (shown.length) {
    const style = await page.$eval('rect.menacer', (r) => [getComputedStyle(r).stroke, getComputedStyle(r).strokeDasharray]);
    assert.equal(style[0], 'rgb(224, 0, 0)');
    assert.notEqual(style[1], 'none');
  }
  return shown;
}

const square = (page, name) => page.locator(`rect.sq[data-square="${name}"]`);
const click = (page, name) => square(page, name).click();
const moveCount = (page) => page.locator('#moves .mv').count();

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length === n &&
    !document.getElementById('status').textContent.includes('thinking'), n, WAIT);
}

async function newGame(page, { variant, human = 'both', fen = '', depth = 1, chess960 = false }) {
  await page.selectOption('#variant', variant);
  await page.setChecked('#chess960', chess960);
  await page.selectOption('#human', human);
  await page.selectOption('#strength-kind', 'depth');
  await page.fill('#strength', String(depth));
  await page.fill('#start-fen', fen);
  const before = await page.inputValue('#fen');
  await page.click('#start');
  if (fen && fen !== before) await page.waitForFunction((fen) => document.getElementById('fen').value === fen, fen, WAIT);
  else await page.waitForTimeout(300);
  await page.waitForFunction(() => !document.getElementById('status').textContent.includes('thinking'), null, WAIT);
}

// Plays the first legal move of the piece on `from`, by clicks, as the page offers it.
async function playAnyMove(page, from) {
  await click(page, from);
  const target = await page.locator('circle.target').first().getAttribute('data-square');
  assert.ok(target, `the piece on ${from} has legal targets`);
  await click(page, target);
  return target;
}

// Plays, by clicks, a legal move other than `except` that needs no choice.
async function playSimpleMove(page, except) {
  const move = await page.$$eval('#legal .legal', (buttons, except) => {
    const count = {};
    for (const b of buttons) count[`${b.dataset.from}${b.dataset.to}`] = (count[`${b.dataset.from}${b.dataset.to}`] || 0) + 1;
    const b = buttons.find((b) => count[`${b.dataset.from}${b.dataset.to}`] === 1 && b.textContent !== except && b.dataset.switch === 'false');
    return b && { from: b.dataset.from, to: b.dataset.to, san: b.textContent };
  }, except);
  assert.ok(move, 'a legal move that needs no choice');
  await click(page, move.from);
  await click(page, move.to);
  return move.san;
}

// The board (or, `whole`, the page) as a PNG for the README.
async function screenshot(page, name, whole = false) {
  if (!shots) return;
  const path = join(shots, `${name}.png`);
  if (whole) await page.screenshot({ path, clip: { x: 0, y: 0, width: 1300, height: 860 } });
  else await page.locator('#board-area').screenshot({ path });
}

const profile = mkdtempSync(join(tmpdir(), 'redfool-chromium-'));
// A fresh profile directory: playwright passes it as --user-data-dir.
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1300, height: 1000 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
try {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('g.fool', WAIT);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  assert.equal(await page.locator('g.piece').count(), 32, 'Red Fool start: 32 pieces');
  assert.equal(await page.locator('rect.sq').count(), 80, 'Red Fool board: 8x10');
  assert.equal(await page.getAttribute('g.fool', 'data-square'), 'e6');

  // A game against the engine, White by clicks.
  await newGame(page, { variant: 'redfool', human: 'white' });
  // An illegal move is refused with the reason, and nothing is played.
  await click(page, 'e2');
  await click(page, 'e5');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes("illegal move 'e2e5'"), null, WAIT);
  assert.equal(await moveCount(page), 0);
  // A move after which the Fool has several answers: the page asks which.
  // Whether White has one depends on the engine's reply, which moves with
  // every change of its evaluation; so a first move whose reply leaves
  // none is taken back (with the reply) and the next one tried.
  let stirring;
  for (const [from, to] of [['d2', 'd4'], ['e2', 'e4'], ['c2', 'c4'], ['f2', 'f4'], ['g2', 'g4'], ['b2', 'b4']]) {
    await click(page, from);
    await click(page, to);
    await waitMoves(page, 2);
    await checkMenacers(page, 'redfool');
    stirring = await page.$$eval('#legal .legal', (buttons) => {
      const answers = {};
      for (const b of buttons) if (b.dataset.fool) (answers[`${b.dataset.from} ${b.dataset.to}`] ||= []).push(b.dataset.fool);
      return Object.entries(answers).find(([, fools]) => fools.length > 1);
    });
    if (stirring) break;
    await page.click('#takeback');
    await waitMoves(page, 0);
  }
  assert.ok(stirring, 'after some first move and the engine\'s reply, a move leaves the Fool a choice');
  const [from, to] = stirring[0].split(' ');
  await click(page, from);
  await click(page, to);
  await page.waitForSelector('g.fool-choice', WAIT);
  const choices = await page.$$eval('g.fool-choice', (gs) => gs.map((g) => g.dataset.square));
  assert.deepEqual(choices.sort(), stirring[1].sort(), 'the Fool\'s answers are offered on the board');
  assert.equal(await moveCount(page), 2, 'nothing is played before the Fool answer is chosen');
  const pick = choices[choices.length - 1];
  await page.locator(`g.fool-choice[data-square="${pick}"]`).click();
  await waitMoves(page, 4);
  const third = await page.locator('#moves .mv').nth(2).textContent();
  assert.ok(third.includes(`@${pick}`), `the move list shows the Fool's answer: ${third}`);
  await checkMenacers(page, 'redfool');
  await playAnyMove(page, 'g1');
  await waitMoves(page, 6);
  await checkMenacers(page, 'redfool');
  await screenshot(page, 'redfool-game');

  // Stepping through the move list and back.
  const end = await page.inputValue('#fen');
  await page.click('#back');
  await page.waitForFunction(() => document.querySelector('#moves .mv.current')?.dataset.ply === '5', null, WAIT);
  assert.notEqual(await page.inputValue('#fen'), end);
  await page.click('#first');
  await page.waitForFunction(() => !document.querySelector('#moves .mv.current'), null, WAIT);
  assert.equal(await page.getAttribute('g.fool', 'data-square'), 'e6');
  await page.click('#last');
  await page.waitForFunction((end) => document.getElementById('fen').value === end, end, WAIT);
  // Take back the last move and the engine's reply, then branch from ply 2.
  await page.click('#takeback');
  await waitMoves(page, 4);
  await page.locator('#moves .mv[data-ply="2"]').click();
  await page.waitForFunction(() => document.querySelector('#moves .mv.current')?.dataset.ply === '2', null, WAIT);
  const old = await page.locator('#moves .mv').nth(2).textContent();
  const branch = await playSimpleMove(page, old);
  await page.waitForFunction((san) => document.querySelectorAll('#moves .mv')[2]?.textContent === san, branch, WAIT);
  await waitMoves(page, 4);

  // Analysis: two lines from White's side, an arrow and the bar.
  await page.selectOption('#multipv', '2');
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 2, null, WAIT);
  // Attached, then checked by hand: Playwright calls an element with an
  // empty bounding box hidden, and the box of a straight vertical or
  // horizontal line (e2-e4) has no width or no height.
  await page.waitForSelector('line.arrow', { ...WAIT, state: 'attached' });
  const arrow = await page.evaluate(() => {
    const line = document.querySelector('line.arrow');
    const style = getComputedStyle(line);
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a)));
    return { shown: style.display !== 'none' && style.visibility === 'visible' && Number(style.opacity) > 0,
      stroke: parseFloat(style.strokeWidth), length: Math.hypot(x2 - x1, y2 - y1) };
  });
  assert.ok(arrow.shown && arrow.stroke > 0 && arrow.length > 0, `the arrow is drawn: ${JSON.stringify(arrow)}`);
  // Read at one instant: the lines go on coming.
  const [first, bar] = await page.evaluate(() => [document.querySelector('#lines li').textContent,
    document.getElementById('eval-text').textContent]);
  assert.match(first, /^([+-]\d+\.\d\d|#-?\d+)\s+\d+\./, `a scored line in SAN: ${first}`);
  assert.equal(bar, first.split(/\s+/)[0], 'the bar shows the best line\'s score');
  // Off again: the checks below are not about the analysis, and a search
  // left running for the rest of the script competes with the page and
  // the engine's replies for the two cores of the test machine.
  await page.uncheck('#analyse');

  // PGN out and back in.
  await page.click('#export-pgn');
  await page.waitForFunction(() => document.getElementById('pgn').value.includes('[Variant "Red Fool"]'), null, WAIT);
  const pgn = await page.inputValue('#pgn');
  writeFileSync(join(out, 'game.pgn'), pgn);
  writeFileSync(join(out, 'game.fen'), await page.inputValue('#fen'));
  const played = await page.inputValue('#fen');
  await page.click('#first');
  await page.waitForFunction((fen) => document.getElementById('fen').value !== fen, played, WAIT);
  await page.click('#import-pgn');
  await page.waitForFunction((fen) => document.getElementById('fen').value === fen, played, WAIT);
  assert.equal(await moveCount(page), 4);

  // Exactly the menacing pieces are outlined: three of them here.
  await newGame(page, { variant: 'redfool', fen: '4k3/8/8/8/8/r2*4/8/2N5/B7/4K2R w K - 0 1' });
  assert.deepEqual(await checkMenacers(page, 'redfool'), ['a2', 'a5', 'c3']);
  await screenshot(page, 'redfool-menacers');

  // Promotion chooser.
  await newGame(page, { variant: 'redfool', fen: '4k3/P7/8/8/8/8/8/8/8/4K2* w - - 0 1' });
  await click(page, 'a9');
  await click(page, 'a10');
  await page.waitForSelector('#promotion:not([hidden]) button[data-role]', WAIT);
  assert.deepEqual(await page.$$eval('#promotion button[data-role]', (b) => b.map((x) => x.dataset.role).sort()),
    ['bishop', 'knight', 'queen', 'rook']);
  await page.click('#promotion button[data-role="knight"]');
  await waitMoves(page, 1);
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'a10=N');

  // Tam Ruat: the 12x12 board, a move, and promotion into a lost piece only.
  await newGame(page, { variant: 'tamruat' });
  assert.equal(await page.locator('rect.sq').count(), 144);
  assert.equal(await page.locator('g.fool').count(), 0);
  await screenshot(page, 'tamruat');
  await playAnyMove(page, 'c1');
  await waitMoves(page, 1);
  await newGame(page, { variant: 'tamruat', fen: '6k4r/P11/12/12/12/12/12/12/12/12/1PUPUPUPUPUL/RAXNB1KBNXAR w - - 0 1' });
  await click(page, 'a11');
  await click(page, 'a12');
  await page.waitForSelector('#promotion:not([hidden]) button[data-role]', WAIT);
  assert.deepEqual(await page.$$eval('#promotion button[data-role]', (b) => b.map((x) => x.dataset.role).sort()), ['queen', 'warlock']);
  await page.click('#promotion button[data-role="warlock"]');
  await waitMoves(page, 1);

  // Checkered chess: a move, then the switch as a visible action.
  await newGame(page, { variant: 'checkered' });
  await playAnyMove(page, 'g1');
  await waitMoves(page, 1);
  await newGame(page, { variant: 'checkered', fen: '4k3/8/8/8/3o4/8/8/4K3 w - - 0 1 0000000000000000 - 1' });
  assert.equal(await page.getAttribute('g.piece[data-square="d4"]', 'data-colour'), 'checkered');
  await page.waitForSelector('#switch:not([hidden])', WAIT);
  await screenshot(page, 'checkered');
  await page.click('#switch');
  await click(page, 'd4');
  await click(page, 'c2');
  await waitMoves(page, 1);
  assert.match(await page.textContent('#stage'), /Stage 2: White moves the checkered pieces/);

  // Chess960 array 0 from the form.
  await page.fill('#number', '0');
  await newGame(page, { variant: 'chess', chess960: true });
  await page.fill('#number', '');
  assert.equal(await page.inputValue('#fen'), 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
  await screenshot(page, 'chess960');

  // A second tab has a game of its own.
  const second = await browser.newPage();
  await second.goto(url);
  await second.waitForSelector('g.fool', WAIT);
  assert.equal(await moveCount(second), 0);
  assert.equal(await second.textContent('#variant-name'), 'Red Fool');
  await second.close();
  assert.equal(await page.textContent('#variant-name'), 'Chess960');

  // Back to Red Fool with the analysis on: the server must stop it when the tab closes.
  await newGame(page, { variant: 'redfool' });
  await page.check('#analyse');
  await page.waitForSelector('#lines li', WAIT);
  await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 2, null, WAIT);
  await page.evaluate(() => document.querySelectorAll('#new-game, #fen-box, #pgn-box').forEach((d) => { d.open = false; }));
  await screenshot(page, 'redfool-analysis', true);
  assert.deepEqual(errors, [], 'no script errors on the page');
  await page.close();
} catch (error) {
  // What the page showed when a check failed, for the test's message.
  await page.screenshot({ path: join(out, 'failure.png') }).catch(() => {});
  console.error(`page message: ${await page.textContent('#message').catch(() => '?')}; screenshot: ${join(out, 'failure.png')}`);
  throw error;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log('web board: all checks passed');
