// The contract-user candidates map: Leaflet with no tile server. Draws both area boundaries and every
// candidate from /contracts/candidates/map.json, each in the style of its outcome (see candidates.css);
// every drawn parcel carries data-tax-map and data-outcome, as the table beside it does.
(function () {
  "use strict";
  var el = document.getElementById("candidates-map");
  if (!el || typeof L === "undefined") { return; }
  var map = L.map(el, { attributionControl: false, zoomSnap: 0.25 });
  var area = { color: "#0b3d6e", weight: 2, dashArray: "6 4", fillOpacity: 0.03 };
  fetch(el.dataset.src, { credentials: "same-origin" })
    .then(function (r) { return r.json(); })
    .then(function (data) {
      var drawn = [];
      var all = L.geoJSON(data, {
        style: function (f) {
          if (f.properties.layer === "area") { return area; }
          return { className: "cu-parcel cu-" + f.properties.outcome, weight: 2, fillOpacity: 0.45 };
        },
        onEachFeature: function (f, layer) {
          layer.bindTooltip(f.properties.name || f.properties.layer);
          if (f.properties.layer === "candidate") { drawn.push([f, layer]); }
        }
      }).addTo(map);
      // Leaflet draws the layers once the map has a view: set it first, then label what was drawn.
      if (all.getBounds().isValid()) { map.fitBounds(all.getBounds().pad(0.05)); } else { map.setView([41.63, -73.97], 13); }
      drawn.forEach(function (pair) {
        var path = pair[1].getElement && pair[1].getElement();
        if (path) {
          path.setAttribute("data-tax-map", pair[0].properties.tax_map);
          path.setAttribute("data-outcome", pair[0].properties.outcome);
        }
      });
      el.setAttribute("data-loaded", "true");
      el.setAttribute("data-candidates", String(drawn.length));
    })
    .catch(function () { el.textContent = "The map could not be loaded."; });
})();
