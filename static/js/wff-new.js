// We Forlorn Few's new game: the terrain typed one tile per line ("CF Cedar Falls cost 1 1 0 ->
// W1 F1"), written as the `terrain` JSON the referee reads. Without it the JSON field is typed.
"use strict";
(() => {
  const json = document.querySelector("textarea[name='options.terrain']");
  const help = document.getElementById("wff-tiles-help");
  if (!json || !help) return;
  json.closest(".field").before(help.content.cloneNode(true));
  const lines = document.getElementById("wff-tiles");
  const error = document.getElementById("wff-tiles-error");
  const KINDS = ["Cedar Falls", "Newhaven", "Badlands", "Canyon", "Desert", "Forest", "Mountain", "Prairie", "Wetlands"];
  function tile(line) {
    let [head, next] = line.split("->");
    const words = head.trim().split(/\s+/);
    const out = {name: words.shift(), adjacent: (next || "").trim().split(/[\s,]+/).filter(Boolean)};
    let rest = words.join(" ");
    const kind = KINDS.find(k => rest.toLowerCase().startsWith(k.toLowerCase()));
    if (rest.startsWith("?")) { out.face_up = false; rest = rest.slice(1); }
    else if (kind) { out.kind = kind; rest = rest.slice(kind.length); }
    else throw new Error(`${out.name}: say its terrain (${KINDS.join(", ")}) or ? for face down`);
    const cost = rest.match(/cost\s+(\d+)\s+(\d+)\s+(\d+)/);
    if (cost) out.travel_cost = {food: +cost[1], water: +cost[2], wood: +cost[3]};
    const gather = rest.match(/gather((?:\s+(?:food|water|wood))+)/i);
    if (gather) out.resources = gather[1].trim().toLowerCase().split(/\s+/);
    else if (out.kind && !KINDS.slice(0, 2).includes(out.kind)) out.resources = [];
    if (/\bpost\b/.test(rest)) out.trading_post = true;
    return out;
  }
  lines.addEventListener("input", () => {
    try {
      const tiles = lines.value.split("\n").map(l => l.trim()).filter(Boolean).map(tile);
      json.value = tiles.length ? JSON.stringify(tiles) : "";
      error.hidden = true;
    } catch (wrong) { error.textContent = wrong.message; error.hidden = false; }
  });
})();
