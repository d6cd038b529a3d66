// Haven's web board: every action posts to the server and gets back the
// table as the viewing seat sees it; the page never holds more than that.
(function () {
  "use strict";
  var game = document.body.dataset.game;
  var version = +document.body.dataset.version;
  var table = document.getElementById("table");
  var last = null; // the last answer of the server
  var auto = false; // play the bots on, one move at a time

  function show(a) {
    last = a;
    version = a.version;
    table.innerHTML = a.html;
    var box = document.getElementById("autoplay");
    if (box) box.checked = auto;
    if (auto && a.botTurn && !a.finished) setTimeout(function () { if (auto) post("bot"); }, 350);
  }

  function post(what, body) {
    return fetch("/games/" + game + "/" + what, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body || {})
    }).then(answer);
  }

  function answer(r) {
    if (!r.ok) return r.text().then(function (t) { alert(t); });
    return r.json().then(show);
  }

  function refresh() {
    return fetch("/games/" + game + "/state").then(answer);
  }

  // Clicking a space or a piece of the board plays the move that names
  // it; when several do, they are picked out among the moves.
  function clickNode(id) {
    var buttons = Array.prototype.slice.call(document.querySelectorAll("button.move"));
    var named = buttons.filter(function (b) {
      return (" " + b.dataset.nodes + " ").indexOf(" " + id + " ") >= 0;
    });
    if (named.length === 1) return post("move", {move: named[0].dataset.move});
    buttons.forEach(function (b) { b.classList.toggle("picked", named.indexOf(b) >= 0); });
    buttons.forEach(function (b) { b.classList.toggle("dim", named.length > 0 && named.indexOf(b) < 0); });
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    var move = t.closest && t.closest("button.move");
    if (move) return post("move", {move: move.dataset.move});
    var act = t.closest && t.closest("button[data-act]");
    if (act) return post(act.dataset.act);
    var node = t.closest && t.closest("g.node.target");
    if (node) return clickNode(node.dataset.node);
    var piece = t.closest && t.closest("g.piece.target");
    if (piece) return clickNode(piece.dataset.piece);
  });

  document.addEventListener("change", function (e) {
    if (e.target.id === "autoplay") {
      auto = e.target.checked;
      if (auto && last && last.botTurn) post("bot");
    }
    if (e.target.id === "loadsave" && e.target.files.length) {
      e.target.files[0].text().then(function (text) {
        return fetch("/games/" + game + "/load", {method: "POST", headers: {"Content-Type": "application/json"}, body: text});
      }).then(answer);
    }
  });

  document.getElementById("newgame").addEventListener("submit", function (e) {
    e.preventDefault();
    var f = e.target;
    var n = +f.players.value;
    var bots = [];
    var spec = f.bots.value.trim();
    if (spec === "all") for (var i = 0; i < n; i++) bots.push(i);
    else if (spec) bots = spec.split(",").map(function (s) { return +s.trim(); });
    auto = false;
    post("new", {players: n, seed: f.seed.value === "" ? 0 : +f.seed.value, bots: bots, bot: f.bot.value});
  });

  // The server says when a table changed (a definition saved on disk, a
  // move from another tab): fetch the table again.
  if (window.EventSource) {
    var es = new EventSource("/games/" + game + "/events");
    es.onmessage = function (e) { if (+e.data !== version) refresh(); };
  }
  refresh();
})();
