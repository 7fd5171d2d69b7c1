// gridlock's page: draws a board, picks pieces, runs `POST /api/pack` and shows the
// streamed events (docs/serve.md). A plain module: no framework, no build step.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the API

/** A refusal of the API: its HTTP status and one-line message. */
class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Runs `command` with the flags of `request`, calling `onEvent` for every event of the
 * answer, until the stream ends or `signal` aborts it (then the server kills the job).
 */
async function runJob(command, request, onEvent, signal) {
  // Errors inline: a typo is an `error` event, not a failed request in the console.
  const response = await fetch(`/api/${command}?errors=inline`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({ error: response.statusText }));
    throw new ApiError(response.status, body.error);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim()) onEvent(JSON.parse(line));
    }
  }
}

/** A picture of `tiles` (and the empty cells of `board`, a drawing) by the server's renderer. */
async function draw(lattice, board, tiles) {
  const response = await fetch('/api/draw?errors=inline', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lattice, board, tiles }),
  });
  const text = await response.text();
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/svg')) {
    throw new ApiError(response.status, JSON.parse(text).error);
  }
  return text;
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------- boards

const PRESETS = {
  square: [
    ['6x10 rectangle', null, { rows: 6, cols: 10 }, 'pentominoes'],
    ["Scott's 8x8 with the hole", '........\n........\n........\n...##...\n...##...\n........\n........\n........\n', { rows: 8, cols: 8 }, 'pentominoes'],
    ['5x12 rectangle', null, { rows: 5, cols: 12 }, 'pentominoes'],
    ['4x5 rectangle', null, { rows: 4, cols: 5 }, 'tetrominoes'],
    ['8x8 square', null, { rows: 8, cols: 8 }, 'dominoes'],
  ],
  triangular: [['6x6 rhombus', null, { rows: 6, cols: 12 }, 'hexiamonds']],
  hexagonal: [['4x7 rhombus', null, { rows: 7, cols: 4 }, 'tetrahexes']],
  cubic: [
    ['3x3x3 cube', null, { rows: 3, cols: 3, layers: 3 }, 'soma'],
    ['4x4x4 cube', null, { rows: 4, cols: 4, layers: 4 }, 'tetris-cube'],
  ],
};

/** A full board of `lattice` in its drawing (README, "Drawings on every lattice"). */
function fullBoard(lattice, rows, cols, layers) {
  const lines = [];
  if (lattice === 'triangular') {
    for (let r = 0; r < rows; r++) lines.push(' '.repeat(rows - r) + '.'.repeat(cols));
  } else if (lattice === 'hexagonal') {
    for (let r = 0; r < rows; r++) lines.push(' '.repeat(rows - 1 - r) + Array(cols).fill('.').join(' '));
  } else if (lattice === 'cubic') {
    for (let z = 0; z < layers; z++) {
      if (z > 0) lines.push('');
      for (let r = 0; r < rows; r++) lines.push('.'.repeat(cols));
    }
  } else {
    for (let r = 0; r < rows; r++) lines.push('.'.repeat(cols));
  }
  return withHeader(lattice, lines.join('\n') + '\n');
}

function withHeader(lattice, body) {
  return lattice === 'square' ? body : `lattice: ${lattice}\n${body}`;
}

/** The board text's lines after its `lattice:` header. */
function boardLines(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first >= 0 && lines[first].trim().startsWith('lattice:')) return { header: lines.slice(0, first + 1), body: lines.slice(first + 1) };
  return { header: [], body: lines };
}

/** `RxC` when the text is a full rectangle of the square lattice, else null. */
function rectangleOf(text) {
  const { header, body } = boardLines(text);
  if (header.length) return null;
  const rows = body.slice();
  while (rows.length && rows[rows.length - 1] === '') rows.pop();
  if (!rows.length || !/^\.+$/.test(rows[0]) || !rows.every((l) => l === rows[0])) return null;
  return `${rows.length}x${rows[0].length}`;
}

