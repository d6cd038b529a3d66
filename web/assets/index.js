// The index of a server: a new table of a game is asked for by a POST
// with the server's page token, and opened with its form for a new game.
(function () {
  "use strict";
  var token = document.querySelector('meta[name="haven-token"]').content;
  var busy = false;
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button.newtable");
    if (!b || busy) return;
    busy = true;
    b.disabled = true;
    fetch("/games/" + b.dataset.game + "/tables", {
      method: "POST", headers: {"X-Haven-Token": token, "Content-Type": "application/json"}, body: "{}"
    }).then(function (r) {
      return r.json().then(function (a) {
        if (r.ok) { location.href = a.url + "#new"; return; }
        var m = document.getElementById("message");
        m.textContent = a.error || ("error " + r.status);
        m.hidden = false;
      });
    }).catch(function (err) {
      var m = document.getElementById("message");
      m.textContent = "the server did not answer: " + err;
      m.hidden = false;
    }).then(function () { busy = false; b.disabled = false; });
  });
})();
