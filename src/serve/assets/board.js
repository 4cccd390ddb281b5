// The redfool web board. It draws what the server says and sends what the
// player does: every rule (legal moves and their Fool answers, SAN, the
// pieces menacing the Fool, results) is the server's.
'use strict';

const SQ = 100;
const $ = (id) => document.getElementById(id);

const app = {
  socket: null,
  state: null,
  previous: null,
  analysis: null,
  flipped: false,
  selected: null,
  switchMode: false,
  // A move being completed: the candidates left once the squares are known.
  pending: null,
  drag: null,
  clockBase: null,
};

function connect() {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  app.socket = new WebSocket(url);
  app.socket.onmessage = (event) => receive(JSON.parse(event.data));
  app.socket.onclose = () => setMessage('The connection to the server is closed; reload the page to start again.');
}

function send(message) {
  if (app.socket && app.socket.readyState === WebSocket.OPEN) app.socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case 'state':
      app.previous = app.state;
      app.state = message;
      app.selected = null;
      app.pending = null;
      if (!message.moves.some((m) => m.switch)) app.switchMode = false;
      if (app.analysis && app.analysis.fen !== message.fen) app.analysis = null;
      app.clockBase = { at: performance.now(), clocks: message.clocks };
      render();
      break;
    case 'analysis':
      if (app.state && message.fen === app.state.fen) {
        app.analysis = message;
        renderAnalysis();
        renderArrow();
      }
      break;
    case 'error':
      setMessage(message.message);
      break;
    case 'pgn':
      $('pgn').value = message.text;
      const link = $('download-pgn');
      link.href = URL.createObjectURL(new Blob([message.text], { type: 'application/x-chess-pgn' }));
      link.hidden = false;
      $('pgn-box').open = true;
      break;
  }
}

function setMessage(text) {
  $('message').textContent = text;
}

// Square names and board coordinates.
function parseSquare(name) {
  return { file: name.charCodeAt(0) - 97, rank: parseInt(name.slice(1), 10) - 1 };
}
function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}
function topLeft(name) {
  const { file, rank } = parseSquare(name);
  const s = app.state;
  const col = app.flipped ? s.files - 1 - file : file;
  const row = app.flipped ? rank : s.ranks - 1 - rank;
  return { x: col * SQ, y: row * SQ };
}
function squareAt(clientX, clientY) {
  const svg = $('board');
  const box = svg.getBoundingClientRect();
  const s = app.state;
  const col = Math.floor(((clientX - box.left) / box.width) * s.files);
  const row = Math.floor(((clientY - box.top) / box.height) * s.ranks);
  if (col < 0 || row < 0 || col >= s.files || row >= s.ranks) return null;
  const file = app.flipped ? s.files - 1 - col : col;
  const rank = app.flipped ? row : s.ranks - 1 - row;
  return squareName(file, rank);
}

function el(tag, attrs, inner) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (inner !== undefined) node.innerHTML = inner;
  return node;
}

function pieceAt(square) {
  return app.state.pieces.find((p) => p.square === square);
}

// The moves the player may start now (the switch's in switch mode).
function playableMoves() {
  const s = app.state;
  if (!s || s.result || s.engine_thinking) return [];
  return s.moves.filter((m) => m.switch === app.switchMode);
}

function render() {
  const s = app.state;
  $('variant-name').textContent = s.variant_name;
  renderBoard();
  renderSide();
  renderAnalysis();
}