/** Draws the board text as a grid of clickable characters: '.' a cell, '#' outside. */
function renderGrid() {
  const grid = $('grid');
  grid.replaceChildren();
  const { body } = boardLines(state.board);
  while (body.length && body[body.length - 1] === '') body.pop();
  const width = Math.max(1, ...body.map((l) => l.length));
  grid.style.gridTemplateColumns = `repeat(${width}, 22px)`;
  body.forEach((line, r) => {
    if (line.trim() === '') {
      for (let c = 0; c < width; c++) grid.append(Object.assign(document.createElement('div'), { className: 'gap' }));
      return;
    }
    for (let c = 0; c < width; c++) {
      const ch = line[c] ?? ' ';
      if (ch === '.' || ch === '#' || (ch === ' ' && state.lattice === 'square')) {
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = ch === '.' ? 'cell on' : 'cell';
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.title = `line ${r + 1}, column ${c + 1}`;
        cell.addEventListener('click', () => toggle(r, c));
        grid.append(cell);
      } else {
        grid.append(Object.assign(document.createElement('div'), { className: 'blank' }));
      }
    }
  });
}

function toggle(r, c) {
  const { header, body } = boardLines(state.board);
  const line = body[r].padEnd(c + 1, state.lattice === 'square' ? '#' : ' ');
  const ch = line[c] === '.' ? '#' : '.';
  body[r] = line.slice(0, c) + ch + line.slice(c + 1);
  setBoard([...header, ...body].join('\n'));
}

let previewTimer = null;

function setBoard(text) {
  state.board = text;
  if ($('board-text').value !== text) $('board-text').value = text;
  renderGrid();
  updateShare();
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 200);
}

/** The board drawn by the server (its parser and renderer): errors show inline. */
async function preview() {
  $('board-error').textContent = '';
  if (state.lattice === 'square') {
    $('board-preview').replaceChildren();
    return;
  }
  try {
    $('board-preview').innerHTML = await draw(state.lattice, state.board, []);
  } catch (e) {
    $('board-preview').replaceChildren();
    $('board-error').textContent = e.message;
  }
}

// ---------------------------------------------------------------- pieces

let SETS = [];

function fillSets() {
  const select = $('set');
  const current = select.value;
  select.replaceChildren();
  for (const set of SETS.filter((s) => s.lattice === state.lattice)) {
    select.append(new Option(`${set.name} (${set.pieces.length})`, set.name));
  }
  if ([...select.options].some((o) => o.value === current)) select.value = current;
  showSet();
}

/** The chosen set's pieces, side by side, drawn by the server's renderer. */
async function showSet() {
  const set = SETS.find((s) => s.name === $('set').value);
  if (!set) {
    $('set-pieces').replaceChildren();
    return;
  }
  // Each piece moved along y past the one before (a translation on every lattice).
  let offset = 0;
  const tiles = set.pieces.map((p) => {
    const ys = p.cells.map((c) => c[1]);
    const shift = offset - Math.min(...ys);
    offset += Math.max(...ys) - Math.min(...ys) + 2;
    return { piece: p.name, cells: p.cells.map((c) => [c[0], c[1] + shift, ...c.slice(2)]) };
  });
  try {
    const picture = await draw(set.lattice, undefined, tiles);
    if ($('set').value === set.name) $('set-pieces').innerHTML = picture;
  } catch (e) {
    $('set-pieces').textContent = e.message;
  }
}

// ---------------------------------------------------------------- the problem

const state = {
  lattice: 'square',
  board: '',
  extra: {}, // keys of a shared link that the form does not show
  solutions: [],
  answer: null,
  shown: -1,
  picture: '',
  controller: null,
};

/** The request of the form: the API's keys (docs/serve.md). */
function problem() {
  const request = {};
  const rect = state.lattice === 'square' ? rectangleOf(state.board) : null;
  if (rect) request.rect = rect;
  else request.board = state.board;
  if ($('custom').checked) request.pieces = $('pieces-text').value;
  else request.pieces = $('set').value;
  if ($('copies').value.trim()) request.copies = $('copies').value.trim();
  if ($('one-sided').checked) request.one_sided = true;
  if ($('unique').checked) request.unique = true;
  return { ...state.extra, ...request };
}

