extension HTMLPage {
  /// The page's CSS, inline: system fonts only, nothing fetched.
  static let style = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827;
      margin: 16px 24px; max-width: 1120px; }
    h1 { font-size: 20px; margin: 0 0 8px; }
    h2 { font-size: 16px; margin: 20px 0 6px; }
    h3 { font-size: 13px; margin: 10px 0 2px; color: #4b5563; }
    .pass, .fail { padding: 1px 8px; border-radius: 4px; color: #fff; }
    .pass { background: #15803d; }
    .fail { background: #b91c1c; }
    table { border-collapse: collapse; }
    th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
    table.cases td, table.cases th { border-bottom: 1px solid #e5e7eb; padding: 3px 12px 3px 0; }
    .facts th { color: #4b5563; font-weight: 600; }
    .verdict { color: #b91c1c; font-weight: 600; }
    .note, .expected, .advice { color: #4b5563; margin: 4px 0; }
    .message { margin: 4px 0 6px; max-width: 1060px; overflow-wrap: anywhere; }
    pre { background: #f3f4f6; padding: 6px 8px; margin: 0; white-space: pre-wrap;
      overflow-wrap: anywhere; max-height: 320px; overflow: auto; font-size: 12px; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; overflow-wrap: anywhere; }
    figure { margin: 6px 0 10px; }
    figcaption { font-weight: 600; color: #374151; }
    section.case { border-top: 2px solid #e5e7eb; margin-top: 14px; }
    ol.calls li.failing-call { color: #b91c1c; font-weight: bold; }
    ol.calls li.logged-call { color: #92400e; }
    table.states td { padding: 2px 10px; vertical-align: top; }
    table.states tr.differs td { background: #fee2e2; }
    table.timeline { margin: 4px 0 8px; width: 100%; table-layout: fixed; }
    table.timeline td, table.timeline th { border-bottom: 1px solid #e5e7eb; padding: 3px 12px 3px 0;
      overflow-wrap: anywhere; }
    table.timeline th:nth-child(1) { width: 6%; }
    table.timeline th:nth-child(2) { width: 30%; }
    table.timeline th:nth-child(3) { width: 8%; }
    table.timeline th:nth-child(4) { width: 14%; }
    table.timeline td:nth-child(5) { font-size: 12px; }
    table.timeline tr.failing-end td { background: #fee2e2; }
    table.timeline tr.failing-end .mark { color: #b91c1c; font-weight: 700; }
    table.timeline tr.not-applied td { color: #9ca3af; }
    table.timeline .outcome-exception, table.timeline .outcome-duplicate { color: #b91c1c; }
    table.timeline .outcome-fallback, table.timeline .outcome-skipped { color: #92400e; }
    table.timeline .outcome-valid { color: #15803d; }
    svg.picture, svg.chart { max-width: 100%; height: auto; display: block; }
    svg text { font-size: 12px; }
    svg .column { font-weight: 600; fill: #374151; }
    svg .value, svg .index { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
    svg .index { fill: #9ca3af; text-anchor: end; font-size: 10px; }
    svg .row rect { fill: #f9fafb; stroke: #e5e7eb; }
    svg .deleted rect { fill: #fee2e2; stroke: #fca5a5; }
    svg .deleted .value { fill: #991b1b; }
    svg .strike { stroke: #991b1b; stroke-width: 1.5; }
    svg .reloaded rect { fill: #fef3c7; stroke: #f59e0b; }
    svg .reconfigured rect { fill: #dbeafe; stroke: #3b82f6; }
    svg .inserted rect { fill: #dcfce7; stroke: #22c55e; }
    svg .moved rect { stroke: #7c3aed; stroke-width: 1.5; }
    svg rect.section { fill: #e5e7eb; }
    svg .section { font-weight: 600; fill: #374151; }
    svg .gap { font-style: italic; fill: #6b7280; }
    svg .badge { font-size: 10px; fill: #4b5563; text-anchor: end; }
    svg .stay { stroke: #9ca3af; stroke-opacity: 0.55; }
    svg .stay.reload { stroke: #d97706; stroke-dasharray: 4 3; stroke-opacity: 0.9; }
    svg .move { fill: none; stroke: #7c3aed; stroke-width: 1.6; }
    svg .arrowhead { fill: #7c3aed; }
    svg .bc-marker { fill: none; stroke: #dc2626; stroke-width: 2.5; }
    svg .finding { stroke: #dc2626; stroke-dasharray: 3 3; }
    svg .note { fill: #b91c1c; font-weight: 700; }
    svg .chart-group { font-weight: 600; fill: #374151; }
    svg .bar { fill: #60a5fa; }
    svg .bar.low { fill: #ef4444; }
    svg .floor { stroke: #111827; stroke-width: 2; }
    svg .edit-bar.issued { fill: #2563eb; }
    svg .edit-bar.needed { fill: #bfdbfe; }
    .legend .key { display: inline-block; padding: 0 6px; margin-right: 4px; border-radius: 3px;
      border: 1px solid #d1d5db; font-size: 12px; }
    .legend .deleted { background: #fee2e2; text-decoration: line-through; }
    .legend .reloaded { background: #fef3c7; }
    .legend .reconfigured { background: #dbeafe; }
    .legend .inserted { background: #dcfce7; }
    .legend .moved { border-color: #7c3aed; color: #6d28d9; }
    .legend .stay { color: #6b7280; }
    .legend .failing { border: 2px solid #dc2626; border-radius: 10px; }

    """
}
