// git-orx board: the page's script. Plain JavaScript, no build step, no
// library; everything it shows comes from this server's JSON, and every
// text from the repository is put in the page as text, never as markup
// (an item's body comes rendered and escaped by the server).
'use strict';

window.addEventListener('error', function (e) {
  document.documentElement.setAttribute('data-error', String(e.message));
});

// The page's words in Chinese (`lang: zh`), keyed by their English.
var ZH = {
  'Branch': '分支',
  'Acting as': '操作角色',
  'Waiting for': '等待角色',
  'anyone': '任何角色',
  'Filter by ID or title': '按 ID 或标题过滤',
  'Charts': '图表',
  'Branches': '分支对比',
  'live': '实时',
  'offline: reconnecting': '离线: 正在重连',
  'read-only: start it with --write to move items': '只读: 用 --write 启动才能移动条目',
  'read-only: another branch than the one checked out': '只读: 不是当前检出的分支',
  'read-only: no role the identities allow you': '只读: identities 没有给你任何角色',
  'drag a card to another column to move it': '把卡片拖到另一列即可移动',
  'owner: {role}': '负责: {role}',
  'nobody': '无人',
  'stuck': '停滞',
  'stuck: {h} h in this state, past {limit} h': '停滞: 已在此状态 {h} 小时,超过 {limit} 小时',
  'waits for {items}': '等待 {items}',
  'waiting': '等待中',
  'other branches: {states}': '其他分支: {states}',
  'branches differ': '分支不一致',
  'in this state for {age}': '已在此状态 {age}',
  'Show {n} more': '再显示 {n} 个',
  'No items.': '没有条目。',
  '{item} moved {from} → {to} as {role} (commit {commit})': '{item} 已由 {role} 从 {from} 移到 {to} (提交 {commit})',
  'Refused: {item} stays {from}': '被拒绝: {item} 仍处于 {from}',
  'Allowed moves from {from} as {role}: {moves}': '{role} 从 {from} 允许的移动: {moves}',
  'none': '无',
  'Moves for other roles: {moves}': '其他角色的移动: {moves}',
  'The move failed': '移动失败',
  'Fields': '字段',
  'Moves': '移动',
  'Actions': '可执行的操作',
  'History': '历史',
  'Body': '正文',
  'allowed': '允许',
  'refused': '拒绝',
  'as {role}': '角色 {role}',
  'No actions for {role} now.': '{role} 现在没有可执行的操作。',
  'No history yet (not committed).': '还没有历史 (尚未提交)。',
  'Close': '关闭',
  'Kind': '类型',
  'Items across the local branches: those whose states differ or that some branches lack.': '各本地分支上的条目: 状态不一致或部分分支没有的条目。',
  'Every branch agrees.': '所有分支一致。',
  'different items took this ID: merging them needs git orx renumber': '不同的条目占用了这个 ID: 合并前需要 git orx renumber',
  'The report: cumulative flow, time in state, timelines.': '流程报告: 累积流图、各状态停留时间、时间线。',
  'Problems': '问题',
  'created': '创建', 'adopted': '接管', 'transition': '转换', 'edit': '编辑', 'deleted': '删除', 'rollback': '回滚',
  'item page': '条目页面',
  'handoff': '交接',
  'path': '路径',
  'm': '分钟', 'h': '小时', 'd': '天'
};

var lang = 'en';
function t(s, args) {
  var x = (lang === 'zh' && ZH[s]) || s;
  if (args) {
    Object.keys(args).forEach(function (k) { x = x.split('{' + k + '}').join(String(args[k])); });
  }
  return x;
}

var token = new URLSearchParams(location.search).get('token') || '';
var S = {
  data: null, tab: null, branch: '', role: '', filterRole: '', text: '',
  item: null, more: {}, dragging: null, renders: 0
};