function updateShare() {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(problem())) query.set(k, String(v));
  $('share').href = `/?${query}`;
}

function setBusy(busy) {
  for (const id of ['solve', 'count', 'all']) $(id).disabled = busy;
  $('stop').disabled = !busy;
}

/** Tiles of a solution of any kind (`pieces` by name or `tiles`). */
function tilesOf(solution) {
  if (solution.tiles) return solution.tiles;
  return Object.entries(solution.pieces ?? {}).map(([piece, cells]) => ({ piece, cells }));
}

async function show(k) {
  state.shown = k;
  const n = state.solutions.length;
  $('position').textContent = n ? `${k + 1} of ${n}` : '';
  $('prev').disabled = k <= 0;
  $('next').disabled = k >= n - 1;
  $('download-svg').disabled = !n;
  if (!n) {
    $('drawing').replaceChildren();
    return;
  }
  const board = state.lattice === 'square' && rectangleOf(state.board) ? undefined : state.board;
  try {
    state.picture = await draw(state.lattice, board, tilesOf(state.solutions[k]));
    if (state.shown === k) $('drawing').innerHTML = state.picture;
  } catch (e) {
    $('error').textContent = e.message;
  }
}

/** The answer's summary: the verdict, and the number for a count. */
function summary(answer, listed) {
  if (answer.verdict === 'count') return `count: ${answer.count}`;
  if (listed !== null && answer.verdict === 'solved') return `solved: ${listed} listed`;
  return answer.verdict;
}

function showError(message) {
  $('error').textContent = message;
  if (message.startsWith('board:')) $('board-error').textContent = message;
  if (message.startsWith('pieces:')) $('pieces-error').textContent = message;
}

/** Runs the form's problem: `mode` is solve, count or all. */
async function run(mode) {
  if (state.controller) state.controller.abort();
  const request = problem();
  delete request.count;
  delete request.all;
  if (mode === 'count') request.count = true;
  if (mode === 'all') request.all = true;
  for (const id of ['error', 'board-error', 'pieces-error', 'progress', 'answer']) $(id).textContent = '';
  state.solutions = [];
  state.answer = null;
  $('download-json').disabled = true;
  show(-1);
  const controller = new AbortController();
  state.controller = controller;
  setBusy(true);
  let listed = null;
  let lastLog = '';
  const started = performance.now();
  try {
    await runJob('pack', request, (event) => {
      switch (event.event) {
        case 'item':
          state.solutions.push(event.value);
          listed = state.solutions.length;
          if (listed === 1) show(0);
          else $('position').textContent = `${state.shown + 1} of ${listed}`;
          $('next').disabled = state.shown >= listed - 1;
          break;
        case 'progress': {
          const seconds = event.seconds;
          const rate = seconds > 0 ? Math.round(event.items / seconds) : 0;
          $('progress').textContent = `${seconds.toFixed(1)} s` + (event.items ? `, ${event.items} solutions (${rate}/s)` : '') + (lastLog ? `; ${lastLog}` : '');
          break;
        }
        case 'log':
          lastLog = event.text;
          break;
        case 'answer':
          state.answer = event;
          if (event.answer.verdict === 'solved' && !event.streamed) {
            state.solutions = [event.answer];
            show(0);
          }
          $('answer').textContent = summary(event.answer, event.streamed ? event.streamed.items : null);
          $('download-json').disabled = false;
          break;
        case 'error':
          showError(event.message);
          break;
        case 'end':
          $('progress').textContent = event.status === 0 ? `done in ${event.seconds.toFixed(3)} s` : `ended (status ${event.status})`;
          break;
      }
    }, controller.signal);
  } catch (e) {
    if (e.name === 'AbortError') {
      $('progress').textContent = `stopped after ${((performance.now() - started) / 1000).toFixed(1)} s`;
      $('answer').textContent = 'stopped';
    } else {
      showError(e.message);
    }
  } finally {
    if (state.controller === controller) {
      state.controller = null;
      setBusy(false);
    }
  }
}

