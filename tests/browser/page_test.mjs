// The HTML page (--format html) in a real browser: headless Chromium,
// driven over its DevTools protocol. One case a run (CTest makes each its
// own test): hp2ps-ng writes the page, then every check below runs on it.
// Exit 0: passed; 1: a check failed (each failure is named); 77: skipped
// (no chromium).
//   node page_test.mjs CASE HP2PS_NG GOLDEN_INPUTS SCRATCH_DIR
// With HPNG_SCREENSHOTS=DIR, also writes DIR/html-CASE-light.png and -dark.png.
// Case "input" draws HPNG_INPUT with HPNG_FLAGS (not a CTest entry: for the
// bench's large profiles).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Browser } from './cdp.mjs';

const [caseName, exe, inputs, scratch] = process.argv.slice(2);
const MB = 1 << 20;

// A profile of many bands: the page stays under 1 MB whatever the input.
function manyBands(path) {
  const lines = ['JOB "many"', 'DATE "Thu Nov 26 00:00 2026"', 'SAMPLE_UNIT "seconds"', 'VALUE_UNIT "bytes"'];
  for (let s = 0; s < 300; ++s) {
    lines.push(`BEGIN_SAMPLE ${(s / 10).toFixed(1)}`);
    for (let b = 0; b < 1500; ++b) lines.push(`(${b})a/long/cost/centre/stack/number/${b}/Main.CAF\t${(b % 97 + 1) * (s + 1) * 8}`);
    lines.push(`END_SAMPLE ${(s / 10).toFixed(1)}`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  return [path];
}

// Names with control characters (ESC, SOH, CR), the largest band among
// them, so that the first key entry is one: a click on it lights its band.
function controlNames(path) {
  const lines = ['JOB "control"', 'DATE "Thu Nov 26 00:00 2026"', 'SAMPLE_UNIT "seconds"', 'VALUE_UNIT "bytes"'];
  for (let s = 0; s < 20; ++s) {
    lines.push(`BEGIN_SAMPLE ${s}.0`, `esc\x1b[31m\t${9000 * (s + 1)}`, `soh\x01x\t${5000 * (s + 1)}`, `cr\rx\t${3000 * (s + 1)}`,
      `plain\t${1000 * (s + 1)}`, `END_SAMPLE ${s}.0`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  return [path];
}

const cases = {
  hp: () => ['-c', join(inputs, 'leakyavg.hc.hp')],
  eventlog: () => ['-c', '--heap-lines', join(inputs, 'leak-hT-N2.eventlog')],
  compare: () => ['-c', '--compare', join(inputs, 'banksim.hc.hp'), join(inputs, 'banksim.hc-i0.001.hp')],
  diff: () => ['-c', '--diff', join(inputs, 'banksim.hc.hp'), join(inputs, 'banksim.hc-i0.001.hp')],
  'many-bands': () => ['-m0', ...manyBands(join(scratch, 'many.hp'))],
  'control-names': () => ['-c', ...controlNames(join(scratch, 'control.hp'))],
  // A real GHC 9.6 -hi log (today's corpus, in the build tree): its records in the table.
  hi: () => [join(process.env.HPNG_TODAY || '.', 'ghc-9.6.6/cache/cache.hi.eventlog')],
  // By hand: any profile (bench/run.sh's 200 MB ones): HPNG_INPUT=FILE, HPNG_FLAGS="-c".
  input: () => [...(process.env.HPNG_FLAGS || '').split(' ').filter(Boolean), process.env.HPNG_INPUT],
};

const failures = [];
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : ': ' + detail}`);
  if (!ok) failures.push(name);
}

function findChromium() {
  for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return null;
}

// Nothing the page could fetch: the only http(s) text is SVG's namespaces.
function checkSelfContained(text) {
  check('page under 1 MB', text.length < MB, `${text.length} bytes`);
  const external = [...text.matchAll(/https?:\/\/[^"' )<]*/g)].map(m => m[0]).filter(u => !u.startsWith('http://www.w3.org/'));
  check('no external address in the page', external.length === 0, external.slice(0, 3).join(' '));
  check('no src, href or @import', !/\s(src|href)\s*=|@import/.test(text));
  check('url() only to the page itself', [...text.matchAll(/url\(([^)]*)\)/g)].every(m => m[1].startsWith('#')));
}

// Where on the screen a chart's graph is: [left, top, width, height].
const graphBox = k => `(() => {
  const d = JSON.parse(document.getElementById('hpng-data').textContent), c = d.charts[${k}], g = c.graph;
  const svg = document.querySelector('#chart svg'), s = svg.viewBox.baseVal.width / d.frame[0];
  const m = svg.getScreenCTM(), top = (c.page * d.frame[1] + d.frame[1] - g.y0 - g.height) * s;
  const p = new DOMPoint(g.x0 * s, top).matrixTransform(m), q = new DOMPoint((g.x0 + g.width) * s, top + g.height * s).matrixTransform(m);
  return [p.x, p.y, q.x - p.x, q.y - p.y];
})()`;

async function checkBands(page) {
  const r = await page.eval(`(() => {
    const d = JSON.parse(document.getElementById('hpng-data').textContent);
    const drawn = new Set([...document.querySelectorAll('#chart path[data-band]')].map(p => p.dataset.band));
    const keyed = new Set([...document.querySelectorAll('#legend button[data-band]')].map(b => b.dataset.band));
    const tables = [...document.querySelectorAll('table.figures')].map(t => [...t.tBodies[0].rows].map(r => r.dataset.band));
    return d.charts.map((c, k) => ({ names: c.bands.map(b => b.name), drawn: [...drawn], keyed: [...keyed], rows: tables[k] || [],
      fills: c.bands.filter(b => b.name !== 'OTHER').map(b => b.fill),
      swatches: [...document.querySelectorAll('#legend button[data-band] .swatch')].map(s => getComputedStyle(s).backgroundColor) }));
  })()`);
  // A page is in colour whatever the flags (-c included): no band but
  // OTHER grey, in the data and in the key's swatches as the browser shows them.
  const greyHex = f => f.slice(1, 3) === f.slice(3, 5) && f.slice(3, 5) === f.slice(5, 7);
  const greyCss = c => { const m = c.match(/\d+/g); return m && m[0] === m[1] && m[1] === m[2]; };
  for (const [k, c] of r.entries()) {
    check(`chart ${k}: no band but OTHER is grey`, c.fills.every(f => !greyHex(f)), c.fills.filter(greyHex).slice(0, 3).join(' '));
    check(`chart ${k}: the key's swatches are in colour`, c.swatches.filter(greyCss).length <= 1, c.swatches.slice(0, 4).join(' '));
  }
  // The SVG spells a name as XML can hold it: C0 controls but tab and
  // newline as spaces, U+FFFE and U+FFFF as U+FFFD.
  const asXml = n => n.replace(/[\x00-\x08\x0b-\x1f]/g, ' ').replace(/[\ufffe\uffff]/g, '\ufffd');
  for (const [k, c] of r.entries()) {
    const missing = c.names.filter(n => !c.drawn.includes(asXml(n)));
    check(`chart ${k}: every band is drawn with data-band`, missing.length === 0, missing.slice(0, 3).join(', '));
    check(`chart ${k}: every band has a key entry`, c.names.every(n => c.keyed.includes(n)));
    check(`chart ${k}: every band has one table row`, c.rows.length === c.names.length && c.names.every(n => c.rows.includes(n)), `${c.rows.length} rows for ${c.names.length} bands`);
  }
}

async function checkHover(page) {
  await page.eval(`window.scrollTo(0, 0)`);
  const [x, y, w, h] = await page.eval(graphBox(0));
  // Where the largest band peaks: something is there to show.
  const at = await page.eval(`(() => { const c = JSON.parse(document.getElementById('hpng-data').textContent).charts[0];
    const b = c.bands.reduce((a, b) => b.figures.peak > a.figures.peak ? b : a); return (b.figures.peak_time - c.graph.t0) / c.graph.x_range; })()`);
  await page.mouse('mouseMoved', x + w * Math.min(Math.max(at, 0.01), 0.99), y + h * 0.6);
  const tip = await page.eval(`(() => { const t = document.getElementById('tip'); return { hidden: t.hidden, text: t.textContent, rows: t.querySelectorAll('tr').length,
    guide: document.getElementById('hpng-guide')?.style.display !== 'none' && !!document.getElementById('hpng-guide') }; })()`);
  check('hover shows the time and the bands there', !tip.hidden && /\d/.test(tip.text) && tip.rows > 0, JSON.stringify(tip).slice(0, 200));
  check('hover draws the guide line', tip.guide);
  const marks = await page.eval(`JSON.parse(document.getElementById('hpng-data').textContent).charts[0].marks`);
  if (marks.length) {
    const g = await page.eval(`JSON.parse(document.getElementById('hpng-data').textContent).charts[0].graph`);
    const mx = x + (marks[0][0] - g.t0) / g.x_range * w;
    await page.mouse('mouseMoved', mx, y + h * 0.5);
    const text = await page.eval(`document.getElementById('tip').textContent`);
    check('hover over a mark names it', text.includes('mark at') && (marks[0][1] === '' || text.includes(marks[0][1])), text.slice(0, 200));
  }
  const lines = await page.eval(`JSON.parse(document.getElementById('hpng-data').textContent).charts[0].lines.map(l => l.name)`);
  if (lines.length) {
    await page.mouse('mouseMoved', x + w * 0.5, y + h * 0.5);
    const text = await page.eval(`document.getElementById('tip').textContent`);
    check('hover gives the heap lines', lines.every(n => text.includes(n)), text.slice(0, 200));
  }
  await page.mouse('mouseMoved', 2, 2);
  check('the hover ends off the chart', await page.eval(`document.getElementById('tip').hidden`));
}

const selectionState = `(() => ({
  pressed: [...document.querySelectorAll('#legend button[aria-pressed="true"]')].map(b => b.dataset.band),
  rows: [...document.querySelectorAll('table.figures tbody tr[aria-selected="true"]')].map(r => r.dataset.band),
  selecting: document.querySelector('#chart svg').classList.contains('selecting'),
  dimmed: [...document.querySelectorAll('#chart path[data-band]:not(.on)')].slice(0, 1).map(p => getComputedStyle(p).fill),
  lit: [...document.querySelectorAll('#chart path[data-band].on')].slice(0, 1).map(p => getComputedStyle(p).fill),
}))()`;

async function checkSelect(page) {
  const first = await page.eval(`document.querySelector('#legend button').dataset.band`);
  const box = await page.eval(`(() => { const b = document.querySelector('#legend button'); b.scrollIntoView({ block: 'center' }); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  await page.click(box[0], box[1]);
  let s = await page.eval(selectionState);
  check('a click on a key entry selects it', s.pressed.length === 1 && s.pressed[0] === first && s.selecting, JSON.stringify(s));
  check('its table rows are marked', s.rows.length >= 1 && s.rows.every(n => n === first));
  const bands = await page.eval(`document.querySelectorAll('#chart path[data-band]').length`);
  if (bands > 1 && s.dimmed.length) check('the other bands are dimmed', s.dimmed[0] === 'rgb(228, 228, 228)' && s.lit[0] !== s.dimmed[0], JSON.stringify(s));
  check('the chart lights the band selected', s.lit.length === 1, JSON.stringify(s));
  await page.click(box[0], box[1]);
  s = await page.eval(selectionState);
  check('a second click clears it', s.pressed.length === 0 && !s.selecting && s.rows.length === 0);
  // Several at once: two rows of the table.
  const rows = await page.eval(`(() => { const rs = [...document.querySelectorAll('table.figures tbody tr')].slice(0, 2); rs[0].scrollIntoView({ block: 'center' });
    return rs.map(r => { const b = r.getBoundingClientRect(); return [r.dataset.band, b.x + 20, b.y + b.height / 2]; }); })()`);
  for (const [, rx, ry] of rows) await page.click(rx, ry);
  s = await page.eval(selectionState);
  check('rows select bands, several at once', rows.every(([n]) => s.pressed.includes(n)) && s.pressed.length === rows.length, JSON.stringify(s.pressed));
  for (const [, rx, ry] of rows) await page.click(rx, ry);
  check('and clear them', (await page.eval(selectionState)).pressed.length === 0);
}

async function checkKeyboard(page) {
  await page.eval(`document.activeElement.blur(), window.scrollTo(0, 0)`);
  let on = '';
  for (let i = 0; i < 400 && !on; ++i) {
    await page.key('Tab', 'Tab', 9);
    on = await page.eval(`document.activeElement.closest('#legend button')?.dataset.band || ''`);
  }
  check('Tab reaches the key', on !== '');
  await page.key('Enter', 'Enter', 13, '\r');
  let s = await page.eval(selectionState);
  check('Enter on a key entry selects it', s.pressed.length === 1 && s.pressed[0] === on, JSON.stringify(s.pressed));
  await page.key(' ', 'Space', 32, ' ');
  s = await page.eval(selectionState);
  check('Space clears it', s.pressed.length === 0, JSON.stringify(s.pressed));
  const row = await page.eval(`(() => { const r = document.querySelector('table.figures tbody tr'); r.focus(); return r.dataset.band; })()`);
  await page.key('Enter', 'Enter', 13, '\r');
  s = await page.eval(selectionState);
  check('Enter on a focused row selects its band', s.pressed.includes(row) && s.rows.includes(row), JSON.stringify(s));
  await page.key(' ', 'Space', 32, ' ');
  check('Space on it clears it', (await page.eval(selectionState)).pressed.length === 0);
}

// The table's "at" column (peak times) for the first table, and its tick
// labels; columns found by their headers (a difference has no Shape).
const zoomState = `(() => {
  const table = document.querySelectorAll('table.figures')[0];
  const col = key => [...table.tHead.rows[0].cells].findIndex(th => th.dataset.key === key);
  return {
    reset: document.getElementById('reset-zoom').disabled,
    ticks: [...document.querySelectorAll('.hpng-axis text')].map(t => Number(t.textContent)),
    at: [...table.tBodies[0].rows].map(r => parseFloat(r.cells[col('peak_time')].textContent)),
    peaks: [...table.tBodies[0].rows].map(r => r.cells[col('peak')].textContent),
    transform: document.querySelector('.hpng-zoom')?.getAttribute('transform') || '',
  };
})()`;

// "24.6 MB", "936 B", "0.924 s", "12.7 MB/s": the number a cell shows.
function cellNumber(text) {
  const m = text.match(/^(-?[0-9.e+-]+) ?(GB|MB|kB|B)?/);
  return m ? parseFloat(m[1]) * ({ GB: 1e9, MB: 1e6, kB: 1e3 }[m[2]] || 1) : NaN;
}

// The table's figures over a zoomed range are the JSON's over the same
// window (--from, --to): one set of figures, made twice in two languages.
async function checkRangeFigures(page) {
  if (!['hp', 'eventlog', 'hi', 'control-names'].includes(caseName)) return;
  const r = await page.eval(`(() => {
    const said = document.getElementById('range'), table = document.querySelectorAll('table.figures')[0];
    const keys = [...table.tHead.rows[0].cells].map(th => th.dataset.key);
    const d = JSON.parse(document.getElementById('hpng-data').textContent).charts[0];
    return { from: said.dataset.from, to: said.dataset.to, every: d.samples === d.times.length,
             rows: [...table.tBodies[0].rows].map(row => [row.dataset.band, Object.fromEntries(keys.map((k, i) => [k, row.cells[i].textContent]))]) };
  })()`);
  if (!r.every) return;  // a page that keeps fewer samples than the run's has fewer to sum
  const json = JSON.parse(execFileSync(exe, [...cases[caseName](), '--format', 'json', '--from', r.from, '--to', r.to, '-o', '-'],
    { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  const stats = new Map(json.bands.map(b => [b.name, b.stats]));
  const close = (shown, exact) => Math.abs(cellNumber(shown) - exact) <= 0.006 * Math.abs(exact) + 1e-9 || cellNumber(shown) === Math.round(exact);
  const off = [];
  let compared = 0;
  for (const [name, cells] of r.rows) {
    const s = stats.get(name);
    if (name === 'OTHER' || !s) continue;
    ++compared;
    for (const [key, exact] of [['peak', s.peak], ['peak_time', s.peak_time], ['final', s.final], ['slope', s.slope]]) {
      if (!close(cells[key], exact)) off.push(`${name} ${key}: page ${cells[key]}, JSON ${exact}`);
    }
  }
  check('the range\'s figures are the JSON\'s of --from/--to', r.from !== undefined && compared > 0 && off.length === 0,
    `${compared} bands compared; ` + off.slice(0, 3).join('; '));
}

async function checkZoom(page) {
  await page.eval(`window.scrollTo(0, 0)`);
  const before = await page.eval(zoomState);
  const [x, y, w, h] = await page.eval(graphBox(0));
  const g = await page.eval(`JSON.parse(document.getElementById('hpng-data').textContent).charts[0].graph`);
  const from = g.t0 + 0.2 * g.x_range, to = g.t0 + 0.6 * g.x_range;
  await page.mouse('mouseMoved', x + 0.2 * w, y + h / 2);
  await page.mouse('mousePressed', x + 0.2 * w, y + h / 2, 1);
  await page.mouse('mouseMoved', x + 0.4 * w, y + h / 2, 1);
  await page.mouse('mouseMoved', x + 0.6 * w, y + h / 2, 1);
  await page.mouse('mouseReleased', x + 0.6 * w, y + h / 2, 0);
  const after = await page.eval(zoomState);
  const slack = 0.01 * g.x_range;
  check('dragging zooms the chart', after.transform.startsWith('matrix(') && !after.reset, after.transform);
  check('the time axis is labelled over the range', after.ticks.length >= 2 && after.ticks.every(t => t >= from - slack && t <= to + slack), JSON.stringify(after.ticks));
  // Every peak time within the range, and the figures recomputed (a peak
  // or its time changed from the whole run's).
  const inRange = after.at.every(t => t >= from - slack && t <= to + slack);
  const recomputed = JSON.stringify(after.peaks) !== JSON.stringify(before.peaks) || JSON.stringify(after.at) !== JSON.stringify(before.at);
  check('the table follows the range', inRange && recomputed, JSON.stringify({ from, to, at: after.at.slice(0, 5) }));
  const text = await page.eval(`document.getElementById('range').textContent`);
  check('the range is said', /Showing/.test(text), text);
  await checkRangeFigures(page);
  const box = await page.eval(`(() => { const r = document.getElementById('reset-zoom').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  await page.click(box[0], box[1]);
  const reset = await page.eval(zoomState);
  if (!reset.reset) console.log(JSON.stringify({ box, reset }));
  check('the button shows the whole run again', reset.reset && reset.ticks.length === 0 && reset.transform === '' && JSON.stringify(reset.at) === JSON.stringify(before.at));
}

// The leak verdict is the C++'s (verdict.h): the table of a profile
// drawn alone lists the JSON export's suspects first, in its order, and
// says each band's shape as the JSON does.
async function checkVerdict(page) {
  if (caseName === 'diff') {
    check('a difference has no Shape column', !(await page.eval(`!!document.querySelector('table.figures th[data-key="shape"]')`)));
    return;
  }
  if (!['hp', 'eventlog'].includes(caseName)) return;
  const json = JSON.parse(execFileSync(exe, [...cases[caseName](), '--format', 'json', '-o', '-']).toString());
  const t = await page.eval(`[...document.querySelectorAll('table.figures')[0].tBodies[0].rows].map(r => [r.dataset.band, r.cells[1].textContent, r.cells[1].className])`);
  const rows = new Map(t.map(([name, shape, cls]) => [name, { shape, cls }]));
  check('the table lists the suspects first, as the JSON', JSON.stringify(t.slice(0, json.suspects.length).map(r => r[0])) === JSON.stringify(json.suspects),
    JSON.stringify({ table: t.slice(0, 4).map(r => r[0]), json: json.suspects }));
  const words = json.bands.filter(b => !rows.has(b.name) || !rows.get(b.name).shape.startsWith(b.stats.shape_words));
  check('each band\'s shape as the JSON says it', json.judged && words.length === 0, words.slice(0, 2).map(b => b.name + ': ' + b.stats.shape_words).join(', '));
  check('only the suspects are marked', json.bands.every(b => (rows.get(b.name).cls === 'suspect') === json.suspects.includes(b.name)));
}

// A -hi page's table: the records' closure type, type, module and
// location as columns (empty where a band has none), sortable; every row's
// whole name on hover.
async function checkRecords(page) {
  const t = await page.eval(`(() => {
    const table = document.querySelectorAll('table.figures')[0];
    const keys = [...table.querySelectorAll('th')].map(th => th.dataset.key || th.textContent);
    const rows = [...table.tBodies[0].rows].map(r => ({ band: r.dataset.band, title: r.cells[0].title, cells: [...r.cells].map(c => c.textContent) }));
    const d = JSON.parse(document.getElementById('hpng-data').textContent);
    return { keys, rows, ipe: Object.fromEntries(d.charts[0].bands.filter(b => b.ipe).map(b => [b.name, b.ipe])) };
  })()`);
  check('every row has its whole name on hover', t.rows.every(r => r.title === r.band));
  if (caseName !== 'hi') return;
  const at = k => t.keys.indexOf(k);
  check('a -hi table has the records\' columns', ['closure_type', 'type', 'module', 'src_loc'].every(k => at(k) > 0), t.keys.join(','));
  const withRecord = t.rows.filter(r => t.ipe[r.band]);
  check('a band with a record shows it', withRecord.length > 0 && withRecord.every(r => r.cells[at('type')] === t.ipe[r.band].type &&
    r.cells[at('src_loc')] === t.ipe[r.band].src_loc && r.cells[at('closure_type')] === t.ipe[r.band].closure_type), JSON.stringify(withRecord[0]));
  check('a band without one shows nothing there', t.rows.filter(r => !t.ipe[r.band]).every(r => r.cells[at('module')] === ''));
  const box = await page.eval(`(() => { const b = document.querySelector('table.figures th[data-key="type"] button'); b.scrollIntoView(); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  await page.click(box[0], box[1]);
  const types = await page.eval(`[...document.querySelectorAll('table.figures')[0].tBodies[0].rows].map(r => r.cells[${at('type')}].textContent)`);
  check('the Type column sorts', JSON.stringify(types) === JSON.stringify([...types].sort((a, b) => a.localeCompare(b))), types.slice(0, 4).join(' | '));
}

async function checkSort(page) {
  const figures = await page.eval(`Object.fromEntries(JSON.parse(document.getElementById('hpng-data').textContent).charts[0].bands.map(b => [b.name, b.figures]))`);
  const order = () => page.eval(`[...document.querySelectorAll('table.figures')[0].tBodies[0].rows].map(r => r.dataset.band)`);
  const header = key => page.eval(`(() => { const b = document.querySelector('table.figures th[data-key="${key}"] button'); b.scrollIntoView(); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  const sorted = (names, f, sign) => names.every((n, i) => i === 0 || sign * (f(names[i - 1]) - f(n)) >= 0);
  let [hx, hy] = await header('peak');
  await page.click(hx, hy);
  let names = await order();
  check('Peak sorts largest first', sorted(names, n => figures[n].peak, 1), names.slice(0, 5).join(', '));
  await page.click(hx, hy);
  names = await order();
  check('again, smallest first', sorted(names, n => figures[n].peak, -1));
  check('the header says how it is sorted', (await page.eval(`document.querySelector('table.figures th[data-key="peak"]').getAttribute('aria-sort')`)) === 'ascending');
  [hx, hy] = await header('name');
  await page.click(hx, hy);
  names = await order();
  check('Band sorts by name', names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0));
  [hx, hy] = await header('slope');
  if (hx > 0) {
    await page.click(hx, hy);
    names = await order();
    check('Slope sorts fastest growth first', sorted(names, n => figures[n].slope, 1));
  }
}

async function checkSchemes(page, url, out) {
  const colours = () => page.eval(`(() => ({ bg: getComputedStyle(document.body).backgroundColor, fg: getComputedStyle(document.body).color,
    chart: getComputedStyle(document.getElementById('chart')).backgroundColor }))()`);
  const light = await colours();
  const lum = c => { const [r, g, b] = c.match(/\d+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
  check('light scheme: dark text on light', lum(light.bg) > 0.8 && lum(light.fg) < 0.3, JSON.stringify(light));
  if (out) writeFileSync(join(out, `html-${caseName}-light.png`), await page.screenshot());
  await page.call('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  const dark = await colours();
  check('dark scheme: light text on dark, the chart on its white page', lum(dark.bg) < 0.2 && lum(dark.fg) > 0.7 && lum(dark.chart) > 0.9, JSON.stringify(dark));
  if (out) writeFileSync(join(out, `html-${caseName}-dark.png`), await page.screenshot());
  await page.call('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
  await page.size(400, 800);
  // The page no wider than the window; the chart at its own scale (its
  // text as large as on a wide screen), scrolled sideways in its box.
  const narrow = await page.eval(`(() => { const svg = document.querySelector('#chart svg');
    return { page: document.documentElement.scrollWidth, box: document.getElementById('chart').getBoundingClientRect().width,
             scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width }; })()`);
  check('usable at 400 px: the page within the window, the chart readable and scrolled sideways',
        narrow.page <= 400 && narrow.box <= 400 && narrow.scale >= 1, JSON.stringify(narrow));
  if (out) writeFileSync(join(out, `html-${caseName}-400.png`), await page.screenshot());
  await page.size(1280, 900);
}

async function main() {
  const chromium = findChromium();
  if (!chromium) { console.log('SKIP: chromium is not installed (tests/install-deps.sh --browser)'); process.exit(77); }
  if (!cases[caseName]) { console.log(`unknown case ${caseName}`); process.exit(2); }
  mkdirSync(scratch, { recursive: true });
  const out = join(scratch, `${caseName}.html`);
  execFileSync(exe, [...cases[caseName](), '--no-aux', '-o', out], { stdio: 'inherit' });
  const text = readFileSync(out, 'utf8');
  checkSelfContained(text);
  execFileSync(exe, [...cases[caseName](), '--no-aux', '-o', out], { stdio: 'inherit' });
  check('the same command gives the same bytes', readFileSync(out, 'utf8') === text);

  // A hang guard, not a timing: a browser that stops answering fails the test.
  const guard = setTimeout(() => { console.log('FAIL the browser stopped answering'); process.exit(1); }, 300_000);
  const browser = await Browser.launch(chromium);
  try {
    const page = await browser.newPage();
    const url = 'file://' + out;
    await page.open(url, 1280, 900);
    check('the page loads without a script error', page.errors.length === 0, page.errors.join(' | '));
    await checkBands(page);
    await checkVerdict(page);
    await checkRecords(page);
    await checkHover(page);
    await checkSelect(page);
    await checkKeyboard(page);
    await checkZoom(page);
    await checkSort(page);
    await checkSchemes(page, url, process.env.HPNG_SCREENSHOTS);
    check('no script error all along', page.errors.length === 0, page.errors.join(' | '));
    const fetched = page.requests.filter(u => u !== url);
    check('nothing fetched but the page', fetched.length === 0, fetched.slice(0, 3).join(' '));
  } finally {
    await browser.close();
    clearTimeout(guard);
  }
  console.log(failures.length ? `${failures.length} checks failed` : 'all checks passed');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.log('FAIL', e.stack || e); process.exit(1); });