// An element: `attrs` are properties (`text` the text, `cls` the class,
// `data` the data- attributes); `kids` are elements or text.
function el(tag, attrs) {
  var e = document.createElement(tag);
  attrs = attrs || {};
  Object.keys(attrs).forEach(function (k) {
    var v = attrs[k];
    if (v === undefined || v === null) { return; }
    if (k === 'text') { e.textContent = v; }
    else if (k === 'cls') { e.className = v; }
    else if (k === 'data') { Object.keys(v).forEach(function (d) { e.dataset[d] = v[d]; }); }
    else if (k === 'title') { e.title = v; }
    else { e.setAttribute(k, v); }
  });
  for (var i = 2; i < arguments.length; i++) {
    var kid = arguments[i];
    if (kid === null || kid === undefined) { continue; }
    e.appendChild(typeof kid === 'string' ? document.createTextNode(kid) : kid);
  }
  return e;
}
function $(id) { return document.getElementById(id); }
function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } return e; }

function age(seconds) {
  if (seconds < 3600) { return Math.max(1, Math.round(seconds / 60)) + t('m'); }
  if (seconds < 48 * 3600) { return Math.round(seconds / 3600) + t('h'); }
  return Math.round(seconds / 86400) + t('d');
}

function notice(kind, lines) {
  var n = $('notice');
  clear(n);
  n.dataset.kind = kind;
  var close = el('button', { text: '×', title: t('Close') });
  close.addEventListener('click', function () { n.hidden = true; });
  n.appendChild(close);
  lines.forEach(function (l, i) { n.appendChild(el('p', { cls: i === 0 ? 'reason' : 'detail', text: l })); });
  n.hidden = false;
}

// ---- loading -------------------------------------------------------------

var loading = null;
var again = false;
function load() {
  if (loading) { again = true; return loading; }
  var q = S.branch ? '?branch=' + encodeURIComponent(S.branch) : '';
  loading = fetch('/api/board' + q).then(function (r) {
    return r.json().then(function (j) {
      if (!r.ok) { notice('error', [j.error.message]); return; }
      S.data = j;
      lang = j.view.lang === 'zh' ? 'zh' : 'en';
      document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
      if (!S.role || j.roles_allowed.indexOf(S.role) < 0) { S.role = j.role || ''; }
      var kinds = j.view.kinds.map(function (k) { return k.kind; });
      if (!S.tab || (S.tab.charAt(0) !== '@' && kinds.indexOf(S.tab) < 0)) { S.tab = kinds[0]; }
      render();
      document.documentElement.dataset.stamp = String(j.stamp);
      if (S.item && j.view.current) { openItem(S.item.kind, S.item.id, true); }
    });
  }).catch(function (e) {
    notice('error', [String(e)]);
  }).then(function () {
    loading = null;
    if (again) { again = false; load(); }
  });
  return loading;
}

var soon = null;
function loadSoon() {
  if (soon) { return; }
  soon = setTimeout(function () { soon = null; load(); }, 60);
}

function listen() {
  var es = new EventSource('/api/events');
  var live = $('live');
  es.addEventListener('hello', function () {
    live.className = 'live on'; live.textContent = '● ' + t('live');
    loadSoon();
  });
  es.onmessage = function () { loadSoon(); };
  es.onerror = function () { live.className = 'live off'; live.textContent = '○ ' + t('offline: reconnecting'); };
}

// ---- rendering -----------------------------------------------------------

function render() {
  S.renders++;
  var d = S.data;
  document.querySelectorAll('[data-t]').forEach(function (e) { e.textContent = t(e.dataset.t); });
  $('filter-text').placeholder = t('Filter by ID or title');
  $('title').textContent = 'git-orx';
  fillSelect($('branch'), d.view.branches.map(function (b) { return [b, b]; }), d.view.branch || '');
  fillSelect($('role'), d.roles_allowed.map(function (r) { return [r, r]; }), S.role);
  $('role-box').hidden = !d.write;
  fillSelect($('filter-role'), [['', t('anyone')]].concat(d.view.roles.map(function (r) { return [r, r]; })), S.filterRole);
  var mode = $('mode');
  var ro = !d.write;
  mode.className = ro ? 'mode ro' : 'mode';
  mode.textContent = d.read_only ? t('read-only: start it with --write to move items')
    : !d.view.current ? t('read-only: another branch than the one checked out')
    : d.roles_allowed.length === 0 ? t('read-only: no role the identities allow you')
    : t('drag a card to another column to move it');
  renderTabs();
  renderMain();
  document.documentElement.dataset.renders = String(S.renders);
}