async function downloadDlx() {
  const request = problem();
  request.emit_knuth = true;
  let text = '';
  try {
    await runJob('pack', request, (event) => {
      if (event.event === 'output') text = event.text;
      if (event.event === 'error') showError(event.message);
    });
  } catch (e) {
    showError(e.message);
    return;
  }
  if (text) download('problem.dlx', 'text/plain', text);
}

function downloadJson() {
  if (!state.answer) return;
  const answer = { ...state.answer.answer };
  if (state.answer.streamed) answer[state.answer.streamed.key] = state.solutions;
  download('answer.json', 'application/json', JSON.stringify(answer, null, 1) + '\n');
}

// ---------------------------------------------------------------- the second tab

let COMMANDS = {};

function fillCommands() {
  const select = $('any-command');
  for (const name of Object.keys(COMMANDS)) select.append(new Option(name, name));
  select.value = 'xc';
  showFlags();
}

function showFlags() {
  const command = COMMANDS[$('any-command').value];
  if (!command) return;
  $('any-flag-list').textContent = 'flags: ' + Object.entries(command.flags).map(([f, k]) => (k === 'switch' ? f : `${f}=…`)).join(', ');
}

async function runAny() {
  const command = $('any-command').value;
  for (const id of ['any-error', 'any-answer', 'any-progress', 'any-output']) $(id).textContent = '';
  $('any-picture').replaceChildren();
  let request;
  try {
    request = JSON.parse($('any-flags').value || '{}');
  } catch (e) {
    $('any-error').textContent = `flags: ${e.message}`;
    return;
  }
  if (COMMANDS[command].input) request.input = $('any-input').value;
  const controller = new AbortController();
  $('any-run').disabled = true;
  $('any-stop').disabled = false;
  $('any-stop').onclick = () => controller.abort();
  const items = [];
  let key = null;
  try {
    await runJob(command, request, (event) => {
      if (event.event === 'item') {
        key = event.key;
        if (items.length < 1000) items.push(event.value);
      } else if (event.event === 'progress') {
        $('any-progress').textContent = `${event.seconds.toFixed(1)} s, ${event.items} items`;
      } else if (event.event === 'log') {
        $('any-progress').textContent = event.text;
      } else if (event.event === 'answer') {
        const answer = { ...event.answer };
        if (event.streamed) answer[event.streamed.key] = items;
        const verdict = answer.verdict ?? (key ? `${event.streamed.items} ${key}` : '');
        $('any-answer').textContent = answer.verdict === 'count' ? `count: ${answer.count}` : verdict;
        $('any-output').textContent = JSON.stringify(answer, null, 1);
      } else if (event.event === 'output') {
        $('any-output').textContent = event.text;
      } else if (event.event === 'svg') {
        $('any-picture').innerHTML = event.svg;
      } else if (event.event === 'error') {
        $('any-error').textContent = event.message;
      }
    }, controller.signal);
  } catch (e) {
    if (e.name === 'AbortError') $('any-answer').textContent = 'stopped';
    else $('any-error').textContent = e.message;
  } finally {
    $('any-run').disabled = false;
    $('any-stop').disabled = true;
  }
}

// ---------------------------------------------------------------- wiring

function setLattice(lattice) {
  state.lattice = lattice;
  $('lattice').value = lattice;
  $('layers-label').hidden = lattice !== 'cubic';
  const presets = $('preset');
  presets.replaceChildren(new Option('—', ''));
  PRESETS[lattice].forEach(([name], k) => presets.append(new Option(name, String(k))));
  fillSets();
}

function applyPreset(k) {
  const [, text, size, set] = PRESETS[state.lattice][k];
  if (size) {
    $('rows').value = size.rows;
    $('cols').value = size.cols;
    if (size.layers) $('layers').value = size.layers;
  }
  setBoard(text ?? fullBoard(state.lattice, size.rows, size.cols, size.layers ?? 1));
  if ([...$('set').options].some((o) => o.value === set)) $('set').value = set;
  showSet();
  updateShare();
}