function renderBoard() {
  const s = app.state;
  const svg = $('board');
  const width = s.files * SQ;
  const height = s.ranks * SQ;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.innerHTML = '';
  svg.appendChild(el('defs', {}, checkerPattern() +
    '<radialGradient id="check-glow"><stop offset="0" stop-color="#ff0000" stop-opacity=".9"/>' +
    '<stop offset="1" stop-color="#ff0000" stop-opacity="0"/></radialGradient>' +
    '<marker id="arrowhead" markerWidth="4" markerHeight="4" refX="2.2" refY="2" orient="auto">' +
    '<path d="M0,0 L4,2 L0,4 Z" fill="rgba(21,120,27,.8)"/></marker>'));
  const squares = el('g', { id: 'squares' });
  for (let rank = 0; rank < s.ranks; rank++) {
    for (let file = 0; file < s.files; file++) {
      const name = squareName(file, rank);
      const { x, y } = topLeft(name);
      const light = (file + rank) % 2 === 1;
      squares.appendChild(el('rect', { x, y, width: SQ, height: SQ, class: `sq ${light ? 'light' : 'dark'}`, 'data-square': name }));
    }
  }
  svg.appendChild(squares);
  const marks = el('g', { id: 'marks' });
  if (s.last_move) {
    for (const name of [s.last_move.from, s.last_move.to]) {
      const { x, y } = topLeft(name);
      marks.appendChild(el('rect', { x, y, width: SQ, height: SQ, class: 'last' }));
    }
  }
  for (const name of s.checkers.length ? kingSquares() : []) {
    const { x, y } = topLeft(name);
    marks.appendChild(el('rect', { x, y, width: SQ, height: SQ, class: 'check' }));
  }
  if (app.selected) {
    const { x, y } = topLeft(app.selected);
    marks.appendChild(el('rect', { x, y, width: SQ, height: SQ, class: 'selected' }));
  }
  svg.appendChild(marks);
  renderCoordinates(svg);
  const pieces = el('g', { id: 'pieces' });
  const moved = freshMove();
  for (const p of s.pieces) {
    const { x, y } = topLeft(p.square);
    const start = moved && moved.to === p.square ? topLeft(moved.from) : { x, y };
    const g = el('g', { class: 'piece', 'data-square': p.square, 'data-role': p.role, 'data-colour': p.colour,
      transform: `translate(${start.x},${start.y})` }, pieceMarkup(p.role, p.colour));
    pieces.appendChild(g);
    if (start.x !== x || start.y !== y) requestAnimationFrame(() => requestAnimationFrame(() => g.setAttribute('transform', `translate(${x},${y})`)));
  }
  for (const victim of killedPieces(moved)) {
    const { x, y } = topLeft(victim.square);
    const g = el('g', { transform: `translate(${x},${y})` });
    g.appendChild(el('g', { class: 'killed' }, pieceMarkup(victim.role, victim.colour)));
    pieces.appendChild(g);
  }
  svg.appendChild(pieces);
  if (s.fool) {
    const { x, y } = topLeft(s.fool);
    const from = moved && moved.fool_from && moved.fool_to ? topLeft(moved.fool_from) : { x, y };
    const fool = el('g', { class: 'fool', 'data-square': s.fool, transform: `translate(${from.x},${from.y})` }, foolMarkup());
    svg.appendChild(fool);
    if (from.x !== x || from.y !== y) requestAnimationFrame(() => requestAnimationFrame(() => fool.setAttribute('transform', `translate(${x},${y})`)));
  }
  // Every piece menacing the Fool, outlined in dashed red.
  const menacers = el('g', { id: 'menacers' });
  for (const name of s.menacers) {
    const { x, y } = topLeft(name);
    menacers.appendChild(el('rect', { x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8, rx: 10, class: 'menacer', 'data-square': name }));
  }
  svg.appendChild(menacers);
  const targets = el('g', { id: 'targets' });
  if (app.selected && !app.pending) {
    const seen = new Set();
    for (const m of playableMoves().filter((m) => m.from === app.selected)) {
      for (const to of m.to) {
        if (seen.has(to)) continue;
        seen.add(to);
        const { x, y } = topLeft(to);
        targets.appendChild(el('circle', { cx: x + SQ / 2, cy: y + SQ / 2, r: pieceAt(to) ? 44 : 16, class: 'target', 'data-square': to,
          ...(pieceAt(to) ? { style: 'fill:none;stroke:rgba(20,85,30,.6);stroke-width:8' } : {}) }));
      }
    }
  }
  svg.appendChild(targets);
  if (app.pending && app.pending.stage === 'fool') renderFoolChoices(svg);
  svg.appendChild(el('g', { id: 'arrows' }));
  renderArrow();
}

// The kings (and emperors) in check, to light up.
function kingSquares() {
  const s = app.state;
  return s.pieces.filter((p) => (p.role === 'king' || p.role === 'emperor') && p.colour === s.turn).map((p) => p.square);
}

// The last move, when it was just played (one step forward), to animate.
function freshMove() {
  const s = app.state;
  const p = app.previous;
  if (!p || !s.last_move || p.variant !== s.variant || s.ply !== p.ply + 1) return null;
  return s.last_move;
}

// Pieces that the Fool's leap just killed: they fade out where they stood.
function killedPieces(moved) {
  if (!moved || !moved.fool_to) return [];
  return app.previous.pieces.filter((p) => p.square === moved.fool_to);
}

