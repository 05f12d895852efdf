// lexibench's HTML report: draws each plot (plotly.js) from the JSON beside it, makes every
// table sortable (click a heading; again to reverse) and filterable (the box above it), and
// draws the history page's trend of the chosen case.
"use strict";

// A cell's value for sorting: a number when the text reads as one (1,234.5, 0.61x, 12%,
// 3.2 ms, 1.2-3.4 takes its first number), else the text.
function sortKey(text) {
  const t = text.trim().replace(/,/g, "");
  const m = t.match(/^[<>~=≈]*\s*(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i);
  return m ? { num: parseFloat(m[1]), text: t } : { num: null, text: t.toLowerCase() };
}

function compareKeys(a, b) {
  if (a.num !== null && b.num !== null) return a.num - b.num;
  if (a.num !== null) return -1;  // numbers before text
  if (b.num !== null) return 1;
  if (a.text === "" || b.text === "") return (a.text === "") - (b.text === "");  // empty last
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

function enhanceTable(table, index) {
  const body = table.tBodies[0];
  if (!body) return;
  const box = document.createElement("div");
  box.className = "table-box";
  table.parentNode.insertBefore(box, table);
  const filter = document.createElement("input");
  filter.className = "table-filter";
  filter.type = "search";
  filter.placeholder = "filter the rows";
  filter.setAttribute("aria-label", "filter the rows of table " + (index + 1));
  const count = document.createElement("span");
  count.className = "table-count";
  box.appendChild(filter);
  box.appendChild(count);
  box.appendChild(table);
  const rows = Array.from(body.rows);
  const showCount = (shown) => {
    count.textContent = shown === rows.length ? rows.length + " rows" : shown + " of " + rows.length + " rows";
  };
  showCount(rows.length);
  filter.addEventListener("input", () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of rows) {
      const text = row.textContent.toLowerCase();
      const keep = words.every((w) => text.includes(w));
      row.hidden = !keep;
      shown += keep;
    }
    showCount(shown);
  });
  const heads = table.tHead ? Array.from(table.tHead.rows[0].cells) : [];
  heads.forEach((th, column) => {
    th.tabIndex = 0;
    th.title = "sort by this column";
    const sort = () => {
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      heads.forEach((h) => h.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const keyed = rows.map((row, i) => ({ row, i, key: sortKey(row.cells[column] ? row.cells[column].textContent : "") }));
      keyed.sort((a, b) => (ascending ? compareKeys(a.key, b.key) : compareKeys(b.key, a.key)) || a.i - b.i);
      for (const k of keyed) body.appendChild(k.row);
    };
    th.addEventListener("click", sort);
    th.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); } });
  });
}

function drawPlots() {
  const config = { responsive: true, displaylogo: false };
  for (const div of document.querySelectorAll("figure.plot div.figure")) {
    const spec = JSON.parse(div.nextElementSibling.textContent);
    Plotly.newPlot(div, spec.data, spec.layout, config);
  }
}

function drawTrend() {
  const source = document.getElementById("trend-data");
  if (!source) return;
  const data = JSON.parse(source.textContent);
  const select = document.getElementById("trend-case");
  const filter = document.getElementById("trend-filter");
  const names = Object.keys(data.cases).sort();
  const fill = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    select.replaceChildren(...names.filter((n) => words.every((w) => n.toLowerCase().includes(w)))
      .map((n) => new Option(n, n)));
    show();
  };
  const show = () => {
    const points = data.cases[select.value] || [];
    const x = points.map((p) => data.runs[p[0]]);
    const trace = {
      type: "scatter", mode: "lines+markers", x, y: points.map((p) => p[1]),
      error_y: { type: "data", symmetric: false, array: points.map((p) => p[3] - p[1]), arrayminus: points.map((p) => p[1] - p[2]) },
      name: select.value, hovertemplate: "%{x}<br>%{y:.4~g} s<extra></extra>",
    };
    Plotly.react("trend", [trace], {
      height: 380, margin: { l: 70, r: 20, t: 30, b: 60 },
      xaxis: { title: { text: "kept run (commit)" }, type: "category" },
      yaxis: { title: { text: "seconds a round (median; bar: min to max)" }, rangemode: "tozero" },
    }, { responsive: true, displaylogo: false });
  };
  filter.addEventListener("input", fill);
  select.addEventListener("change", show);
  fill();
}

document.querySelectorAll("main table").forEach(enhanceTable);
drawPlots();
drawTrend();