/** Opens the problem of a shared link (`/?rect=6x10&pieces=pentominoes&count=true`) and runs it. */
function openLink() {
  const params = new URLSearchParams(location.search);
  if (![...params.keys()].length) return false;
  const values = {};
  for (const [k, v] of params) values[k] = v === 'true' ? true : v === 'false' ? false : v;
  const { rect, board, pieces, copies, one_sided, unique, count, all, lattice, ...extra } = values;
  let text = board;
  let l = lattice ?? 'square';
  if (typeof board === 'string') {
    const header = boardLines(board).header.join('').match(/lattice:\s*(\w+)/);
    if (header) l = header[1];
  }
  if (!PRESETS[l]) l = 'square';
  setLattice(l);
  if (typeof rect === 'string') {
    const [rows, cols] = rect.split('x').map(Number);
    $('rows').value = rows;
    $('cols').value = cols;
    text = fullBoard('square', rows, cols, 1);
  }
  if (typeof pieces === 'string') {
    if (SETS.some((s) => s.name === pieces && s.lattice === l)) {
      $('set').value = pieces;
      showSet();
    } else {
      $('custom').checked = true;
      $('pieces-text').hidden = false;
      $('pieces-text').value = pieces;
    }
  }
  if (copies !== undefined) $('copies').value = String(copies);
  $('one-sided').checked = one_sided === true;
  $('unique').checked = unique === true;
  state.extra = extra;
  setBoard(text ?? fullBoard(l, 6, 10, 1));
  if (count === true) run('count');
  else if (all === true) run('all');
  else run('solve');
  return true;
}

async function main() {
  const [sets, commands] = await Promise.all([fetch('/api/sets').then((r) => r.json()), fetch('/api/commands').then((r) => r.json())]);
  SETS = sets.sets;
  COMMANDS = commands.commands;
  fillCommands();
  $('lattice').addEventListener('change', () => {
    setLattice($('lattice').value);
    applyPreset(0);
  });
  $('preset').addEventListener('change', () => {
    if ($('preset').value !== '') applyPreset(Number($('preset').value));
  });
  $('new-board').addEventListener('click', () =>
    setBoard(fullBoard(state.lattice, Number($('rows').value), Number($('cols').value), Number($('layers').value))),
  );
  $('board-text').addEventListener('input', () => setBoard($('board-text').value));
  $('set').addEventListener('change', () => {
    showSet();
    updateShare();
  });
  $('custom').addEventListener('change', () => {
    $('pieces-text').hidden = !$('custom').checked;
    updateShare();
  });
  for (const id of ['pieces-text', 'copies', 'one-sided', 'unique']) $(id).addEventListener('input', updateShare);
  for (const id of ['one-sided', 'unique']) $(id).addEventListener('change', updateShare);
  $('solve').addEventListener('click', () => run('solve'));
  $('count').addEventListener('click', () => run('count'));
  $('all').addEventListener('click', () => run('all'));
  $('stop').addEventListener('click', () => state.controller?.abort());
  $('prev').addEventListener('click', () => show(state.shown - 1));
  $('next').addEventListener('click', () => show(state.shown + 1));
  $('download-svg').addEventListener('click', () => download('packing.svg', 'image/svg+xml', state.picture));
  $('download-json').addEventListener('click', downloadJson);
  $('download-dlx').addEventListener('click', downloadDlx);
  $('any-command').addEventListener('change', showFlags);
  $('any-run').addEventListener('click', runAny);
  for (const [tab, panel] of [['tab-pack', 'pack-panel'], ['tab-any', 'any-panel']]) {
    $(tab).addEventListener('click', () => {
      for (const t of ['tab-pack', 'tab-any']) $(t).classList.toggle('active', t === tab);
      $('pack-panel').hidden = panel !== 'pack-panel';
      $('any-panel').hidden = panel !== 'any-panel';
    });
  }
  if (!openLink()) {
    setLattice('square');
    applyPreset(0);
  }
  document.body.dataset.ready = 'true';
}

main().catch((e) => {
  $('error').textContent = `the page could not start: ${e.message}`;
});