function renderCoordinates(svg) {
  const s = app.state;
  const g = el('g', { id: 'coordinates' });
  for (let file = 0; file < s.files; file++) {
    const name = squareName(file, app.flipped ? s.ranks - 1 : 0);
    const { x, y } = topLeft(name);
    const light = (file + (app.flipped ? s.ranks - 1 : 0)) % 2 === 1;
    g.appendChild(el('text', { x: x + SQ - 14, y: y + SQ - 5, class: `coord ${light ? 'on-light' : 'on-dark'}` }, String.fromCharCode(97 + file)));
  }
  for (let rank = 0; rank < s.ranks; rank++) {
    const file = app.flipped ? s.files - 1 : 0;
    const { x, y } = topLeft(squareName(file, rank));
    const light = (file + rank) % 2 === 1;
    g.appendChild(el('text', { x: x + 4, y: y + 16, class: `coord ${light ? 'on-light' : 'on-dark'}` }, String(rank + 1)));
  }
  svg.appendChild(g);
}

function renderFoolChoices(svg) {
  const g = el('g', { id: 'fool-choices' });
  for (const m of app.pending.moves) {
    const { x, y } = topLeft(m.fool_to);
    const choice = el('g', { class: 'fool-choice', 'data-square': m.fool_to, 'data-uci': m.uci, transform: `translate(${x},${y})` },
      `<rect x="3" y="3" width="94" height="94" rx="12" class="fool-choice-ring"/><g transform="translate(20,20) scale(.6)">${foolMarkup()}</g>`);
    const title = el('title', {}, `The Fool goes to ${m.fool_to}: ${m.san}`);
    choice.appendChild(title);
    g.appendChild(choice);
  }
  svg.appendChild(g);
}

function renderArrow() {
  const arrows = $('arrows');
  if (!arrows) return;
  arrows.innerHTML = '';
  const a = app.analysis;
  if (!$('analyse').checked || !a || !a.lines.length || a.fen !== app.state.fen) return;
  const from = topLeft(a.lines[0].from);
  const to = topLeft(a.lines[0].to);
  arrows.appendChild(el('line', { x1: from.x + SQ / 2, y1: from.y + SQ / 2, x2: to.x + SQ / 2, y2: to.y + SQ / 2,
    class: 'arrow', 'marker-end': 'url(#arrowhead)', 'data-from': a.lines[0].from, 'data-to': a.lines[0].to }));
}

function renderSide() {
  const s = app.state;
  const who = s.turn === 'white' ? 'White' : 'Black';
  $('status').textContent = s.result ? 'Game over' : s.engine_thinking ? `${who} to move: the engine is thinking…` : `${who} to move`;
  $('result').textContent = s.result || '';
  $('stage').textContent = s.stage || '';
  $('fen').value = s.fen;
  const sw = $('switch');
  sw.hidden = !s.moves.some((m) => m.switch);
  sw.classList.toggle('on', app.switchMode);
  renderMoveList();
  renderLegalMoves();
  renderClocks();
}

// The legal moves in SAN, Fool answers included; a click plays one.
function renderLegalMoves() {
  const box = $('legal');
  box.innerHTML = '';
  for (const m of app.state.moves) {
    const button = document.createElement('button');
    button.className = 'legal';
    button.textContent = m.san;
    Object.assign(button.dataset, { uci: m.uci, from: m.from, to: m.to[0], fool: m.fool_to || '', switch: m.switch });
    button.onclick = () => send({ type: 'move', uci: m.uci });
    box.appendChild(button);
  }
}

