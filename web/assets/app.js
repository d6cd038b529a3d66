// Haven's web board: every action posts to the server and gets back the
// table as the page's seat sees it; the page never holds more than that.
// Each request names the revision of the table the page shows and the
// page's seat: the server refuses one the table has moved past (409),
// and the page is drawn again. While a request is in flight every
// button is disabled, and the second click of a double click is
// ignored: a double click plays one move.
(function () {
  "use strict";
  var game = document.body.dataset.game;
  // The table's own address: every request of the page goes under it.
  var base = document.body.dataset.base;
  var token = document.querySelector('meta[name="haven-token"]').content;
  var isPublic = !!document.body.dataset.public;
  var table = document.getElementById("table");
  var last = {rev: +document.body.dataset.rev, viewer: -1}; // the last answer of the server
  var busy = false; // a request is in flight
  var stale = false; // the table changed while it was

  // A public server's seat is held by its secret, kept for this server
  // (its token) and table.
  var seatKey = "haven-seat:" + base;
  function heldSeat() {
    if (!isPublic) return null;
    try {
      var s = JSON.parse(localStorage.getItem(seatKey) || "null");
      return s && s.token === token ? s : null;
    } catch (e) { return null; }
  }
  function headers(json) {
    var h = {"X-Haven-Token": token};
    if (json) h["Content-Type"] = "application/json";
    var s = heldSeat();
    if (s) h["X-Haven-Seat"] = s.seat + " " + s.secret;
    return h;
  }

  function setBusy(on) {
    busy = on;
    document.body.classList.toggle("busy", on);
    // The replay's button stays live: it pauses a replay under way.
    document.querySelectorAll("button:not(#replay), #loadsave, #autoplay").forEach(function (b) {
      if (on) { b.dataset.wasDisabled = b.disabled ? "1" : ""; b.disabled = true; }
      else if (b.dataset.wasDisabled !== undefined) { b.disabled = b.dataset.wasDisabled === "1"; delete b.dataset.wasDisabled; }
    });
  }

  function say(text) {
    var m = document.getElementById("message");
    if (!m) return;
    m.textContent = text || "";
    m.hidden = !text;
  }

  function show(a) {
    var before = last;
    last = a;
    table.innerHTML = a.html;
    if (a.state !== undefined) { stateText = a.state; showState(); }
    else if (design && !design.hidden) inspect();
    var go = document.getElementById("goto");
    if (go && document.activeElement !== go) go.value = a.at;
    if (viewAs === "" && !replaying) handOff(before, a);
    if (logQuery) {
      var box = document.getElementById("logsearch");
      if (box) box.value = logQuery;
      searchLog();
    }
  }

  // Hot-seat: two persons or more at one screen. When the seat to move
  // changes, the page is covered until the next person says they sit.
  var handoff = document.getElementById("handoff");
  var design = document.getElementById("design");
  function handOff(before, a) {
    if (isPublic || !handoff || a.humans < 2 || a.finished) { if (handoff) handoff.hidden = true; return; }
    if (before && before.viewer >= 0 && a.viewer >= 0 && before.viewer !== a.viewer && before.game) {
      document.getElementById("handoff-who").textContent = a.viewerLabel;
      handoff.hidden = false;
      document.getElementById("handoff-go").focus();
    }
  }
  if (handoff) document.getElementById("handoff-go").addEventListener("click", function () { handoff.hidden = true; });

  // The log: a search over the whole of it, and its earlier pages, are
  // asked of the server, as the page's seat may read them.
  var logQuery = "";
  function logURL(before) {
    var q = base + "/log?q=" + encodeURIComponent(logQuery);
    if (before) q += "&before=" + before;
    return q;
  }
  function fetchLog(before) {
    return fetch(logURL(before), {headers: headers(false)}).then(function (r) { return r.ok ? r.json() : null; });
  }
  function setMore(more) {
    var b = document.getElementById("logmore");
    if (!b) return;
    b.dataset.before = more || 0;
    b.hidden = !more;
  }
  var searchTimer = null;
  function searchLog() {
    var asked = logQuery;
    return fetchLog(0).then(function (a) {
      if (!a || asked !== logQuery) return;
      document.getElementById("log").innerHTML = a.html;
      setMore(a.more);
    });
  }
  document.addEventListener("input", function (e) {
    if (e.target.id === "statesearch") return showState();
    if (e.target.id !== "logsearch") return;
    logQuery = e.target.value.trim();
    clearTimeout(searchTimer);
    searchTimer = setTimeout(searchLog, 200);
  });

  // request sends one request at a time and draws its answer; a refused
  // one is said, and the table fetched again.
  function request(url, opts) {
    if (busy) return Promise.resolve();
    setBusy(true);
    var said = "";
    return fetch(url, opts).then(function (r) {
      return r.text().then(function (text) {
        var a;
        try { a = JSON.parse(text); } catch (e) { a = {error: text}; }
        if (r.ok) { show(a); if (a.secret) keepSeat(a); return; }
        said = a.error || ("error " + r.status);
        if (r.status === 403 && isPublic && heldSeat()) localStorage.removeItem(seatKey);
        return fetch(base + "/state", {headers: headers(false)})
          .then(function (r2) { return r2.ok ? r2.json().then(show) : null; });
      });
    }).catch(function (e) {
      said = "the server did not answer: " + e;
    }).then(function () {
      setBusy(false);
      say(said);
      if (stale) { stale = false; refresh(); }
    });
  }

  function post(what, body) {
    body = body || {};
    body.rev = last.rev;
    // Viewed as another seat, the page still acts as its own.
    body.seat = last.seat !== undefined ? last.seat : last.viewer;
    return request(base + "/" + what, {method: "POST", headers: headers(true), body: JSON.stringify(body)});
  }

  // The design view (a server of this machine): the table as any seat
  // sees it, and the state in full, searchable.
  var viewAs = "";
  var stateText = "";
  function refresh() {
    if (viewAs !== "") return request(base + "/inspect?as=" + viewAs, {headers: headers(false)});
    return request(base + "/state", {headers: headers(false)});
  }
  function showState() {
    var pre = document.getElementById("state");
    if (!pre) return;
    var q = document.getElementById("statesearch").value.trim().toLowerCase();
    var lines = stateText.split("\n");
    if (q) lines = lines.map(function (l, i) { return (i + 1) + ": " + l; }).filter(function (l) { return l.toLowerCase().indexOf(q) >= 0; });
    pre.textContent = lines.join("\n");
  }
  function inspect() {
    return fetch(base + "/inspect?as=" + (viewAs === "" ? last.viewer : viewAs), {headers: headers(false)})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (a) {
        if (!a) return;
        stateText = a.state;
        showState();
        if (viewAs !== "") show(a);
      });
  }

  // Replay (the design view): from move 0 or the position shown to the
  // end of the line, a move at a time at the chosen speed, until the end
  // or a pause. Each step waits for the last one's answer; the next is
  // due one interval after the last was due, so a slow answer does not
  // slow the replay down.
  var replaying = false, replayTimer = null, replayDue = 0;
  function replayButton() {
    var b = document.getElementById("replay");
    if (!b) return;
    b.textContent = replaying ? "❚❚ Pause" : "▶ Replay";
    b.setAttribute("aria-pressed", String(replaying));
  }
  function stopReplay(why) {
    replaying = false;
    clearTimeout(replayTimer);
    replayButton();
    if (why) say(why);
  }
  function replayStep() {
    if (!replaying) return;
    if (last.at >= last.line) return stopReplay();
    var interval = 1000 / +document.getElementById("replayspeed").value;
    post("jump", {to: last.at + 1, design: true}).then(function () {
      if (!replaying) return;
      if (document.getElementById("message").textContent) return stopReplay();
      if (last.at >= last.line) return stopReplay();
      replayDue = Math.max(replayDue + interval, Date.now());
      replayTimer = setTimeout(replayStep, replayDue - Date.now());
    });
  }
  function startReplay() {
    replaying = true;
    replayButton();
    say("");
    var first = document.getElementById("replayfrom").value === "start" && last.at > 0
      ? post("jump", {to: 0, design: true}) : Promise.resolve();
    first.then(function () {
      if (!replaying) return;
      replayDue = Date.now() + 1000 / +document.getElementById("replayspeed").value;
      replayTimer = setTimeout(replayStep, replayDue - Date.now());
    });
  }

  // A table whose game is over is closed at its page's request; the
  // page then goes to the index. tableClosed says so on every page of a
  // table closed, by a page or for being idle.
  function closeTable() {
    return postAndGo(base + "/close", {rev: last.rev, seat: last.seat !== undefined ? last.seat : last.viewer});
  }
  // postAndGo posts body to url and goes to the address the answer
  // names, or says why not.
  function postAndGo(url, body) {
    if (busy) return;
    setBusy(true);
    var said = "";
    return fetch(url, {method: "POST", headers: headers(true), body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().then(function (a) {
          if (r.ok) { location.href = a.url; return; }
          said = a.error || ("error " + r.status);
        });
      }).catch(function (e) {
        said = "the server did not answer: " + e;
      }).then(function () { setBusy(false); say(said); });
  }
  function tableClosed() {
    say("This table is closed: the open tables are listed on the first page.");
    document.querySelectorAll("#table button").forEach(function (b) { b.disabled = true; });
  }

  function keepSeat(a) {
    localStorage.setItem(seatKey, JSON.stringify({token: token, seat: a.viewer, secret: a.secret}));
  }

  function move(text) {
    var body = {move: text};
    if (last.at < last.line) {
      if (!confirm("This replaces the " + (last.line - last.at) + " moves after this one. Play it?")) return;
      body.replace = true;
    }
    return post("move", body);
  }

  // Clicking a space or a piece of the board plays the move that names
  // it; when several do, they are picked out among the moves.
  function clickNode(id) {
    var buttons = Array.prototype.slice.call(document.querySelectorAll("button.move"));
    var named = buttons.filter(function (b) {
      return (" " + b.dataset.nodes + " ").indexOf(" " + id + " ") >= 0;
    });
    if (named.length === 1) return move(named[0].dataset.move);
    buttons.forEach(function (b) { b.classList.toggle("picked", named.indexOf(b) >= 0); });
    buttons.forEach(function (b) { b.classList.toggle("dim", named.length > 0 && named.indexOf(b) < 0); });
  }

  // The second click of a double click (detail 2) is no new click: it
  // would land on the next player's move drawn in the same place.
  document.addEventListener("click", function (e) {
    var t = e.target;
    if (t.id === "replay") return replaying ? stopReplay() : startReplay();
    if (busy || e.detail > 1) return;
    var mv = t.closest && t.closest("button.move");
    if (mv) return move(mv.dataset.move);
    var claim = t.closest && t.closest("button.claim");
    if (claim) return request(base + "/claim", {
      method: "POST", headers: headers(true), body: JSON.stringify({rev: last.rev, seat: +claim.dataset.seat})
    });
    var act = t.closest && t.closest("button[data-act]");
    if (act && act.dataset.act === "close") return closeTable();
    if (act && act.dataset.act === "leave") {
      return post("leave").then(function () { localStorage.removeItem(seatKey); refresh(); });
    }
    if (act) return post(act.dataset.act);
    if (t.id === "logmore") {
      return fetchLog(+t.dataset.before).then(function (a) {
        if (!a) return;
        document.getElementById("log").insertAdjacentHTML("beforeend", a.html);
        setMore(a.more);
      });
    }
    if (t.id === "designtoggle") {
      var d = document.getElementById("design");
      d.hidden = !d.hidden;
      t.setAttribute("aria-expanded", String(!d.hidden));
      if (!d.hidden) inspect();
      return;
    }
    if (t.id === "gotogo") return post("jump", {to: +document.getElementById("goto").value, design: true});
    if (t.id === "newtoggle") {
      var f = document.getElementById("newgame");
      f.hidden = !f.hidden;
      t.setAttribute("aria-expanded", String(!f.hidden));
      return;
    }
    var head = t.closest && t.closest("ol.log .lhead");
    if (head) return post("jump", {to: +head.parentNode.dataset.move});
    var node = t.closest && t.closest("g.node.target");
    if (node) return clickNode(node.dataset.node);
    var piece = t.closest && t.closest("g.piece.target");
    if (piece) return clickNode(piece.dataset.piece);
  });

  document.addEventListener("change", function (e) {
    if (e.target.id === "viewas") {
      viewAs = e.target.value;
      return viewAs === "" ? refresh() : inspect();
    }
    if (e.target.id === "autoplay") {
      post("auto", {run: e.target.checked});
    }
    if (e.target.id === "loadsave" && e.target.files.length) {
      e.target.files[0].text().then(function (text) {
        return post("load", {save: text});
      });
      e.target.value = "";
    }
  });

  // The form for a new game: a box per seat for the bot, the options
  // of the bot kind chosen, the variants and options of the game.
  var form = document.getElementById("newgame");
  function syncForm() {
    if (!form) return;
    var n = +form.players.value;
    form.querySelectorAll(".seatbox").forEach(function (l) { l.hidden = +l.dataset.seat >= n; });
    form.querySelectorAll(".botopts").forEach(function (s) { s.hidden = s.dataset.bot !== form.bot.value; });
  }
  if (form) {
    syncForm();
    form.addEventListener("input", syncForm);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var n = +form.players.value;
      var bots = [];
      for (var i = 0; i < n; i++) {
        var box = form.elements["bot" + i];
        if (box && box.checked) bots.push(i);
      }
      var spec = form.bot.value;
      var opts = form.querySelector('.botopts[data-bot="' + spec + '"]');
      if (opts) opts.querySelectorAll("input").forEach(function (inp) {
        if (inp.value !== "") spec += ":" + inp.name.slice(4) + "=" + inp.value;
      });
      var variants = [];
      form.querySelectorAll('input[name="variant"]:checked').forEach(function (v) { variants.push(v.value); });
      var options = {};
      form.querySelectorAll('select[name="option"]').forEach(function (o) { options[o.dataset.option] = o.value; });
      var setup = {players: n, seed: form.seed.value === "" ? 0 : +form.seed.value, bots: bots, bot: spec,
        variants: variants, options: options};
      if (e.submitter && e.submitter.id === "newtable") return newTable(setup);
      post("new", setup).then(function () {
        if (!document.getElementById("message").textContent) location.reload();
      });
    });
  }

  // A new game at a new table of the game: the page goes to it.
  function newTable(setup) {
    return postAndGo("/games/" + game + "/tables", setup);
  }
  // A table opened from the index comes with its form open.
  if (form && location.hash === "#new") {
    form.hidden = false;
    document.getElementById("newtoggle").setAttribute("aria-expanded", "true");
  }

  // The server says when the table changed (a move in another tab, the
  // bots, a definition saved on disk): fetch it again, once the request
  // in flight has its answer.
  if (window.EventSource) {
    var es = new EventSource(base + "/events");
    es.addEventListener("closed", function () { es.close(); tableClosed(); });
    es.onmessage = function (e) {
      if (+e.data === last.rev) return;
      if (busy) stale = true;
      else refresh();
    };
  }
  refresh();
})();
