// Drawing a parcel's boundary and discharge point on the map of its edit page (Leaflet + leaflet-geoman,
// both vendored under core/static/vendor/). The form's text fields marked data-draw="polygon" and
// data-draw="discharge_point" stay the record: drawing fills them (WKT in EPSG:2260 US survey feet), and
// typing or pasting in them redraws the map. The map works in longitude/latitude; the server converts
// both ways with pyproj and checks the geometry as the form will on save (registry/views/draw.py).
// Without JavaScript the fields are plain text and nothing here runs.
(function () {
  "use strict";
  var el = document.getElementById("draw-map");
  if (!el || typeof L === "undefined" || !L.PM) { return; }
  var form = el.closest("form");
  var fields = {};
  form.querySelectorAll("[data-draw]").forEach(function (f) { fields[f.dataset.draw] = f; });
  var tools = document.getElementById("draw-tools");
  var statusEl = document.getElementById("draw-status");
  var STYLE = {
    boundary: { color: "#b35900", weight: 3, fillColor: "#f0a04b", fillOpacity: 0.35 },
    area: { color: "#0b3d6e", weight: 2, dashArray: "6 4", fillOpacity: 0.04, interactive: false },
    main: { color: "#1d1d1d", weight: 4, interactive: false },
    neighbour: { color: "#6c757d", weight: 1, fillColor: "#adb5bd", fillOpacity: 0.15, interactive: false },
    other: { color: "#6c757d", weight: 1, fillColor: "#adb5bd", fillOpacity: 0.15, interactive: false }
  };
  var layers = { polygon: null, discharge_point: null };
  var seq = { polygon: 0, discharge_point: 0 };
  var placingPoint = false;

  el.textContent = "";
  var map = L.map(el, { attributionControl: false, zoomSnap: 0.25, doubleClickZoom: false });
  map.setView([41.6, -73.97], 14);  // the town, until the parcel's own layers are known
  map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false, finishOnEnter: true });
  map.pm.setPathOptions(STYLE.boundary);

  function say(text, isError) {
    statusEl.textContent = text;
    statusEl.classList.toggle("text-danger", !!isError);
  }

  // Geoman's corner handles are Leaflet markers (role=button, focusable) with no name: give them one.
  map.on("layeradd", function (e) {
    var icon = e.layer instanceof L.Marker ? e.layer.getElement() : null;
    if (!icon || icon.hasAttribute("aria-label")) { return; }
    var middle = icon.classList.contains("marker-icon-middle");
    icon.setAttribute("aria-label", middle ? "Drag to add a corner here" :
      "Corner of the boundary: drag to move it, right-click to delete it");
  });

  function convert(field, params) {
    var q = new URLSearchParams(params);
    q.set("field", field);
    var mine = ++seq[field];
    return fetch(el.dataset.convert + "?" + q.toString(), {
      credentials: "same-origin", headers: { Accept: "application/json" }
    }).then(function (r) {
      return r.json().then(function (body) {
        if (mine !== seq[field]) { throw new Error("stale"); }  // a later edit answered first
        if (!r.ok) { throw new Error(body.error || "The server refused the geometry."); }
        return body;
      });
    });
  }

  function failed(err) { if (err.message !== "stale") { say(err.message, true); } }

  function describe(field, body) {
    if (field === "discharge_point") { return "Discharge point " + body.wkt + "."; }
    var acres = body.area_sq_ft / 43560;
    return "Boundary: " + Math.round(body.area_sq_ft).toLocaleString("en-US") + " sq ft (" +
      acres.toFixed(2) + " acres).";
  }

  // --- what the map shows -> the text ----------------------------------------------------------------
  function drawn(field) {
    var layer = layers[field];
    if (!layer) { fields[field].value = ""; return; }
    // toGeoJSON(false): full precision (Leaflet's default 6 decimals of a degree would move every corner ~0.3 ft)
    convert(field, { lonlat: JSON.stringify(layer.toGeoJSON(false).geometry) }).then(function (body) {
      fields[field].value = body.wkt;
      say(describe(field, body), false);
    }).catch(failed);
  }

  function setBoundary(layer) {
    if (layers.polygon) { map.removeLayer(layers.polygon); }
    layers.polygon = layer;
    if (!layer) { return; }
    layer.setStyle(STYLE.boundary);
    layer.addTo(map);
    layer.pm.enable({ allowSelfIntersection: false, removeVertexOn: "contextmenu" });
    layer.on("pm:edit", function () { drawn("polygon"); });
  }

  function setPoint(latlng) {
    if (layers.discharge_point) { map.removeLayer(layers.discharge_point); }
    layers.discharge_point = null;
    if (!latlng) { return; }
    var marker = L.marker(latlng, { draggable: true, pmIgnore: true, alt: "Discharge point: drag to move it",
      title: "Discharge point" }).addTo(map);
    marker.on("dragend", function () { drawn("discharge_point"); });
    layers.discharge_point = marker;
  }

  map.on("pm:create", function (e) {
    if (e.shape !== "Polygon") { return; }
    map.removeLayer(e.layer);
    setBoundary(L.polygon(e.layer.getLatLngs()));
    drawn("polygon");
  });
  map.on("pm:drawstart", function () { showDrawing(true); });
  map.on("pm:drawend", function () { showDrawing(false); });
  map.on("click", function (e) {
    if (!placingPoint) { return; }
    placing(false);
    setPoint(e.latlng);
    drawn("discharge_point");
  });

  // --- the text -> the map ----------------------------------------------------------------------------
  function typed(field, fit) {
    var text = fields[field].value.trim();
    if (!text) {
      if (field === "polygon") { setBoundary(null); } else { setPoint(null); }
      seq[field]++;
      return Promise.resolve(null);
    }
    return convert(field, { wkt: text }).then(function (body) {
      var shape = L.geoJSON(body.geojson).getLayers()[0];
      if (field === "polygon") {
        setBoundary(L.polygon(shape.getLatLngs()));
      } else {
        setPoint(shape.getLatLng());
      }
      if (fit) { fitTo(layers[field]); }
      say(describe(field, body), false);
      return layers[field];
    }).catch(failed);
  }

  function fitTo(layer) {
    if (!layer) { return; }
    if (layer.getBounds) { map.fitBounds(layer.getBounds().pad(1.5)); } else { map.setView(layer.getLatLng(), 19); }
  }

  Object.keys(fields).forEach(function (field) {
    var timer = null;
    fields[field].addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { typed(field, true); }, 400);
    });
  });

  // --- the buttons ------------------------------------------------------------------------------------
  function button(action) { return tools.querySelector('[data-draw-action="' + action + '"]'); }
  function showDrawing(on) {
    button("finish-polygon").hidden = !on;
    button("cancel").hidden = !on && !placingPoint;
    button("draw-polygon").hidden = on;
  }
  function placing(on) {
    placingPoint = on;
    el.style.cursor = on ? "crosshair" : "";
    button("cancel").hidden = !on;
    if (on) { say("Click the map where the sewage leaves (or would leave) the property.", false); }
  }

  tools.addEventListener("click", function (e) {
    var action = e.target.closest("[data-draw-action]");
    if (!action) { return; }
    switch (action.dataset.drawAction) {
      case "draw-polygon":
        placing(false);
        map.pm.enableDraw("Polygon", { allowSelfIntersection: false, finishOnEnter: true });
        say("Click each corner of the boundary; click the first corner again (or Finish) to close it.", false);
        break;
      case "finish-polygon":
        map.pm.Draw.Polygon._finishShape();  // what clicking the first corner does (needs 3 corners)
        break;
      case "cancel":
        map.pm.disableDraw();
        placing(false);
        showDrawing(false);
        say("", false);
        break;
      case "clear-polygon":
        setBoundary(null);
        fields.polygon.value = "";
        say("Boundary removed (saved only when you press Save).", false);
        break;
      case "place-point":
        map.pm.disableDraw();
        placing(true);
        break;
      case "clear-point":
        setPoint(null);
        fields.discharge_point.value = "";
        say("Discharge point removed (saved only when you press Save).", false);
        break;
    }
  });

  // --- start: the reference layers, then what the fields hold -----------------------------------------
  var context = L.featureGroup().addTo(map);
  fetch(el.dataset.src, { credentials: "same-origin" })
    .then(function (r) { return r.json(); })
    .then(function (data) {
      var saved = null;
      L.geoJSON(data, {
        filter: function (f) { return f.properties.layer !== "discharge"; },
        style: function (f) { return STYLE[f.properties.layer] || STYLE.other; },
        pmIgnore: true,
        onEachFeature: function (f, layer) {
          if (f.properties.layer === "parcel") { saved = layer; return; }
          context.addLayer(layer);
        }
      });
      return Promise.all([typed("polygon", false), typed("discharge_point", false)]).then(function (shown) {
        var target = shown[0] || shown[1] || saved;
        if (target) { fitTo(target); } else if (context.getLayers().length) {
          map.fitBounds(context.getBounds());
        }
      });
    })
    .catch(function () { say("The reference layers could not be loaded; drawing still works.", true); })
    .finally(function () {
      tools.hidden = false;
      el.setAttribute("data-loaded", "true");
    });
})();