function renderMoveList() {
  const s = app.state;
  const list = $('moves');
  list.innerHTML = '';
  let number = s.first_move_number;
  let index = 0;
  const cell = (ply) => {
    const span = document.createElement('span');
    span.className = 'mv' + (ply + 1 === s.ply ? ' current' : '');
    span.dataset.ply = ply + 1;
    span.textContent = s.line[ply];
    span.onclick = () => send({ type: 'goto', ply: ply + 1 });
    return span;
  };
  while (index < s.line.length) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${number}.`;
    li.appendChild(num);
    if (index === 0 && s.first_move_black) {
      const gap = document.createElement('span');
      gap.textContent = '…';
      li.appendChild(gap);
    } else {
      li.appendChild(cell(index++));
    }
    if (index < s.line.length) li.appendChild(cell(index++));
    list.appendChild(li);
    number++;
  }
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function renderClocks() {
  const base = app.clockBase && app.clockBase.clocks;
  $('clocks').hidden = !base;
  if (!base) return;
  const spent = performance.now() - app.clockBase.at;
  for (const side of ['white', 'black']) {
    let ms = base[`${side}_ms`];
    if (base.running === side) ms = Math.max(0, ms - spent);
    const total = Math.ceil(ms / 100);
    const minutes = Math.floor(total / 600);
    const seconds = Math.floor((total % 600) / 10);
    const tenths = total % 10;
    const box = $(`clock-${side}`);
    box.querySelector('span').textContent = `${minutes}:${String(seconds).padStart(2, '0')}${minutes < 1 ? '.' + tenths : ''}`;
    box.classList.toggle('running', base.running === side);
  }
}
setInterval(renderClocks, 100);

function renderAnalysis() {
  const list = $('lines');
  list.innerHTML = '';
  const a = app.analysis;
  const on = $('analyse').checked;
  $('analysis-depth').textContent = on && a ? `depth ${a.depth}, ${a.nodes} nodes` : '';
  const bar = $('eval-white');
  if (!on || !a || !a.lines.length) {
    bar.style.height = '50%';
    $('eval-text').textContent = '';
    return;
  }
  for (const line of a.lines) {
    const li = document.createElement('li');
    li.className = 'line';
    li.textContent = `${line.score}  ${line.san}`;
    list.appendChild(li);
  }
  const cp = a.lines[0].white_cp;
  bar.style.height = `${(100 / (1 + Math.exp(-cp / 250))).toFixed(1)}%`;
  $('eval-text').textContent = a.lines[0].score;
}

// Moving: a click or a drag from a square to another.
function tryMove(from, to) {
  const candidates = playableMoves().filter((m) => m.from === from && m.to.includes(to));
  app.selected = null;
  if (!candidates.length) {
    // The server says why not.
    send({ type: 'move', uci: from + to });
    renderBoard();
    return;
  }
  choose(candidates);
}

// Narrows down the candidates with the player's help: promotion, then the
// Fool's answer; plays the move once one is left.
function choose(candidates) {
  const promotions = [...new Set(candidates.map((m) => m.promotion))];
  if (promotions.length > 1) {
    app.pending = { stage: 'promotion', moves: candidates };
    showPromotion(candidates, promotions);
    return;
  }
  const answers = [...new Set(candidates.map((m) => m.fool_to))];
  if (answers.length > 1) {
    app.pending = { stage: 'fool', moves: candidates };
    setMessage('Where does the Fool go? Pick one of the squares marked with him.');
    renderBoard();
    return;
  }
  app.pending = null;
  setMessage('');
  send({ type: 'move', uci: candidates[0].uci });
}

function showPromotion(candidates, roles) {
  const box = $('promotion');
  box.innerHTML = '';
  const colour = app.state.turn;
  for (const role of roles) {
    const button = document.createElement('button');
    button.dataset.role = role;
    button.title = role;
    button.innerHTML = `<svg viewBox="0 0 100 100">${pieceMarkup(role, candidates[0].switch ? 'checkered' : colour)}</svg>`;
    button.onclick = () => {
      box.hidden = true;
      choose(candidates.filter((m) => m.promotion === role));
    };
    box.appendChild(button);
  }
  const cancel = document.createElement('button');
  cancel.textContent = '✕';
  cancel.title = 'cancel';
  cancel.onclick = () => { box.hidden = true; app.pending = null; renderBoard(); };
  box.appendChild(cancel);
  box.hidden = false;
}

function onSquare(square) {
  if (!app.state || !square) return;
  if (app.pending) {
    if (app.pending.stage === 'fool') {
      const pick = app.pending.moves.find((m) => m.fool_to === square);
      app.pending = null;
      setMessage('');
      if (pick) send({ type: 'move', uci: pick.uci });
      renderBoard();
    }
    return;
  }
  if (app.selected && app.selected !== square && !startsMove(square)) {
    tryMove(app.selected, square);
    return;
  }
  if (app.selected && app.selected !== square && startsMove(square) && playableMoves().some((m) => m.from === app.selected && m.to.includes(square))) {
    // Castling by moving the king onto its rook.
    tryMove(app.selected, square);
    return;
  }
  app.selected = app.selected === square ? null : startsMove(square) ? square : null;
  renderBoard();
}

function startsMove(square) {
  return playableMoves().some((m) => m.from === square);
}

function setupPointer() {
  const svg = $('board');
  svg.addEventListener('pointerdown', (event) => {
    const square = squareAt(event.clientX, event.clientY);
    if (!square) return;
    if (!app.pending && startsMove(square) && app.selected !== square) {
      const moving = app.selected && playableMoves().some((m) => m.from === app.selected && m.to.includes(square));
      if (!moving) {
        app.selected = square;
        renderBoard();
        app.drag = { from: square, x: event.clientX, y: event.clientY, ghost: null };
        svg.setPointerCapture(event.pointerId);
        return;
      }
    }
    app.drag = null;
    onSquare(square);
  });
  svg.addEventListener('pointermove', (event) => {
    const drag = app.drag;
    if (!drag) return;
    if (!drag.ghost && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > 6) {
      const original = svg.querySelector(`.piece[data-square="${drag.from}"]`);
      if (!original) return;
      drag.ghost = original.cloneNode(true);
      drag.ghost.classList.add('dragging');
      original.style.opacity = '.3';
      svg.appendChild(drag.ghost);
    }
    if (drag.ghost) {
      const box = svg.getBoundingClientRect();
      const scale = (app.state.files * SQ) / box.width;
      const x = (event.clientX - box.left) * scale - SQ / 2;
      const y = (event.clientY - box.top) * scale - SQ / 2;
      drag.ghost.setAttribute('transform', `translate(${x},${y})`);
    }
  });
  svg.addEventListener('pointerup', (event) => {
    const drag = app.drag;
    app.drag = null;
    if (!drag || !drag.ghost) return;
    const square = squareAt(event.clientX, event.clientY);
    if (square && square !== drag.from) tryMove(drag.from, square);
    else renderBoard();
  });
}

function newGameMessage(fen) {
  const kind = $('strength-kind').value;
  const value = parseInt($('strength').value, 10);
  const strength = {};
  if (kind === 'clock') {
    strength.clock_ms = Math.round(parseFloat($('strength').value) * 60000);
    strength.increment_ms = Math.round(parseFloat($('increment').value || '0') * 1000);
  } else if (!Number.isNaN(value)) {
    strength[kind] = value;
  }
  const message = { type: 'new', variant: $('variant').value, chess960: $('chess960').checked, human: $('human').value, strength };
  const number = $('number').value;
  if (fen) message.fen = fen;
  else if (number !== '') message.number = parseInt(number, 10);
  else if ($('chess960').checked) message.number = Math.floor(Math.random() * 960);
  return message;
}

function setupControls() {
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    app.flipped = $('human').value === 'black';
    setMessage('');
    send(newGameMessage($('start-fen').value.trim()));
  });
  $('strength-kind').addEventListener('change', () => {
    const kind = $('strength-kind').value;
    $('increment-box').hidden = kind !== 'clock';
    $('strength').value = { movetime_ms: 1000, depth: 8, nodes: 100000, clock: 5 }[kind];
  });
  $('first').onclick = () => send({ type: 'goto', ply: 0 });
  $('back').onclick = () => app.state && app.state.ply > 0 && send({ type: 'goto', ply: app.state.ply - 1 });
  $('forward').onclick = () => app.state && app.state.ply < app.state.line.length && send({ type: 'goto', ply: app.state.ply + 1 });
  $('last').onclick = () => app.state && send({ type: 'goto', ply: app.state.line.length });
  $('takeback').onclick = () => send({ type: 'takeback' });
  $('flip').onclick = () => { app.flipped = !app.flipped; renderBoard(); };
  $('switch').onclick = () => { app.switchMode = !app.switchMode; app.selected = null; render(); };
  const analyse = () => send({ type: 'analyse', on: $('analyse').checked, multipv: parseInt($('multipv').value, 10) });
  $('analyse').onchange = () => { app.analysis = null; analyse(); renderAnalysis(); renderArrow(); };
  $('multipv').onchange = analyse;
  $('load-fen').onclick = () => send(newGameMessage($('fen').value.trim()));
  $('copy-fen').onclick = async () => {
    try {
      await navigator.clipboard.writeText(app.state.fen);
      setMessage('FEN copied.');
    } catch {
      $('fen').select();
      document.execCommand('copy');
    }
  };
  $('export-pgn').onclick = () => send({ type: 'export_pgn' });
  $('import-pgn').onclick = () => send({ type: 'import_pgn', pgn: $('pgn').value });
  const size = () => document.documentElement.style.setProperty('--board-size', `${$('size').value}px`);
  $('size').oninput = size;
  size();
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    const keys = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' };
    if (keys[event.key]) { event.preventDefault(); $(keys[event.key]).click(); }
    if (event.key === 'Escape' && app.pending) { app.pending = null; $('promotion').hidden = true; renderBoard(); }
  });
}

setupControls();
setupPointer();
connect();
