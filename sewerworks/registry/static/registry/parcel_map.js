// The parcel map: Leaflet with no tile server. Draws the improvement area, the parcel, the public
// sewer mains near it, the neighbouring lots of its block and the discharge point from
// /registry/parcels/<id>/map.json (lon/lat GeoJSON).
(function () {
  "use strict";
  var el = document.getElementById("parcel-map");
  if (!el || typeof L === "undefined") { return; }
  var map = L.map(el, { attributionControl: false, zoomSnap: 0.25 });
  var styles = {
    area: { color: "#0b3d6e", weight: 2, dashArray: "6 4", fillOpacity: 0.04 },
    parcel: { color: "#b35900", weight: 3, fillColor: "#f0a04b", fillOpacity: 0.35 },
    main: { color: "#1d1d1d", weight: 4 },
    neighbour: { color: "#6c757d", weight: 1, fillColor: "#adb5bd", fillOpacity: 0.15 }
  };
  fetch(el.dataset.src, { credentials: "same-origin" })
    .then(function (r) { return r.json(); })
    .then(function (data) {
      var parcelLayer = null;
      var all = L.geoJSON(data, {
        style: function (f) { return styles[f.properties.layer] || {}; },
        pointToLayer: function (f, latlng) {
          return L.circleMarker(latlng, { radius: 7, color: "#0a6b2d", weight: 3, fillColor: "#32c36c", fillOpacity: 0.9 });
        },
        onEachFeature: function (f, layer) {
          layer.bindTooltip(f.properties.name || f.properties.layer);
          if (f.properties.layer === "parcel") { parcelLayer = layer; }
        }
      }).addTo(map);
      var target = parcelLayer || all;
      if (target.getBounds && target.getBounds().isValid()) {
        map.fitBounds(target.getBounds().pad(parcelLayer ? 2.5 : 0.1));
      } else {
        map.setView([41.63, -73.97], 13);
      }
      el.setAttribute("data-loaded", "true");
    })
    .catch(function () { el.textContent = "The map could not be loaded."; });
})();
