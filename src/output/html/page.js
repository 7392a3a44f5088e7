// hp2ps-ng's HTML page: hover, band selection, drag-to-zoom and the bands
// table, all from the data in the page (#hpng-data, written by
// src/output/page_data.cc). No framework and nothing fetched.
'use strict';
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const data = JSON.parse(document.getElementById('hpng-data').textContent);
  const svg = document.querySelector('#chart svg');
  const tip = document.getElementById('tip');
  const state = { selected: new Set(), from: null, to: null };
  const scale = svg.viewBox.baseVal.width / data.frame[0];
  const overlay = element('g', { id: 'hpng-overlay' });
  svg.appendChild(overlay);

  function element(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function html(name, attrs, text) {
    const e = document.createElement(name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Where a chart's graph lies in the SVG, and its shapes placed by time
  // moved into a clipped group that a zoom transforms.
  function setupChart(c) {
    const g = c.graph, fh = data.frame[1];
    const r = { x: g.x0 * scale, w: g.width * scale, h: g.height * scale };
    r.y = (c.page * fh + fh - g.y0 - g.height) * scale;
    r.bottom = r.y + r.h;
    const id = 'hpng-clip-' + c.page;
    const defs = element('defs', {});
    svg.insertBefore(defs, svg.firstChild);
    const clip = element('clipPath', { id: id }, defs);
    element('rect', { x: r.x, y: c.page * fh * scale, width: r.w, height: fh * scale }, clip);
    const shapes = Array.from(svg.querySelectorAll('path[data-graph="' + c.page + '"]'));
    const outer = element('g', { 'clip-path': 'url(#' + id + ')' });
    const zoom = element('g', { class: 'hpng-zoom' }, outer);
    if (shapes.length) shapes[0].parentNode.insertBefore(outer, shapes[0]);
    for (const s of shapes) if (s.getAttribute('data-part') !== 'mark') zoom.appendChild(s);
    const axis = element('g', { class: 'hpng-axis' }, overlay);
    return { c: c, r: r, zoom: zoom, axis: axis, totals: c.times.map((_, i) => c.bands.reduce((s, b) => s + b.values[i], 0)) };
  }

  // The times a chart's graph shows: its whole axis, or the zoom's.
  function range(ch) {
    const g = (ch ? ch.c : data.charts[0]).graph;
    return state.from === null ? [g.t0, g.t0 + g.x_range] : [state.from, state.to];
  }

  function xOf(ch, t) {
    const [from, to] = range(ch);
    return ch.r.x + (t - from) * ch.r.w / (to - from);
  }

  function tOf(ch, x) {
    const [from, to] = range(ch);
    return from + (x - ch.r.x) * (to - from) / ch.r.w;
  }

  // ---- numbers in the reader's units

  function amount(v) {
    const unit = data.value_unit;
    if (unit === '%') return v.toFixed(1) + ' %';
    if (unit !== 'bytes') return Number(v.toPrecision(4)) + ' ' + unit;
    const a = Math.abs(v);
    const [d, u] = a >= 1e9 ? [1e9, 'GB'] : a >= 1e6 ? [1e6, 'MB'] : a >= 1e3 ? [1e3, 'kB'] : [1, 'B'];
    return (d === 1 ? String(Math.round(v)) : (v / d).toFixed(a / d >= 100 ? 0 : a / d >= 10 ? 1 : 2)) + ' ' + u;
  }

  function time(t) { return Number(t.toPrecision(4)) + ' ' + shortUnit(); }
  function shortUnit() { return data.time_unit === 'seconds' ? 's' : data.time_unit; }

  // ---- the chart: zoom, axis, marks

  function applyZoom() {
    const zoomed = state.from !== null;
    svg.classList.toggle('zoomed', zoomed);
    for (const ch of charts) {
      const g = ch.c.graph, [from, to] = range(ch);
      const k = g.x_range / (to - from);
      const off = (from - g.t0) * ch.r.w / g.x_range;
      ch.zoom.setAttribute('transform', zoomed ? 'matrix(' + k + ' 0 0 1 ' + (ch.r.x * (1 - k) - k * off) + ' 0)' : '');
      drawAxis(ch, zoomed);
    }
    document.getElementById('reset-zoom').disabled = !zoomed;
    // The exact range, for a reader that wants the same figures from
    // `hp2ps-ng --format json --from FROM --to TO`.
    const said = document.getElementById('range');
    if (zoomed) Object.assign(said.dataset, { from: String(state.from), to: String(state.to) });
    else delete said.dataset.from, delete said.dataset.to;
    said.textContent = zoomed
      ? 'Showing ' + time(state.from) + ' to ' + time(state.to) + '; the table\u2019s figures are over this range.'
      : 'Drag over the chart to zoom into a time range.';
  }

  function niceStep(span, count) {
    const raw = span / Math.max(count, 1);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    return [1, 2, 5, 10].map(m => m * p).find(s => s >= raw);
  }

  // Zoomed, the time axis is the script's: Cairo's labels are covered.
  function drawAxis(ch, zoomed) {
    ch.axis.replaceChildren();
    if (!zoomed) return;
    const r = ch.r, s = scale, [from, to] = range(ch);
    element('rect', { x: r.x - 30 * s, y: r.bottom + 0.6 * s, width: r.w + 36 * s, height: 19 * s, fill: '#fff' }, ch.axis);
    const step = niceStep(to - from, r.w / (70 * s));
    const digits = Math.max(0, -Math.floor(Math.log10(step)));
    for (let t = Math.ceil(from / step) * step; t <= to + step * 1e-9; t += step) {
      const x = xOf(ch, t);
      element('line', { x1: x, y1: r.bottom, x2: x, y2: r.bottom + 4 * s, stroke: '#000', 'stroke-width': 0.5 * s }, ch.axis);
      const label = element('text', { x: x, y: r.bottom + 15 * s, 'font-size': 10 * s, 'text-anchor': 'middle', fill: '#000' }, ch.axis);
      label.textContent = t.toFixed(digits);
    }
    for (const [t] of ch.c.marks) {
      if (t < from || t > to) continue;
      const x = xOf(ch, t);
      element('path', { d: `M${x - 4 * s} ${r.bottom}L${x} ${r.bottom + 4 * s}L${x + 4 * s} ${r.bottom}Z`, fill: '#fff', stroke: '#000', 'stroke-width': 0.5 * s }, ch.axis);
    }
  }

  // ---- hover

  function svgPoint(ev) {
    const m = svg.getScreenCTM().inverse();
    return new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
  }

  function chartAt(p) {
    return charts.find(ch => p.x >= ch.r.x && p.x <= ch.r.x + ch.r.w && p.y >= ch.r.y && p.y <= ch.r.bottom + 20 * scale);
  }

  function nearest(times, t) {
    let lo = 0, hi = times.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= t) lo = mid; else hi = mid;
    }
    return Math.abs(times[hi] - t) < Math.abs(times[lo] - t) ? hi : lo;
  }

  function lineValue(line, t) {
    let v = null;
    for (let i = 0; i < line.times.length && line.times[i] <= t; ++i) v = line.values[i];
    return v;
  }

  function tipRows(ch, t) {
    const i = nearest(ch.c.times, t);
    const rows = [];
    for (let b = ch.c.bands.length - 1; b >= 0; --b) {
      const band = ch.c.bands[b];
      if (band.values[i] !== 0) rows.push([band.fill, band.name, amount(band.values[i])]);
    }
    for (const line of ch.c.lines) {
      const v = lineValue(line, t);
      if (v !== null) rows.push([line.stroke, line.name, amount(v)]);
    }
    return { at: ch.c.times[i], rows: rows };
  }

  function showTip(ev, ch, p) {
    const t = tOf(ch, p.x);
    const { at, rows } = tipRows(ch, t);
    tip.replaceChildren(html('div', { class: 't' }, (data.charts.length > 1 ? ch.c.input + ': ' : '') + time(at)));
    const table = html('table', {});
    for (const [fill, name, v] of rows.slice(0, 30)) {
      const tr = html('tr', {});
      const sw = html('td', {});
      sw.appendChild(html('span', { class: 'swatch', style: 'background:' + fill }));
      tr.append(sw, html('td', { class: 'n' }, name), html('td', { class: 'v' }, v));
      table.appendChild(tr);
    }
    tip.appendChild(table);
    if (rows.length > 30) tip.appendChild(html('div', {}, '\u2026 and ' + (rows.length - 30) + ' more'));
    for (const [mt, name] of ch.c.marks) {
      if (Math.abs(xOf(ch, mt) - p.x) <= 4 * scale) tip.appendChild(html('div', { class: 'mark' }, 'mark at ' + time(mt) + (name ? ': ' + name : '')));
    }
    tip.hidden = false;
    const box = document.getElementById('chart').getBoundingClientRect();
    let left = ev.clientX - box.left + 14;
    if (left + tip.offsetWidth > box.width) left = Math.max(0, ev.clientX - box.left - tip.offsetWidth - 14);
    tip.style.left = left + 'px';
    tip.style.top = Math.max(0, ev.clientY - box.top + 14) + 'px';
    drawGuide(ch, p.x);
  }

  function drawGuide(ch, x) {
    let guide = document.getElementById('hpng-guide');
    if (!guide) guide = element('line', { id: 'hpng-guide', stroke: '#000', 'stroke-dasharray': '3 2', 'stroke-width': scale }, overlay);
    for (const [k, v] of Object.entries({ x1: x, x2: x, y1: ch.r.y, y2: ch.r.bottom })) guide.setAttribute(k, v);
    guide.style.display = '';
  }

  function hideTip() {
    tip.hidden = true;
    const guide = document.getElementById('hpng-guide');
    if (guide) guide.style.display = 'none';
  }

  // ---- drag to zoom; a click on a band selects it

  let drag = null;
  svg.addEventListener('pointerdown', ev => {
    if (ev.button !== 0) return;
    const p = svgPoint(ev), ch = chartAt(p);
    if (!ch) return;
    drag = { ch: ch, x0: p.x, x1: p.x, target: ev.target };
    svg.setPointerCapture(ev.pointerId);
  });
  svg.addEventListener('pointermove', ev => {
    const p = svgPoint(ev);
    if (drag) {
      drag.x1 = Math.min(Math.max(p.x, drag.ch.r.x), drag.ch.r.x + drag.ch.r.w);
      drawSelection(drag);
    }
    const ch = drag ? drag.ch : chartAt(p);
    if (ch) showTip(ev, ch, p); else hideTip();
  });
  svg.addEventListener('pointerleave', () => { if (!drag) hideTip(); });
  svg.addEventListener('pointerup', () => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const sel = document.getElementById('hpng-selection');
    if (sel) sel.remove();
    if (Math.abs(d.x1 - d.x0) >= 4 * scale) {
      const a = tOf(d.ch, Math.min(d.x0, d.x1)), b = tOf(d.ch, Math.max(d.x0, d.x1));
      zoomTo(a, b);
    } else if (d.target.hasAttribute && d.target.hasAttribute('data-band')) {
      toggle(d.target.getAttribute('data-band'));
    }
  });
  svg.addEventListener('dblclick', () => zoomTo(null, null));
  document.getElementById('reset-zoom').addEventListener('click', () => zoomTo(null, null));

  function drawSelection(d) {
    let sel = document.getElementById('hpng-selection');
    if (!sel) sel = element('rect', { id: 'hpng-selection', fill: 'rgba(11,87,208,0.18)', stroke: '#0b57d0', 'stroke-width': scale }, overlay);
    const x = Math.min(d.x0, d.x1);
    for (const [k, v] of Object.entries({ x: x, y: d.ch.r.y, width: Math.abs(d.x1 - d.x0), height: d.ch.r.h })) sel.setAttribute(k, v);
  }

  function zoomTo(from, to) {
    state.from = from;
    state.to = to;
    update();
  }

  // ---- selection

  // A band as the SVG's data-band spells it, where the writer shows C0
  // controls (but tab and newline) as spaces and U+FFFE, U+FFFF as U+FFFD,
  // which XML requires: key entries and rows, which keep the name as read,
  // are compared that way.
  function bandKey(name) {
    return name.replace(/[\x00-\x08\x0b-\x1f]/g, ' ').replace(/[\ufffe\uffff]/g, '\ufffd');
  }

  // Only attributes change: the rows stay, and with them the keyboard's focus.
  function toggle(raw) {
    const name = bandKey(raw);
    if (state.selected.has(name)) state.selected.delete(name); else state.selected.add(name);
    showSelection();
    save();
  }

  function showSelection() {
    const any = state.selected.size > 0;
    svg.classList.toggle('selecting', any);
    for (const p of bandPaths) p.classList.toggle('on', state.selected.has(p.getAttribute('data-band')));
    for (const b of legendButtons) b.setAttribute('aria-pressed', String(state.selected.has(bandKey(b.dataset.band))));
    for (const t of tables) {
      for (const tr of t.body.rows) tr.setAttribute('aria-selected', String(state.selected.has(bandKey(tr.dataset.band))));
    }
  }

  function activate(el, name) {
    el.addEventListener('click', () => toggle(name));
    if (el.tagName === 'BUTTON') return;  // Enter and Space click a button
    el.addEventListener('keydown', ev => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); toggle(name); }
    });
  }

  // The key: every band of every chart, top of the stack first; then the
  // heap's lines, which are not selected.
  function makeLegend() {
    const legend = document.getElementById('legend');
    const seen = new Map();
    for (const c of data.charts) for (let b = c.bands.length - 1; b >= 0; --b) if (!seen.has(c.bands[b].name)) seen.set(c.bands[b].name, c.bands[b].fill);
    const buttons = [];
    for (const [name, fill] of seen) {
      const b = html('button', { type: 'button', 'data-band': name, 'aria-pressed': 'false' });
      b.append(html('span', { class: 'swatch', style: 'background:' + fill }), html('span', { class: 'name' }, name));
      activate(b, name);
      legend.appendChild(b);
      buttons.push(b);
    }
    const lines = new Map();
    for (const c of data.charts) for (const l of c.lines) lines.set(l.name, l.stroke);
    for (const [name, stroke] of lines) {
      const e = html('span', { class: 'line-entry' });
      e.append(html('span', { class: 'swatch line', style: 'background:' + stroke }), html('span', {}, name + ' (line)'));
      legend.appendChild(e);
    }
    return buttons;
  }

  // ---- figures over a range (the same sums as src/matrix/band_figures.cc;
  // the shape and the suspects are the C++'s, over the whole run)

  function span(ch, lo, hi) {
    let first = lo, end = hi;
    while (end > first && ch.totals[end - 1] === 0) --end;
    while (first < end && ch.totals[first] === 0) ++first;
    return { first: first, end: end };
  }

  function bandFigures(ch, v, lo, hi, s) {
    const t = ch.c.times, f = { peak: 0, peak_time: lo < hi ? t[lo] : state.from, final: 0, area: 0, slope: 0, mean: 0, stddev: 0 };
    for (let k = lo; k < hi; ++k) {
      if (v[k] > f.peak) { f.peak = v[k]; f.peak_time = t[k]; }
      if (k > lo) f.area += (t[k] - t[k - 1]) * (v[k] + v[k - 1]) / 2;
    }
    const n = s.end - s.first;
    if (n <= 0) return f;
    let mt = 0;
    for (let k = s.first; k < s.end; ++k) { f.mean += v[k]; mt += t[k]; }
    f.mean /= n; mt /= n;
    let stt = 0, svv = 0, stv = 0;
    for (let k = s.first; k < s.end; ++k) {
      const dt = t[k] - mt, dv = v[k] - f.mean;
      stt += dt * dt; svv += dv * dv; stv += dt * dv;
    }
    f.stddev = Math.sqrt(svv / n);
    if (stt > 0) f.slope = stv / stt;
    f.final = v[s.end - 1];
    return f;
  }

  // The run's own figures (every sample) unless zoomed: then the page's
  // samples within the range.
  function figures(ch) {
    if (state.from === null) return ch.c.bands.map(b => b.figures);
    const t = ch.c.times;
    let lo = 0, hi = t.length;
    while (lo < hi && t[lo] < state.from) ++lo;
    while (hi > lo && t[hi - 1] > state.to) --hi;
    const s = span(ch, lo, hi);
    const fs = ch.c.bands.map(b => bandFigures(ch, b.values, lo, hi, s));
    const total = fs.reduce((a, f) => a + f.area, 0);
    for (const f of fs) f.share = total !== 0 ? f.area / total : 0;
    return fs;
  }

  // ---- the table

  const columns = [
    { key: 'name', label: 'Band', text: true },
    { key: 'shape', label: 'Shape (whole run)', text: true },
    { key: 'peak', label: 'Peak' },
    { key: 'peak_time', label: 'at', wide: true },
    { key: 'final', label: 'Final' },
    { key: 'share', label: 'Share' },
    { key: 'slope', label: 'Slope', wide: true },
  ];

  // A -hi chart's bands have their IPE records: a column each, sortable,
  // empty where a band has none.
  const recordColumns = [
    { key: 'closure_type', label: 'Closure', text: true, record: true },
    { key: 'type', label: 'Type', text: true, record: true },
    { key: 'module', label: 'Module', text: true, record: true },
    { key: 'src_loc', label: 'Location', text: true, record: true },
  ];

  function recordsOf(ch) { return ch.c.bands.some(b => b.ipe) ? recordColumns : []; }

  // A difference of two runs has no shapes (no leak verdict): no column.
  function figureColumns(ch) {
    return ch.c.bands.some(b => b.shape_words !== undefined) ? columns : columns.filter(c => c.key !== 'shape');
  }

  function sortHeader(t, col) {
    const th = html('th', { scope: 'col', 'data-key': col.key, class: col.wide ? 'wide' : '' });
    const b = html('button', { type: 'button' }, col.label);
    b.addEventListener('click', () => sortBy(t, col));
    th.appendChild(b);
    return th;
  }

  // The figures, the course (a sparkline), then a -hi chart's records.
  function makeTable(ch) {
    const wrap = html('div', { class: 'table-wrap' });
    const table = html('table', { class: 'figures', 'data-input': ch.c.input });
    table.appendChild(html('caption', {}, data.charts.length > 1 ? ch.c.input : 'Figures per band'));
    const head = html('tr', {});
    const t = { ch: ch, table: table, sort: null, head: head, body: html('tbody', {}) };
    for (const col of figureColumns(ch)) head.appendChild(sortHeader(t, col));
    head.appendChild(html('th', { scope: 'col', class: 'wide' }, 'Course'));
    for (const col of recordsOf(ch)) head.appendChild(sortHeader(t, col));
    const thead = html('thead', {});
    thead.appendChild(head);
    table.append(thead, t.body);
    wrap.appendChild(table);
    document.getElementById('tables').appendChild(wrap);
    return t;
  }

  function sortBy(t, col) {
    const descending = t.sort && t.sort.key === col.key ? !t.sort.descending : !col.text;
    t.sort = { key: col.key, descending: descending };
    fillTables();
    showSelection();
  }

  // The suspects first, in the verdict's order (the text report's and the
  // JSON's); then by peak.
  function defaultOrder(rows) {
    const rank = r => r.band.suspect >= 0 ? r.band.suspect : Infinity;
    return rows.sort((a, b) => (rank(a) - rank(b)) || (b.f.peak - a.f.peak));
  }

  function ordered(t, rows) {
    if (!t.sort) return defaultOrder(rows);
    const key = t.sort.key, sign = t.sort.descending ? -1 : 1;
    const record = recordColumns.some(c => c.key === key);
    const value = r => key === 'name' ? r.name : key === 'shape' ? (r.band.shape_words || '') :
      record ? (r.band.ipe ? r.band.ipe[key] : '') : r.f[key];
    return rows.sort((a, b) => {
      const x = value(a), y = value(b);
      return sign * (typeof x === 'string' ? x.localeCompare(y) : x - y);
    });
  }

  function cell(text, cls) { return html('td', cls ? { class: cls } : {}, text); }

  function spark(ch, values) {
    const w = 90, h = 18, [from, to] = range(ch);
    const pts = [];
    let top = 0;
    ch.c.times.forEach((t, i) => { if (t >= from && t <= to) { pts.push([t, values[i]]); top = Math.max(top, Math.abs(values[i])); } });
    const s = element('svg', { class: 'spark', width: w, height: h, viewBox: `0 0 ${w} ${h}`, 'aria-hidden': 'true' });
    const p = pts.map(([t, v]) => ((t - from) / (to - from) * w).toFixed(1) + ',' + (h - 1 - (top ? v / top : 0) * (h - 2)).toFixed(1));
    element('polyline', { points: p.join(' ') }, s);
    return s;
  }

  function row(ch, band, f) {
    const tr = html('tr', { 'data-band': band.name, tabindex: '0', 'aria-selected': 'false' });
    // The whole name on hover, and as text that can be selected and copied.
    const name = html('td', { class: 'name', title: band.name });
    name.append(html('span', { class: 'swatch', style: 'background:' + band.fill }), ' ' + band.name);
    tr.append(name);
    if (band.shape_words !== undefined) tr.append(cell(band.shape_words, band.suspect >= 0 ? 'suspect' : ''));
    tr.append(cell(amount(f.peak), 'num'), cell(time(f.peak_time), 'num wide'),
      cell(amount(f.final), 'num'), cell((100 * f.share).toFixed(1) + ' %', 'num'), cell(amount(f.slope) + '/' + shortUnit(), 'num wide'));
    const course = html('td', { class: 'wide' });
    course.appendChild(spark(ch, band.values));
    tr.appendChild(course);
    for (const c of recordsOf(ch)) tr.appendChild(cell(band.ipe ? band.ipe[c.key] : '', 'record'));
    activate(tr, band.name);
    return tr;
  }

  function fillTables() {
    for (const t of tables) {
      const fs = figures(t.ch);
      const rows = ordered(t, t.ch.c.bands.map((b, i) => ({ name: b.name, band: b, f: fs[i] })));
      t.body.replaceChildren(...rows.map(r => row(t.ch, r.band, r.f)));
      for (const th of t.head.querySelectorAll('th[data-key]')) {
        const on = t.sort && t.sort.key === th.dataset.key;
        if (on) th.setAttribute('aria-sort', t.sort.descending ? 'descending' : 'ascending'); else th.removeAttribute('aria-sort');
      }
    }
  }

  // ---- state kept across --watch's reloads

  function storageKey() { return 'hpng:' + location.pathname; }

  function save() {
    try {
      sessionStorage.setItem(storageKey(), JSON.stringify({ selected: [...state.selected], from: state.from, to: state.to }));
    } catch (e) { /* storage refused (a private window): nothing is kept */ }
  }

  function restore() {
    try {
      const s = JSON.parse(sessionStorage.getItem(storageKey()) || 'null');
      if (!s) return;
      state.selected = new Set(s.selected);
      state.from = s.from;
      state.to = s.to;
    } catch (e) { /* nothing kept */ }
  }

  function update() {
    applyZoom();
    fillTables();
    showSelection();
    save();
  }

  // After every declaration above (const and let are not hoisted).
  const charts = data.charts.map(setupChart);
  const bandPaths = Array.from(svg.querySelectorAll('path[data-band]'));
  const tables = charts.map(makeTable);
  const legendButtons = makeLegend();
  restore();
  update();
})();