function fillSelect(sel, options, value) {
  clear(sel);
  options.forEach(function (o) { sel.appendChild(el('option', { value: o[0], text: o[1] })); });
  sel.value = value;
}

function renderTabs() {
  var nav = clear($('tabs'));
  var tabs = S.data.view.kinds.map(function (k) { return [k.kind, k.kind, k.cards.length]; });
  if (S.data.view.current) { tabs.push(['@charts', t('Charts')]); }
  if (S.data.view.branches.length > 1) { tabs.push(['@branches', t('Branches')]); }
  tabs.forEach(function (tab) {
    var b = el('button', { cls: tab[0] === S.tab ? 'on' : '', data: { tab: tab[0] } }, tab[1],
      tab.length > 2 ? el('span', { cls: 'n', text: String(tab[2]) }) : null);
    b.addEventListener('click', function () { S.tab = tab[0]; renderTabs(); renderMain(); });
    nav.appendChild(b);
  });
}

function renderMain() {
  var main = clear($('main'));
  if (S.tab === '@charts') { return charts(main); }
  if (S.tab === '@branches') { return across(main); }
  var kv = S.data.view.kinds.filter(function (k) { return k.kind === S.tab; })[0];
  if (!kv) { return; }
  if (S.data.problems.length) {
    main.appendChild(el('details', { cls: 'problems' }, el('summary', { text: t('Problems') + ' (' + S.data.problems.length + ')' }),
      el('pre', { text: S.data.problems.join('\n') })));
  }
  var board = el('div', { cls: 'board', data: { kind: kv.kind } });
  var text = S.text.toLowerCase();
  var shown = kv.cards.filter(function (c) {
    return (!S.filterRole || c.waits_for === S.filterRole) &&
      (!text || c.id.toLowerCase().indexOf(text) >= 0 || c.title.toLowerCase().indexOf(text) >= 0);
  });
  kv.states.forEach(function (st) {
    var here = shown.filter(function (c) { return c.status === st.name; });
    var col = el('section', { cls: 'column' + (st.terminal ? ' terminal' : '') + (here.length ? '' : ' none'), data: { state: st.name } },
      el('h2', {}, el('span', {}, breakable(st.name), el('span', { cls: 'owner', text: st.owner || '' })),
        el('span', { cls: 'count', text: String(here.length) })));
    var cards = el('div', { cls: 'cards' });
    var limit = S.more[kv.kind + ':' + st.name] ? here.length : 200;
    here.slice(0, limit).forEach(function (c) { cards.appendChild(card(kv, c)); });
    if (here.length > limit) {
      var more = el('button', { cls: 'more', text: t('Show {n} more', { n: here.length - limit }) });
      more.addEventListener('click', function () { S.more[kv.kind + ':' + st.name] = true; renderMain(); });
      cards.appendChild(more);
    }
    col.appendChild(cards);
    dropTarget(col, kv, st);
    board.appendChild(col);
  });
  if (!kv.cards.length) { main.appendChild(el('p', { cls: 'empty', text: t('No items.') })); }
  main.appendChild(board);
}

// A CamelCase name that may break between its words.
function breakable(name) {
  var f = document.createDocumentFragment();
  name.split(/(?=[A-Z][a-z])/).forEach(function (part, i) {
    if (i) { f.appendChild(el('wbr')); }
    f.appendChild(document.createTextNode(part));
  });
  return f;
}

