/* The API docs page: Swagger UI started from the JSON settings (no inline script, CSP script-src 'self'),
   the CSRF token added to the "Try it out" requests of a signed-in session, and, as Swagger UI renders,
   its interactive controls kept from nesting (axe "nested-interactive"): an operation's summary is a
   button that holds a link to the operation (its path); the link is moved to just after the button. */
(function () {
  "use strict";
  var body = document.body.dataset;
  var config = JSON.parse(document.getElementById("swagger-settings").textContent);
  config.dom_id = "#swagger-ui";
  config.presets = [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset];
  if (body.apiCsrf && body.csrfToken) {
    config.requestInterceptor = function (req) {
      req.headers["X-CSRFToken"] = body.csrfToken;
      return req;
    };
  }
  SwaggerUIBundle(config);

  var INTERACTIVE = "button, a[href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

  function unnest(root) {
    root.querySelectorAll("button, [role='button'], a[href]").forEach(function (outer) {
      var after = outer;
      outer.querySelectorAll(INTERACTIVE).forEach(function (inner) {
        if (inner === outer || !outer.contains(inner)) return;
        // The operation's path is a link inside the summary button: it goes right after the button.
        after.parentNode.insertBefore(inner, after.nextSibling);
        after = inner;
      });
    });
  }

  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      unnest(document.getElementById("swagger-ui"));
    });
  }).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
})();
