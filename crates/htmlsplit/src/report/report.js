"use strict";
(function () {
  var index = JSON.parse(document.getElementById("index").textContent);
  var docs = index.documents;
  var unit = index.unit;
  var list = document.getElementById("document-list");
  var SVG = "http://www.w3.org/2000/svg";

  var totalChunks = 0;
  var allSizes = [];
  docs.forEach(function (doc) {
    totalChunks += doc.sizes.length;
    for (var i = 0; i < doc.sizes.length; i++) allSizes.push(doc.sizes[i]);
  });
  document.getElementById("summary").textContent =
    docs.length + " documents, " + totalChunks + " chunks" +
    (index.failures ? ", " + index.failures + " inputs not split" : "") +
    "; chunkSize " + index.chunkSize +
    (index.maxChunkSize !== null ? ", maxChunkSize " + index.maxChunkSize : "") +
    " (" + unit + ")";

  // The list shows paths below the directory all documents share.
  var prefix = docs.length > 1 ? docs[0].source : "";
  docs.forEach(function (doc) {
    while (prefix && doc.source.indexOf(prefix) !== 0) prefix = prefix.slice(0, -1);
  });
  prefix = prefix.slice(0, prefix.lastIndexOf("/") + 1);

  docs.forEach(function (doc, n) {
    var item = document.createElement("li");
    item.dataset.doc = n;
    var link = document.createElement("a");
    link.href = "#doc=" + n;
    link.textContent = doc.source.slice(prefix.length);
    link.title = doc.source;
    var count = document.createElement("span");
    count.className = "count";
    count.textContent = doc.sizes.length + (doc.sizes.length === 1 ? " chunk" : " chunks");
    item.appendChild(link);
    item.appendChild(count);
    list.appendChild(item);
  });

  document.getElementById("filter").addEventListener("input", function (event) {
    var needle = event.target.value.toLowerCase();
    Array.prototype.forEach.call(list.children, function (item) {
      item.hidden = needle !== "" &&
        docs[item.dataset.doc].source.toLowerCase().indexOf(needle) < 0;
    });
  });

  function svg(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function histogram(container, sizes) {
    var width = 640, height = 130, left = 36, bottom = 20, top = 16, bins = 40;
    var largest = 0;
    for (var i = 0; i < sizes.length; i++) largest = Math.max(largest, sizes[i]);
    var upper = Math.max(largest, index.maxChunkSize !== null ? index.maxChunkSize : index.chunkSize, 1);
    var step = Math.ceil((upper + 1) / bins);
    var counts = new Array(bins).fill(0);
    sizes.forEach(function (size) { counts[Math.min(bins - 1, Math.floor(size / step))] += 1; });
    var most = Math.max.apply(null, counts.concat([1]));
    var plot = width - left - 8, tall = height - top - bottom;
    var x = function (size) { return left + plot * size / (step * bins); };
    var root = svg("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
    counts.forEach(function (count, bin) {
      if (count === 0) return;
      var barHeight = Math.max(1, tall * count / most);
      var bar = svg("rect", { "class": "bar", x: x(bin * step) + 0.5, y: top + tall - barHeight,
        width: Math.max(1, plot / bins - 1), height: barHeight }, root);
      svg("title", {}, bar).textContent = count + " chunks of " + bin * step + "–" + ((bin + 1) * step - 1) + " " + unit;
    });
    svg("line", { x1: left, x2: left + plot, y1: top + tall + 0.5, y2: top + tall + 0.5, stroke: "#999" }, root);
    svg("text", { x: left, y: height - 5, "text-anchor": "middle" }, root).textContent = "0";
    svg("text", { x: left + plot, y: height - 5, "text-anchor": "end" }, root).textContent = step * bins + " " + unit;
    svg("text", { x: left - 4, y: top + 4, "text-anchor": "end" }, root).textContent = String(most);
    // The target's label goes left of its line and the cap's right of
    // theirs, so the two do not overlap; either flips at the plot's edge.
    function marker(size, cls, label, leftOfLine) {
      var at = x(size);
      if (leftOfLine && at < left + 140) leftOfLine = false;
      if (!leftOfLine && at > width - 140) leftOfLine = true;
      svg("line", { "class": cls, x1: at, x2: at, y1: top - 4, y2: top + tall }, root);
      svg("text", { x: at + (leftOfLine ? -3 : 3), y: top - 5,
        "text-anchor": leftOfLine ? "end" : "start" }, root).textContent = label + " " + size;
    }
    marker(index.chunkSize, "target", "chunkSize", true);
    if (index.maxChunkSize !== null) marker(index.maxChunkSize, "cap", "maxChunkSize", false);
    container.replaceChildren(root);
  }

  histogram(document.getElementById("corpus-histogram"), allSizes);

  var chunksView = document.getElementById("chunks");
  var title = document.getElementById("document-title");
  var docHistogram = document.getElementById("document-histogram");

  function select(n) {
    Array.prototype.forEach.call(list.querySelectorAll("li.selected"), function (item) {
      item.classList.remove("selected");
    });
    if (docs.length === 0) {
      title.textContent = "No documents";
      chunksView.replaceChildren();
      return;
    }
    var item = list.children[n];
    item.classList.add("selected");
    var entry = JSON.parse(document.getElementById("doc-" + n).textContent);
    title.textContent = entry.source + " — " + entry.chunks.length +
      (entry.chunks.length === 1 ? " chunk" : " chunks");
    histogram(docHistogram, docs[n].sizes);
    var fragment = document.createDocumentFragment();
    // What the page says about itself (title, author, date, …).
    var facts = Object.keys(entry.page || {});
    if (facts.length) {
      var page = document.createElement("dl");
      page.className = "page-metadata";
      facts.forEach(function (key) {
        var term = document.createElement("dt");
        term.textContent = key;
        var value = document.createElement("dd");
        value.textContent = entry.page[key];
        page.appendChild(term);
        page.appendChild(value);
      });
      fragment.appendChild(page);
    }
    entry.chunks.forEach(function (chunk) {
      var block = document.createElement("div");
      block.className = "chunk" + (chunk.size * 10 < index.chunkSize ? " small" : "");
      block.dataset.chunk = chunk.partIndex;
      var label = "chunk " + chunk.partIndex + " · " + chunk.size + " " + unit;
      var meta = document.createElement("div");
      meta.className = "meta";
      meta.textContent = label;
      if (chunk.headingPath) {
        label += "\n" + chunk.headingPath;
        var path = document.createElement("div");
        path.className = "heading-path";
        path.textContent = chunk.headingPath;
        meta.appendChild(path);
      }
      block.title = label;
      var text = document.createElement("div");
      text.className = "text";
      // What the chunk carries from before its start (its heading path, a
      // table's header, a fence) and after its end, dimmed.
      [[chunk.prefix, "carried"], [chunk.text, ""], [chunk.suffix, "carried"]].forEach(function (part) {
        if (!part[0]) return;
        var span = document.createElement("span");
        if (part[1]) span.className = part[1];
        span.textContent = part[0];
        text.appendChild(span);
      });
      block.appendChild(meta);
      block.appendChild(text);
      fragment.appendChild(block);
    });
    chunksView.replaceChildren(fragment);
    document.body.dataset.selected = n;
  }

  function fromHash() {
    var match = /doc=(\d+)/.exec(location.hash);
    var n = match ? Number(match[1]) : 0;
    select(n < docs.length ? n : 0);
  }

  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