function card(kv, c) {
  var marks = el('span', { cls: 'marks' });
  var now = S.data.view.now;
  if (c.stuck) {
    marks.appendChild(el('span', { cls: 'mark-stuck', text: '⚠ ' + t('stuck'),
      title: t('stuck: {h} h in this state, past {limit} h', { h: Math.round((now - c.since) / 360) / 10, limit: S.data.view.stuck_after_hours }) }));
  }
  if (c.waiting.length) {
    marks.appendChild(el('span', { cls: 'mark-waiting', text: '⏳ ' + t('waiting'), title: t('waits for {items}', { items: c.waiting.join(', ') }) }));
  }
  if (c.elsewhere.length) {
    marks.appendChild(el('span', { cls: 'mark-branch', text: '⑂', title: t('other branches: {states}', { states: c.elsewhere.join('; ') }) }));
  }
  var e = el('div', {
    cls: 'card' + (c.stuck ? ' stuck' : ''),
    data: { id: c.id, kind: kv.kind, status: c.status },
    draggable: S.data.write ? 'true' : 'false'
  },
  el('div', { cls: 'top' }, el('span', { cls: 'id', text: c.id }), marks),
  el('div', { cls: 'title', text: c.title }),
  el('div', { cls: 'meta' },
    c.waits_for ? el('span', { cls: 'role', text: c.waits_for, title: t('owner: {role}', { role: c.waits_for }) }) : el('span'),
    el('span', { text: c.since ? age(now - c.since) : '', title: c.since ? t('in this state for {age}', { age: age(now - c.since) }) : '' })));
  e.addEventListener('click', function () { if (S.data.view.current) { openItem(kv.kind, c.id); } });
  e.addEventListener('dragstart', function (ev) {
    S.dragging = { kind: kv.kind, id: c.id, from: c.status };
    ev.dataTransfer.setData('text/plain', JSON.stringify(S.dragging));
    ev.dataTransfer.effectAllowed = 'move';
    var from = kv.states.filter(function (s) { return s.name === c.status; })[0];
    document.querySelectorAll('.column').forEach(function (col) {
      if (from && from.to.indexOf(col.dataset.state) >= 0 && col.dataset.state !== c.status) { col.classList.add('target'); }
    });
  });
  e.addEventListener('dragend', function () {
    S.dragging = null;
    document.querySelectorAll('.column').forEach(function (col) { col.classList.remove('target', 'over'); });
  });
  return e;
}

function dropTarget(col, kv, st) {
  col.addEventListener('dragover', function (ev) {
    if (!S.data.write) { return; }
    ev.preventDefault();
    ev.dataTransfer.dropEffect = 'move';
    col.classList.add('over');
  });
  col.addEventListener('dragleave', function () { col.classList.remove('over'); });
  col.addEventListener('drop', function (ev) {
    ev.preventDefault();
    col.classList.remove('over');
    var what = S.dragging;
    try { what = JSON.parse(ev.dataTransfer.getData('text/plain')) || what; } catch (e) { /* the drag's own record */ }
    S.dragging = null;
    document.querySelectorAll('.column').forEach(function (c) { c.classList.remove('target', 'over'); });
    if (what && what.kind === kv.kind) { drop(what.kind, what.id, st.name); }
  });
}

