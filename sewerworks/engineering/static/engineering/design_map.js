// The design map of an extension: Leaflet with no tile server (the registry's vendored copy). Draws the
// revision's pipes and manholes from /engineering/revisions/<id>/map.json (lon/lat GeoJSON); failing
// elements red and dashed, those for review amber. Each drawn element carries data-element, data-kind,
// data-status and data-requirements; a finding's button shows its element.
(function () {
  "use strict";
  var el = document.getElementById("design-map");
  if (!el || typeof L === "undefined") { return; }
  var map = L.map(el, { attributionControl: false, zoomSnap: 0.25 });
  // a design's review: failing red, for review amber, complying blue; a test section by its latest result
  var colours = { fails: "#b00020", review: "#9a6700", complies: "#0b3d6e", passed: "#146c2e", failed: "#b00020",
    untested: "#5c636a" };
  var layers = {};
  // What each kind of element is called: an outfall is not a manhole, an open channel not a pipe (I-143).
  var names = { pipe: "Pipe", manhole: "Manhole", outfall: "Outfall", storage: "Storage unit", divider: "Flow divider",
    channel: "Open channel", section: "Test section" };
  function style(f) {
    var s = f.properties.status;
    var bad = s === "fails" || s === "failed";
    return { color: colours[s] || "#0b3d6e", weight: bad ? 6 : 4, dashArray: bad ? "8 5" : null };
  }
  function show(kind, name) {
    var layer = layers[kind + ":" + name];
    document.querySelectorAll(".finding").forEach(function (row) {
      row.classList.toggle("selected", row.dataset.element === name);
    });
    if (!layer) { return; }
    if (layer.getBounds) { map.fitBounds(layer.getBounds().pad(0.5)); } else { map.setView(layer.getLatLng(), 18); }
    layer.openTooltip();
    el.setAttribute("data-selected", name);
  }
  fetch(el.dataset.src, { credentials: "same-origin" })
    .then(function (r) { return r.json(); })
    .then(function (data) {
      var all = L.geoJSON(data, {
        style: style,
        pointToLayer: function (f, latlng) {
          var s = style(f);
          return L.circleMarker(latlng, { radius: 6, color: s.color, weight: 3, fillColor: "#ffffff", fillOpacity: 1 });
        },
        onEachFeature: function (f, layer) {
          var p = f.properties;
          layers[p.layer + ":" + p.name] = layer;
          layer.bindTooltip((names[p.layer] || "Element") + " " + p.name + (p.requirements ? ": " + p.requirements : ""));
          layer.on("click", function () { show(p.layer, p.name); });
        }
      });
      // The map needs its view before its layers are drawn (and their elements exist).
      if (all.getBounds().isValid()) { map.fitBounds(all.getBounds().pad(0.1)); } else { map.setView([41.63, -73.97], 13); }
      all.addTo(map);
      all.eachLayer(function (layer) {
        var p = layer.feature.properties;
        var node = layer.getElement && layer.getElement();
        if (!node) { return; }
        node.setAttribute("data-element", p.name);
        node.setAttribute("data-kind", p.layer);
        node.setAttribute("data-status", p.status);
        node.setAttribute("data-requirements", p.requirements || "");
      });
      el.setAttribute("data-loaded", "true");
      el.setAttribute("data-count", String(data.features.length));
    })
    .catch(function () { el.textContent = "The map could not be loaded."; });
  document.querySelectorAll(".show-element").forEach(function (button) {
    button.addEventListener("click", function () { show(button.dataset.kind, button.dataset.element); });
  });
})();
