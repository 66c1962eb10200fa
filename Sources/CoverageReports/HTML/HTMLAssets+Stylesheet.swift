extension HTMLAssets {
  /// `covgate.css`: system fonts only, light and dark schemes (`prefers-color-scheme`), coverage
  /// levels as classes (`high`, `medium`, `low`, `na`), line states (`covered`, `uncovered`,
  /// `partial`, with `.missed` for the never-run part of a line) and Swift tokens (`k`, `s`, `c`,
  /// `n`, `a`: `SwiftTokenizer`).
  static let stylesheet = #"""
    /* covgate HTML report */
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --faint: #8c959f;
      --border: #d1d9e0; --border-soft: #e9edf1; --surface: #f6f8fa; --accent: #1f58c4; --link: #0550ae;
      --high: #116329; --medium: #7d4e00; --low: #b3141f; --na: #8c959f; --track: #e3e8ed;
      --covered-bg: #f0fbf3; --uncovered-bg: #ffedee; --partial-bg: #fff8db;
      --missed: #cf222e; --missed-bg: #ffd3d1; --current: #ffe9a8;
      --keyword: #a1166f; --string: #0a3069; --comment: #57606a; --number: #0550ae; --attribute: #6639ba;
      --on-tag: #ffffff;
      --pass-bg: #f0faf3; --pass-border: #b4e2c0; --fail-bg: #fff3f3; --fail-border: #f3c1c1;
      --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
      --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --faint: #6e7681;
        --border: #30363d; --border-soft: #21262d; --surface: #151b23; --accent: #4c8dff; --link: #4493f8;
        --high: #3fb950; --medium: #d29922; --low: #f85149; --na: #6e7681; --track: #2a313a;
        --covered-bg: rgba(46, 160, 67, 0.08); --uncovered-bg: rgba(248, 81, 73, 0.14);
        --partial-bg: rgba(210, 153, 34, 0.14); --missed: #ff7b72; --missed-bg: rgba(248, 81, 73, 0.3);
        --current: rgba(187, 128, 9, 0.18);
        --keyword: #ff9bce; --string: #a5d6ff; --comment: #b1bac4; --number: #79c0ff; --attribute: #d2a8ff;
        --on-tag: #0d1117;
        --pass-bg: rgba(46, 160, 67, 0.1); --pass-border: rgba(46, 160, 67, 0.45);
        --fail-bg: rgba(248, 81, 73, 0.1); --fail-border: rgba(248, 81, 73, 0.45);
      }
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 var(--sans); }
    a { color: var(--link); text-decoration: none; }
    a:hover { text-decoration: underline; }
    code, kbd { font-family: var(--mono); font-size: 12.5px; }
    kbd { border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: var(--surface); }
    .wrap { max-width: 1600px; margin: 0 auto; padding: 0 24px; }
    .muted { color: var(--muted); }
    header.top { background: var(--surface); border-bottom: 1px solid var(--border); position: sticky; top: 0; z-index: 2; }
    header.top .wrap { display: flex; align-items: center; gap: 14px; height: 48px; min-width: 0; }
    .brand { display: inline-flex; align-items: center; gap: 8px; font-weight: 600; color: var(--fg); flex: none; }
    .brand:hover { text-decoration: none; }
    .logo { width: 20px; height: 20px; }
    .logo-bg { fill: var(--accent); }
    .logo-mark { fill: none; stroke: #fff; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
    .crumb { color: var(--muted); font: 13px var(--mono); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
    .crumb::before { content: "/"; margin-right: 14px; color: var(--faint); }
    .sep { margin: 0 6px; color: var(--faint); }
    main.wrap { padding-top: 24px; padding-bottom: 8px; }
    section { margin: 0 0 32px; }
    /* What a link within the page shows lands below the pinned header. */
    section, h2[id], tr[id] { scroll-margin-top: 60px; }
    h1 { font-size: 22px; margin: 0; line-height: 1.3; }
    h2 { font-size: 16px; margin: 0 0 10px; }
    h2 .count { color: var(--muted); font-weight: 400; margin-left: 4px; }
    footer.wrap { color: var(--muted); font-size: 12px; padding-bottom: 32px; }
    footer p { margin: 0; padding-top: 12px; border-top: 1px solid var(--border-soft); }
    summary { cursor: pointer; color: var(--muted); }
    summary:hover { color: var(--fg); }
    .notice { border: 1px solid var(--border); border-left: 4px solid var(--medium); background: var(--surface); padding: 8px 12px; border-radius: 6px; }
    .notice.failed, .notice.missing { border-left-color: var(--low); }

    /* Gate */
    .gate { border: 1px solid var(--border); border-radius: 10px; padding: 16px 20px; }
    .gate.passed { background: var(--pass-bg); border-color: var(--pass-border); }
    .gate.failed { background: var(--fail-bg); border-color: var(--fail-border); }
    .gate-head { display: flex; align-items: center; gap: 14px; }
    .gate-icon { width: 40px; height: 40px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 22px; font-weight: 700; color: var(--on-tag); flex: none; }
    .gate.passed .gate-icon { background: var(--high); }
    .gate.failed .gate-icon { background: var(--low); }
    .gate-facts { margin: 2px 0 0; color: var(--muted); }
    .gate .notice { margin: 14px 0 0; }
    .failed-tests { margin: 10px 0 0; }
    .failed-tests ul { margin: 6px 0 0; padding-left: 20px; }
    .failed-tests code { white-space: pre-wrap; overflow-wrap: anywhere; }
    .verdicts { list-style: none; margin: 12px 0 0; padding: 0; }
    .verdicts li { display: flex; gap: 10px; align-items: baseline; padding: 3px 0; }
    .verdicts .message { overflow-wrap: anywhere; }
    .verdicts a.message { color: inherit; text-decoration: underline; text-decoration-color: var(--faint); text-underline-offset: 2px; }
    .verdicts a.message:hover { text-decoration-color: currentColor; }
    .file-verdicts { margin-top: 8px; }
    .file-verdicts .verdicts { margin-top: 4px; }
    .page-menu ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 0 0 14px; padding: 0; font-size: 13px; }
    .tag { flex: none; font: 600 11px/18px var(--mono); padding: 0 6px; border-radius: 4px; min-width: 44px; text-align: center; color: var(--on-tag); }
    li.failed .tag { background: var(--low); }
    li.warning .tag { background: var(--medium); }
    li.passed .tag { background: var(--high); }
    li.na .tag { background: var(--muted); }
    .all-verdicts { margin-top: 12px; }
    details.functions > summary { margin-bottom: 8px; }
    .all-verdicts .verdicts { margin-top: 6px; }

    /* Figures */
    .cards { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
    .trend-chart { max-width: 100%; height: auto; }
    @media (prefers-color-scheme: dark) {
      .trend-grid { stroke: #3a3f47; }
      .trend-axis, .trend-runs, .trend-legend text { fill: #c9d1d9; }
      .trend-total polyline, .trend-total circle, .trend-legend line.total { stroke: #e6edf3; }
      .trend-total circle { fill: #e6edf3; }
    }
    .card { border: 1px solid var(--border); border-radius: 10px; padding: 12px 16px 14px; }
    .card-name { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.05em; font-weight: 600; }
    .card-pct { font-size: 26px; font-weight: 600; font-variant-numeric: tabular-nums; margin-bottom: 4px; }
    .card .bar { width: 100%; height: 6px; }
    .card-ratio { color: var(--muted); font-size: 12px; margin-top: 6px; font-variant-numeric: tabular-nums; }
    .bar { display: inline-block; width: 52px; height: 6px; border-radius: 3px; overflow: hidden; vertical-align: middle; background: var(--track); }
    .high { color: var(--high); }
    .medium { color: var(--medium); }
    .low { color: var(--low); }
    .na { color: var(--muted); }
    .neutral { color: inherit; }
    /* Not by colour alone: a mark after a figure below its minimum (✕: the gate failed there; ▽: a file, folder
       or target below its layer's minimum, which the gate judges on the layer) or its target (△), read out too. */
    .pct.low::after, .card-pct.low::after { content: "\00a0✕" / " below the minimum"; font-size: 0.75em; }
    .pct.low.part::after, .card-pct.low.part::after { content: "\00a0▽" / " below its layer's minimum"; }
    .pct.medium::after, .card-pct.medium::after { content: "\00a0△" / " below the target"; font-size: 0.75em; }
    .bar .neutral { fill: var(--na); }
    .bar .high { fill: var(--high); }
    .bar .medium { fill: var(--medium); }
    .bar .low { fill: var(--low); }

    /* Tables */
    /* Positioned: what a table hides for screen readers stays inside its box. */
    .scroll { overflow-x: auto; position: relative; }
    table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
    th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--border-soft); vertical-align: middle; }
    thead th { font-size: 12px; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--border); white-space: nowrap; }
    tbody th { font-weight: 400; }
    .num { text-align: right; }
    /* A figure's parts stay whole; where the table is short of room its ratio goes under it. */
    td.metric > * { white-space: nowrap; }
    td.metric .pct { display: inline-block; min-width: 5.2em; text-align: right; margin-right: 7px; font-weight: 600; font-variant-numeric: tabular-nums; }
    td.metric .ratio { display: inline-block; min-width: 56px; margin-left: 7px; color: var(--muted); font-size: 12px; }
    table.layers .bar { width: 72px; }
    th[data-type] button { all: unset; cursor: pointer; border-radius: 3px; }
    th[data-type] button:hover { color: var(--fg); }
    th[data-type] button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    th[data-type] button::after { content: "\2195"; margin-left: 4px; color: var(--faint); font-size: 11px; }
    th[aria-sort="ascending"] button::after { content: "\25B2"; color: var(--accent); font-size: 9px; }
    th[aria-sort="descending"] button::after { content: "\25BC"; color: var(--accent); font-size: 9px; }
    th.num button { text-align: right; }
    table.files tbody tr:hover, table.functions tbody tr:hover, table.layers tbody tr:hover { background: var(--surface); }
    table.layers .layer-row th { font-weight: 600; white-space: nowrap; }
    table.layers .target-row th { padding-left: 30px; }
    table.layers tbody + tbody .layer-row > * { border-top: 1px solid var(--border); }
    table.layers tbody.ungated .bar rect, tr.ungated .bar rect { opacity: 0.55; }
    table.layers tfoot th, table.layers tfoot td { border-top: 2px solid var(--border); border-bottom: none; font-weight: 600; }
    .rules { font-size: 12px; color: var(--muted); }
    .badge { display: inline-block; font-size: 11px; font-weight: 600; line-height: 16px; padding: 0 8px; border-radius: 999px; border: 1px solid; margin-left: 4px; }
    .badge.gated { color: var(--accent); border-color: var(--accent); }
    .badge.ungated { color: var(--muted); border-color: var(--border); }
    .badge.warning { color: var(--medium); border-color: var(--medium); margin-left: 0; }
    .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 7px; vertical-align: 1px; }
    .dot.gated { background: var(--accent); }
    .dot.ungated { border: 1px solid var(--faint); }
    .section-head { display: flex; align-items: center; justify-content: space-between; gap: 16px; margin-bottom: 10px; flex-wrap: wrap; }
    .section-head h2 { margin: 0; }
    [hidden] { display: none !important; }
    .heading { margin-left: auto; display: flex; gap: 10px; align-items: baseline; color: var(--muted); font-size: 13px; min-width: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    .heading .run-title { color: var(--fg); font-weight: 600; }
    .filter { display: flex; align-items: center; gap: 6px 10px; flex-wrap: wrap; }
    .filter label { display: inline-flex; gap: 6px; align-items: center; white-space: nowrap; font-size: 13px; }
    .filter input[type=search] { width: 340px; max-width: 100%; padding: 6px 10px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg); color: var(--fg); font: inherit; }
    .filter input:focus { outline: 2px solid var(--accent); outline-offset: -1px; }
    td.path { font: 12.5px var(--mono); min-width: 220px; }
    td.name { font: 12.5px var(--mono); }
    td.path a { color: var(--fg); }
    td.path a:hover { text-decoration: none; }
    td.path a:hover b { color: var(--link); text-decoration: underline; }
    .dir { color: var(--muted); font-weight: 400; }
    /* On a screen too narrow for the whole table, the file names stay while the figures scroll. */
    @media (min-width: 761px) {
      table.files td.path, table.files thead th:first-child { position: sticky; left: 0; z-index: 1; background: var(--bg); }
      table.files tbody tr:hover td.path { background: var(--surface); }
    }
    td.path b { font-weight: 600; }
    .empty-filter { padding: 12px 10px; }
    table.plain td code { font-size: 12px; }
    .patch-summary { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 0 0 10px; }
    .patch-summary .pct { font-weight: 600; }
    .patch-summary .bar { width: 120px; }
    td.line-list { font: 12.5px var(--mono); }
    .plain-list { margin: 4px 0 0; padding-left: 20px; }
    ul.notice { list-style: none; margin: 0 0 16px; }
    ul.notice li { padding: 2px 0; }

    /* File page */
    .file-head h1.path { font: 600 19px var(--mono); overflow-wrap: anywhere; }
    section.change h2.path { overflow-wrap: anywhere; }
    .meta { color: var(--muted); margin: 6px 0 16px; }
    .meta b { color: var(--fg); font-weight: 600; }
    td.fn { font: 12.5px var(--mono); overflow-wrap: anywhere; }
    tr.uncovered td.fn a { color: var(--low); }
    .hits.zero { color: var(--low); font-weight: 600; }
    td.tests details[open] { text-align: left; }
    details.closures { font: 12px var(--sans); color: var(--muted); margin-top: 2px; }
    details.closures ul { margin: 2px 0 0; padding-left: 18px; }
    details.closures li.uncovered a { color: var(--low); font-weight: 600; }
    td.tests ul { margin: 4px 0 0; padding-left: 18px; font: 12px var(--mono); }
    .source-head { display: flex; align-items: center; gap: 12px 20px; flex-wrap: wrap; position: sticky; top: 49px; z-index: 1; background: var(--bg); padding: 10px 0; }
    .source-head h2 { margin: 0; }
    .legend { display: flex; gap: 14px; font-size: 12px; color: var(--muted); }
    .key::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; border-left: 3px solid; }
    .key.covered::before { background: var(--covered-bg); border-color: var(--high); }
    .key.uncovered::before { background: var(--uncovered-bg); border-color: var(--low); }
    .key.partial::before { background: var(--partial-bg); border-color: var(--medium); }
    .key.changed::before { content: "+"; width: auto; height: auto; border: none; background: none; color: var(--accent); font-weight: 700; }
    .jump { margin-left: auto; display: flex; gap: 8px; align-items: center; font-size: 12px; flex-wrap: wrap; }
    .jump button { font: inherit; padding: 3px 10px; border-radius: 6px; border: 1px solid var(--border); background: var(--surface); color: var(--fg); cursor: pointer; }
    .jump button:hover:enabled { border-color: var(--accent); }
    .jump button:disabled { opacity: 0.5; cursor: default; }
    .go-to-line input { width: 6em; font: inherit; padding: 2px 6px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg); color: var(--fg); }
    table.code { font: 12.5px/1.65 var(--mono); border: 1px solid var(--border); border-radius: 8px; border-collapse: separate; border-spacing: 0; }
    table.code td { padding: 0 10px; border: none; vertical-align: top; }
    /* The columns by place (line, hits, source): a page has a row per line, its cells no class. */
    table.code td:nth-child(1) { width: 1%; text-align: right; color: var(--muted); user-select: none; box-shadow: inset 3px 0 transparent; }
    table.code td:nth-child(1) a { color: inherit; }
    table.code.linked td:nth-child(1) { cursor: pointer; }
    table.code.linked td:nth-child(1):hover { color: var(--accent); text-decoration: underline; }
    table.code td:nth-child(2) { width: 1%; text-align: right; white-space: nowrap; color: var(--muted); user-select: none; border-right: 1px solid var(--border-soft); }
    table.code td:nth-child(3) { white-space: pre; tab-size: 4; width: 98%; }
    table.code tr:first-child td { padding-top: 6px; }
    table.code tr:last-child td { padding-bottom: 6px; }
    tr.covered td:nth-child(1) { box-shadow: inset 3px 0 var(--high); }
    tr.covered td:nth-child(2) { color: var(--high); }
    tr.uncovered td:nth-child(2) { color: var(--low); font-weight: 600; }
    tr.uncovered { background: var(--uncovered-bg); }
    tr.uncovered td:nth-child(1) { box-shadow: inset 3px 0 var(--low); }
    tr.partial { background: var(--partial-bg); }
    tr.partial td:nth-child(1) { box-shadow: inset 3px 0 var(--medium); }
    tr.changed td:nth-child(1) { color: var(--accent); font-weight: 600; }
    table.code tr.context td:nth-child(3) { color: var(--muted); }
    table.code tbody.gap td { color: var(--muted); text-align: center; padding: 2px 0; background: var(--surface); width: auto; box-shadow: none; }
    section.change h2 { font-size: 15px; margin-top: 28px; }
    .colour-legend { font-size: 12px; margin: 8px 0 0; }
    details.folders > summary { list-style-position: outside; }
    details.folders > summary h2 { display: inline; }
    tr.changed td:nth-child(1)::before { content: "+"; margin-right: 3px; }
    .sr-only, table.code .missed::before, table.code .missed::after { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    table.code .missed::before { content: "never ran: "; }
    table.code .missed::after { content: " (end of never-run part)"; }
    .br { margin-left: 1.5em; padding: 0 5px; border: 1px solid currentColor; border-radius: 8px; background: var(--bg); font: 11px/16px var(--sans); white-space: nowrap; }
    .br.all { color: var(--high); } .br.some { color: var(--medium); } .br.none { color: var(--low); } .br.na { color: var(--muted); border-style: dashed; }
    .br.survived { color: var(--low); font-weight: 600; }
    .br-key .br { margin: 0 4px 0 0; }
    details.br-list { display: inline; }
    details.br-list > summary { display: inline; cursor: pointer; list-style: none; }
    details.br-list > summary::-webkit-details-marker { display: none; }
    details.br-list[open] > summary { box-shadow: 0 0 0 1px currentColor; }
    details.br-list:not([open]) > ul { display: none; }
    details.br-list > ul { width: fit-content; max-width: 60em; margin: 2px 0 4px 1.5em; padding: 2px 8px; list-style: none; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 6px; font: 12px/18px var(--sans); white-space: normal; }
    details.br-list .taken { color: var(--high); } details.br-list .not-taken { color: var(--low); font-weight: 600; }
    .missed { text-decoration: underline wavy var(--missed); text-decoration-thickness: 1px; text-underline-offset: 3px; background: var(--missed-bg); border-radius: 2px; }
    /* Swift syntax: keywords, strings, comments, numbers, attributes and directives */
    table.code .k { color: var(--keyword); }
    table.code .s { color: var(--string); }
    table.code .c { color: var(--comment); font-style: italic; }
    table.code .n { color: var(--number); }
    table.code .a { color: var(--attribute); }
    table.code tr.current, table.code tr:target { background: var(--current); }
    /* A linked line lands below what is pinned over it (the page sets --pinned from their heights). */
    table.code tr { scroll-margin-top: calc(var(--pinned, 150px) + 8px); }
    @media (max-width: 760px) {
      .cards { grid-template-columns: 1fr; }
      .wrap { padding: 0 12px; }
      .jump { margin-left: 0; }
      /* Phones: nothing pinned over the source, and the figures before the details. */
      header.top, .source-head { position: static; }
      table.files th:nth-child(2), table.files td:nth-child(2),
      table.files th:nth-child(3), table.files td:nth-child(3),
      table.files th:nth-child(6), table.files td:nth-child(6),
      table.layers th:nth-child(2), table.layers td:nth-child(2),
      table.layers th:last-child, table.layers td:last-child,
      #files th:last-child, #files td:last-child { display: none; }
      td.metric .bar, td.metric .ratio { display: none; }
      td.metric .pct { min-width: 0; margin-right: 0; }
      /* Names break after a "/" only: a name wider than the screen scrolls with its table. */
      td.path, .layers th[scope=row] { white-space: normal; min-width: 0; }
    }
    @media print {
      .filter, .jump { display: none; }
    }

    """#
}