// A card dropped on a column: the move, made by the server as `git orx
// move` makes it. The card goes to the column while the server judges;
// a refused move puts it back and says why.
function drop(kind, id, to) {
  var sel = '.card[data-kind="' + CSS.escape(kind) + '"][data-id="' + CSS.escape(id) + '"]';
  var c = document.querySelector(sel);
  var from = c ? c.dataset.status : '';
  if (from === to) { return Promise.resolve(null); }
  var home = c && c.parentNode;
  var target = document.querySelector('.column[data-state="' + CSS.escape(to) + '"] .cards');
  if (c && target) { target.appendChild(c); c.classList.add('pending'); }
  var item = kind + ' ' + id;
  return fetch('/api/move', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Orx-Token': token },
    body: JSON.stringify({ kind: kind, id: id, to: to, role: S.role })
  }).then(function (r) {
    return r.json().then(function (j) {
      if (r.ok) {
        if (c) { c.classList.remove('pending'); c.dataset.status = to; }
        var lines = [t('{item} moved {from} → {to} as {role} (commit {commit})',
          { item: item, from: j.from, to: j.to, role: j.role, commit: j.commit || '-' })];
        if (j.handoff) { lines.push(j.handoff); }
        notice('ok', lines);
        return load().then(function () { return j; });
      }
      if (c && home) { home.appendChild(c); c.classList.remove('pending'); c.classList.add('refused'); }
      var moves = j.moves || [];
      var mine = moves.filter(function (m) { return m.allowed; }).map(function (m) { return m.to; });
      var others = moves.filter(function (m) { return !m.allowed; }).map(function (m) { return m.to + ' (' + m.roles.join(', ') + ')'; });
      var lines2 = [j.error.message];
      if (from) { lines2.push(t('Refused: {item} stays {from}', { item: item, from: from })); }
      if (j.moves) {
        lines2.push(t('Allowed moves from {from} as {role}: {moves}', { from: from, role: S.role, moves: mine.length ? mine.join(', ') : t('none') }));
        if (others.length) { lines2.push(t('Moves for other roles: {moves}', { moves: others.join(', ') })); }
      }
      notice('refused', lines2);
      return j;
    });
  }).catch(function (e) {
    if (c && home) { home.appendChild(c); c.classList.remove('pending'); }
    notice('error', [t('The move failed'), String(e)]);
  });
}

// ---- the item's page -----------------------------------------------------

function openItem(kind, id, quiet) {
  S.item = { kind: kind, id: id };
  var q = '/api/item?key=' + encodeURIComponent(kind + ':' + id) + (S.role ? '&role=' + encodeURIComponent(S.role) : '');
  return fetch(q).then(function (r) {
    return r.json().then(function (j) {
      if (!r.ok) { if (!quiet) { notice('error', [j.error.message]); } return; }
      if (!S.item || S.item.kind !== kind || S.item.id !== id) { return; }
      itemPage(j);
    });
  });
}

function itemPage(j) {
  var a = clear($('item'));
  a.hidden = false;
  a.dataset.item = j.kind + ':' + j.id;
  var close = el('button', { cls: 'close', text: '×', title: t('Close') });
  close.addEventListener('click', function () { a.hidden = true; S.item = null; });
  a.appendChild(close);
  a.appendChild(el('h2', {}, j.id + ' ', j.title));
  a.appendChild(el('p', {}, el('b', { text: j.status }), ' · ', el('span', { cls: 'role', text: j.waits_for || t('nobody') }),
    ' · ', el('code', { text: j.path })));
  if (j.handoff) { a.appendChild(el('pre', { text: j.handoff })); }

  a.appendChild(el('h3', { text: t('Moves') }));
  var moves = el('table');
  j.moves.forEach(function (m) {
    moves.appendChild(el('tr', {},
      el('td', { text: '→ ' + m.to }),
      el('td', { cls: m.allowed ? 'ok' : 'no', text: (m.allowed ? '✓ ' + t('allowed') : '✗ ' + t('refused')) + ' · ' + t('as {role}', { role: m.judged_as }) }),
      el('td', { text: m.refused ? m.refused.message : m.description })));
  });
  a.appendChild(moves);

  a.appendChild(el('h3', { text: t('Actions') }));
  if (j.steps.length) {
    var ul = el('ul');
    j.steps.forEach(function (s) {
      ul.appendChild(el('li', {}, s.description, ' ', el('code', { text: s.argv.join(' ') })));
    });
    a.appendChild(ul);
  } else {
    a.appendChild(el('p', { cls: 'empty', text: t('No actions for {role} now.', { role: S.role || j.waits_for || '-' }) }));
  }

  a.appendChild(el('h3', { text: t('Fields') }));
  var fields = el('table');
  Object.keys(j.frontmatter || {}).forEach(function (k) {
    var v = j.frontmatter[k];
    fields.appendChild(el('tr', {}, el('td', { text: k }),
      el('td', {}, typeof v === 'object' && v !== null ? el('code', { text: JSON.stringify(v) }) : String(v))));
  });
  a.appendChild(fields);

  a.appendChild(el('h3', { text: t('History') }));
  if (j.history.length) {
    var tl = el('ol', { cls: 'timeline' });
    j.history.forEach(function (e) {
      var what = e.from !== e.to ? (e.from || '∅') + ' → ' + (e.to || '∅') : (e.fields || []).map(function (f) { return f.field || f.path || ''; }).join(', ');
      tl.appendChild(el('li', { cls: e.event },
        el('div', { cls: 'when', text: e.time.replace('T', ' ') + ' · ' + e.commit.slice(0, 8) + ' · ' + e.author }),
        el('div', {}, el('b', { text: t(e.event) }), ' ', what, e.role ? ' ' : '', e.role ? el('span', { cls: 'role', text: e.role }) : null),
        e.note ? el('div', { text: e.note }) : null,
        e.override ? el('div', { cls: 'no', text: e.override }) : null));
    });
    a.appendChild(tl);
  } else {
    a.appendChild(el('p', { cls: 'empty', text: t('No history yet (not committed).') }));
  }

  a.appendChild(el('h3', { text: t('Body') }));
  var body = el('div', { cls: 'body' });
  // Rendered from Markdown by the server, raw HTML in it escaped.
  body.innerHTML = j.body_html;
  a.appendChild(body);
}

