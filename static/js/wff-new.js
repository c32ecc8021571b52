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
  function line(t) {
    let out = `${t.name} ${t.face_up === false ? "?" : t.kind}`;
    const cost = t.travel_cost;
    if (cost) out += ` cost ${cost.food} ${cost.water} ${cost.wood}`;
    if (t.resources && t.resources.length) out += ` gather ${t.resources.join(" ")}`;
    if (t.trading_post) out += " post";
    if (t.adjacent && t.adjacent.length) out += ` -> ${t.adjacent.join(" ")}`;
    return out;
  }
  function canonical(value) {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.keys(value).sort().reduce((o, k) => { o[k] = canonical(value[k]); return o; }, {});
    }
    return value;
  }
  // A form drawn again after a refusal keeps the terrain's JSON: its lines are written back into the
  // box, so a line added then does not rewrite the terrain from that line alone. A terrain the lines
  // cannot say exactly stays editable as JSON only.
  if (json.value.trim() && !lines.value.trim()) {
    try {
      const tiles = JSON.parse(json.value);
      const text = tiles.map(line).join("\n");
      const again = text.split("\n").map(tile);
      if (JSON.stringify(canonical(again)) !== JSON.stringify(canonical(tiles))) throw new Error();
      lines.value = text;
    } catch (wrong) {
      lines.disabled = true;
      error.textContent = "The terrain below says more than tile lines can: edit its JSON.";
      error.hidden = false;
    }
  }
  lines.addEventListener("input", () => {
    try {
      const tiles = lines.value.split("\n").map(l => l.trim()).filter(Boolean).map(tile);
      json.value = tiles.length ? JSON.stringify(tiles) : "";
      error.hidden = true;
    } catch (wrong) { error.textContent = wrong.message; error.hidden = false; }
  });
})();
