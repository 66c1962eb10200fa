extension HTMLAssets {
  /// `covgate.js`: sortable tables, the file filter (both kept in the index's URL fragment, e.g.
  /// `#sort=lines-asc&q=core`), `/` to filter, and `n`/`j` and `p`/`k` to jump to the next and
  /// previous uncovered code on file pages. Sets `data-ready="1"` on `<body>` once set up.
  static let script = #"""
    /* covgate HTML report: sortable tables, the file filter, keys to jump to uncovered code. */
    (function () {
      'use strict';

      function each(list, body) { Array.prototype.forEach.call(list, body); }

      function isTyping(target) {
        var tag = target && target.tagName;
        return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || !!(target && target.isContentEditable);
      }

      function hasModifier(event) { return event.ctrlKey || event.metaKey || event.altKey; }

      /* The index keeps its sort and filter in the fragment: #sort=lines-asc&q=core */
      function readState() {
        var state = {};
        location.hash.replace(/^#/, '').split('&').forEach(function (part) {
          var equals = part.indexOf('=');
          if (equals <= 0) return;
          try {
            state[decodeURIComponent(part.slice(0, equals))] = decodeURIComponent(part.slice(equals + 1));
          } catch (error) { /* a malformed fragment is ignored */ }
        });
        return state;
      }

      function writeState(state) {
        var parts = [];
        ['sort', 'q', 'hide'].forEach(function (key) {
          if (state[key]) parts.push(key + '=' + encodeURIComponent(state[key]));
        });
        replaceFragment(parts.join('&'));
      }

      function replaceFragment(fragment) {
        var url = location.href.split('#')[0] + (fragment ? '#' + fragment : '');
        try { history.replaceState(null, '', url); } catch (error) { /* some viewers forbid it */ }
      }

      function cellValue(row, index, numeric) {
        var cell = row.cells[index];
        var raw = !cell ? '' : cell.hasAttribute('data-sort') ? cell.getAttribute('data-sort') : cell.textContent;
        if (!numeric) return raw.toLowerCase();
        var number = parseFloat(raw);
        return isNaN(number) ? -Infinity : number;
      }

      function sortTable(table, key, descending) {
        var headers = table.tHead.rows[0].cells;
        var index = -1;
        each(headers, function (header, position) {
          if (!header.hasAttribute('data-type')) return;
          var active = header.getAttribute('data-key') === key;
          if (active) index = position;
          header.setAttribute('aria-sort', active ? (descending ? 'descending' : 'ascending') : 'none');
        });
        if (index < 0) return;
        var numeric = headers[index].getAttribute('data-type') === 'number';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a, index, numeric);
          var y = cellValue(b, index, numeric);
          var order = x < y ? -1 : x > y ? 1 : 0;
          return (descending ? -order : order) || a.covgateOrder - b.covgateOrder;
        });
        var fragment = document.createDocumentFragment();
        rows.forEach(function (row) { fragment.appendChild(row); });
        body.appendChild(fragment);
        table.setAttribute('data-sorted', key + '-' + (descending ? 'desc' : 'asc'));
      }

      function setUpSorting(table, state) {
        each(table.tBodies[0].rows, function (row, position) { row.covgateOrder = position; });
        var persistent = table.getAttribute('data-state') === 'hash';
        each(table.tHead.rows[0].cells, function (header) {
          var button = header.querySelector('button');
          if (!button) return;
          button.addEventListener('click', function () {
            var key = header.getAttribute('data-key');
            var descending = header.getAttribute('aria-sort') === 'ascending';
            sortTable(table, key, descending);
            if (persistent) {
              state.sort = key + '-' + (descending ? 'desc' : 'asc');
              writeState(state);
            }
          });
        });
        function applySort(sort) {
          var wanted = persistent && /^([a-z]+)-(asc|desc)$/.exec(sort || '');
          if (wanted) sortTable(table, wanted[1], wanted[2] === 'desc');
        }
        applySort(state.sort);
        return applySort;
      }

      function setUpFilter(table, input, state) {
        var rows = table.tBodies[0].rows;
        var counter = document.getElementById('filter-count');
        var empty = document.getElementById('filter-empty');
        function text(row) {
          if (row.covgateText === undefined) {
            row.covgateText = [0, 1, 2].map(function (index) {
              return row.cells[index] ? row.cells[index].textContent : '';
            }).join(' ').toLowerCase();
          }
          return row.covgateText;
        }
        /* "in:FOLDER/" (a folder's link) keeps the files directly in that folder, not those of
           its subfolders; the folder may hold spaces and ends at a "/" before a space or the end. */
        function folderOf(row) {
          var path = (row.cells[0].getAttribute('data-sort') || '').toLowerCase();
          return path.slice(0, path.lastIndexOf('/') + 1);
        }
        /* The columns keep the widths they had with every row shown: hiding rows must not move them. */
        function freezeColumns() {
          if (table.covgateFrozen) return;
          table.covgateFrozen = true;
          var widths = Array.prototype.map.call(table.tHead.rows[0].cells, function (cell) { return cell.offsetWidth; });
          each(table.tHead.rows[0].cells, function (cell, index) { cell.style.width = widths[index] + 'px'; });
          table.style.tableLayout = 'fixed';
          table.style.width = table.offsetWidth + 'px';
        }
        var hideCovered = document.getElementById('hide-covered');
        function apply() {
          freezeColumns();
          var folder = null;
          var query = input.value.toLowerCase().replace(/(^|\s)in:(\S.*?\/)(?=\s|$)/, function (all, space, path) {
            folder = path;
            return ' ';
          });
          var words = query.split(/\s+/).filter(Boolean);
          var hiding = !!(hideCovered && hideCovered.checked);
          var shown = 0;
          each(rows, function (row) {
            var match = (folder === null || folderOf(row) === folder)
              && words.every(function (word) { return text(row).indexOf(word) >= 0; })
              && !(hiding && row.hasAttribute('data-full'));
            row.hidden = !match;
            if (match) shown += 1;
          });
          var noun = rows.length === 1 ? ' file' : ' files';
          if (counter) counter.textContent = (words.length || folder !== null || hiding ? shown + ' of ' : '') + rows.length + noun;
          if (empty) empty.hidden = shown > 0;
        }
        input.addEventListener('input', function () {
          apply();
          state.q = input.value;
          writeState(state);
        });
        document.addEventListener('keydown', function (event) {
          if (event.key === '/' && !hasModifier(event) && !isTyping(event.target)) {
            event.preventDefault();
            input.focus();
          }
        });
        if (hideCovered) {
          hideCovered.addEventListener('change', function () {
            apply();
            state.hide = hideCovered.checked ? 'covered' : '';
            writeState(state);
          });
        }
        function applyQuery(query, hide) {
          input.value = query || '';
          if (hideCovered) hideCovered.checked = hide === 'covered';
          apply();
        }
        if (state.q || state.hide) applyQuery(state.q, state.hide);
        var container = input.closest('.filter');
        if (container) container.hidden = false;
        return applyQuery;
      }

      /* File pages: n/j and p/k jump between places with uncovered code. */
      function setUpJumps() {
        if (!document.body.classList.contains('file')) return;
        var code = document.querySelector('table.code');
        var buttons = document.querySelectorAll('[data-jump]');
        var status = document.getElementById('jump-status');
        if (!code) {
          each(buttons, function (button) { button.disabled = true; });
          return;
        }
        // A place is a partly run line or a run of uncovered lines; any other line (covered,
        // or outside every region: blank, comment, brace) ends the run.
        var targets = [];
        var inBlock = false;
        each(code.tBodies[0].rows, function (row) {
          var uncovered = row.classList.contains('uncovered');
          if (row.classList.contains('partial') || (uncovered && !inBlock)) {
            targets.push(row);
            row.setAttribute('data-place', String(targets.length));
          }
          inBlock = uncovered;
        });
        function lineOf(row) { return parseInt(row.id.slice(1), 10); }
        function say(prefix) {
          if (!status) return;
          var noun = targets.length === 1 ? ' place' : ' places';
          status.textContent = targets.length ? prefix + targets.length + noun + ' with uncovered code' : 'no uncovered code';
        }
        say('');
        each(document.querySelectorAll('.jump'), function (bar) { bar.hidden = false; });
        if (!targets.length) {
          each(buttons, function (button) { button.disabled = true; });
          return;
        }
        var current = -1;
        function jump(step) {
          var fromHash = /^#L(\d+)$/.exec(location.hash);
          var line = current >= 0 ? lineOf(targets[current]) : fromHash ? parseInt(fromHash[1], 10) : 0;
          var next = -1;
          for (var index = 0; index < targets.length; index += 1) {
            var candidate = step > 0 ? index : targets.length - 1 - index;
            var candidateLine = lineOf(targets[candidate]);
            if (step > 0 ? candidateLine > line : candidateLine < line) { next = candidate; break; }
          }
          if (next < 0) next = step > 0 ? 0 : targets.length - 1;
          if (current >= 0) targets[current].classList.remove('current');
          current = next;
          var row = targets[current];
          row.classList.add('current');
          row.scrollIntoView({ block: 'center' });
          replaceFragment(row.id);
          say((current + 1) + ' of ');
        }
        document.addEventListener('keydown', function (event) {
          if (hasModifier(event) || isTyping(event.target)) return;
          if (event.key === 'n' || event.key === 'j') jump(1);
          else if (event.key === 'p' || event.key === 'k') jump(-1);
          else return;
          event.preventDefault();
        });
        each(buttons, function (button) {
          button.addEventListener('click', function () {
            jump(button.getAttribute('data-jump') === 'next' ? 1 : -1);
          });
        });
      }

      /* File pages: a line's number links to it (the page's address gets #L and the number). */
      function setUpLineLinks() {
        if (!document.body.classList.contains('file')) return;
        var code = document.querySelector('table.code');
        if (!code) return;
        code.classList.add('linked');
        code.addEventListener('click', function (event) {
          var cell = event.target.closest('td');
          if (!cell || cell.cellIndex !== 0 || !cell.parentElement.id) return;
          location.hash = cell.parentElement.id;
        });
      }

      /* File pages: a linked line lands below the pinned header and source heading, whatever
         their height (the legend wraps on narrow screens; nothing is pinned on phones). */
      function setUpPinnedHeight() {
        if (!document.body.classList.contains('file')) return;
        function measure() {
          var height = 0;
          each(document.querySelectorAll('header.top, .source-head'), function (element) {
            if (getComputedStyle(element).position === 'sticky') height += element.offsetHeight;
          });
          document.documentElement.style.setProperty('--pinned', height + 'px');
        }
        measure();
        window.addEventListener('resize', measure);
        var line = /^#L\d+$/.test(location.hash) && document.getElementById(location.hash.slice(1));
        if (line) line.scrollIntoView();
      }

      /* File pages: the "Go to line" field, the keyboard's way to a line (its number links it). */
      function setUpGoToLine() {
        var field = document.getElementById('go-to-line');
        if (!field) return;
        field.closest('form').hidden = false;
        field.closest('form').addEventListener('submit', function (event) {
          event.preventDefault();
          var row = document.getElementById('L' + parseInt(field.value, 10));
          if (row) location.hash = row.id;
        });
      }

      function start() {
        var state = readState();
        var sorters = [];
        each(document.querySelectorAll('table.sortable'), function (table) { sorters.push(setUpSorting(table, state)); });
        var input = document.getElementById('filter');
        var files = document.getElementById('files');
        var applyQuery = input && files ? setUpFilter(files, input, state) : null;
        /* A fragment typed into the address bar (or a link within the page) applies at once. */
        window.addEventListener('hashchange', function () {
          var fresh = readState();
          if (fresh.sort === undefined && fresh.q === undefined && fresh.hide === undefined) return;
          state.sort = fresh.sort;
          state.q = fresh.q;
          state.hide = fresh.hide;
          sorters.forEach(function (applySort) { applySort(fresh.sort); });
          if (applyQuery) applyQuery(fresh.q, fresh.hide);
          /* A folder's link filters the file list: show it, below the pinned header. */
          var title = document.getElementById('files-title');
          if (fresh.q && title) title.closest('section').scrollIntoView();
        });
        setUpJumps();
        setUpLineLinks();
        setUpPinnedHeight();
        setUpGoToLine();
        document.body.setAttribute('data-ready', '1');
      }

      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
      else start();
    })();

    """#
}