// ---- charts and branches -------------------------------------------------

function charts(main) {
  var kinds = S.data.view.kinds.map(function (k) { return k.kind; });
  var kind = S.chartKind && kinds.indexOf(S.chartKind) >= 0 ? S.chartKind : kinds[0];
  var sel = el('select');
  fillSelect(sel, kinds.map(function (k) { return [k, k]; }), kind);
  sel.addEventListener('change', function () { S.chartKind = sel.value; renderMain(); });
  main.appendChild(el('div', { cls: 'charts-bar' }, el('label', {}, t('Kind') + ' ', sel), el('span', { cls: 'empty', text: t('The report: cumulative flow, time in state, timelines.') })));
  main.appendChild(el('iframe', { cls: 'report', src: '/report?kind=' + encodeURIComponent(kind) + '&stamp=' + S.data.stamp }));
}

function across(main) {
  main.appendChild(el('p', { cls: 'empty', text: t('Items across the local branches: those whose states differ or that some branches lack.') }));
  fetch('/api/branches').then(function (r) { return r.json(); }).then(function (j) {
    if (S.tab !== '@branches') { return; }
    if (j.error) { notice('error', [j.error.message]); return; }
    var rows = j.items.filter(function (r) { return r.disagree || r.partial || (r.files || []).length; });
    if (!rows.length) { main.appendChild(el('p', { text: t('Every branch agrees.') })); return; }
    var head = el('tr', {}, el('th', { text: '' }));
    j.branches.forEach(function (b) { head.appendChild(el('th', { text: b.name })); });
    var table = el('table', { cls: 'across' }, head);
    rows.forEach(function (r) {
      var tr = el('tr', { cls: (r.files || []).length ? 'collide' : r.disagree ? 'disagree' : '' },
        el('td', { title: (r.files || []).length ? t('different items took this ID: merging them needs git orx renumber') : r.title }, r.kind + ' ' + r.id + ' ', r.title));
      r.states.forEach(function (s) { tr.appendChild(el('td', { text: s || '-' })); });
      table.appendChild(tr);
    });
    main.appendChild(table);
  });
}

// ---- start ---------------------------------------------------------------

document.addEventListener('DOMContentLoaded', function () {
  $('branch').addEventListener('change', function (e) {
    S.branch = e.target.value;
    S.item = null; $('item').hidden = true;
    load();
  });
  $('role').addEventListener('change', function (e) {
    S.role = e.target.value;
    if (S.item) { openItem(S.item.kind, S.item.id); }
  });
  $('filter-role').addEventListener('change', function (e) { S.filterRole = e.target.value; renderMain(); });
  $('filter-text').addEventListener('input', function (e) { S.text = e.target.value; renderMain(); });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { $('item').hidden = true; S.item = null; }
  });
  load().then(listen);
});

// For tests and scripts: the move a drop makes.
window.orxBoard = { drop: drop, load: load, openItem: openItem };
